import { vi } from 'vitest';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type ApiCall = { method: string; url: string; body: unknown };

/** Replaces fetch: records every call (JSON bodies parsed, FormData kept) and answers with `answer`. */
export function fakeApi(answer: (call: ApiCall) => Response) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const raw = init?.body;
      const call = {
        method: init?.method ?? 'GET',
        url,
        body: typeof raw === 'string' ? JSON.parse(raw) : raw,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}
