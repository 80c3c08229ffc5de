import type { ErrorBody } from '@shared/schemas/common';
import { OFFLINE_COPY_HEADER } from './app-worker-messages';
import { noteOfflineCopy } from './offline-copies';
import { retryAfterMs, waitFor } from './retry-after';

/** A failed API call: the HTTP status and the server's error body (code and Hebrew message). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody>,
  ) {
    super(body.message ?? `HTTP ${status}`);
  }
  /** A signed-in call refused because the session ended: the session already said so, once (one toast). */
  sessionEnded = false;
  get fieldErrors() {
    return this.body.fieldErrors ?? {};
  }
}

/** Whether a failure is the end of the session, already announced: its own failure toast would be a second one. */
export const isSessionEnd = (err: unknown) => err instanceof ApiError && err.sessionEnded;

let onUnauthorized: (() => void) | undefined;

/** Called when a signed-in call answers 401 (session expired or revoked). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/** What the client reads of an answer: a fetch Response, or the server renderer's own answer to a direct read. */
export type ApiResponse = Pick<Response, 'ok' | 'status' | 'text'> & { headers: Pick<Headers, 'get'> };

/** How a request reaches the API: the browser's fetch, or the server's own router while it renders a page. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<ApiResponse>;
const browserTransport: ApiTransport = (url, init) => fetch(url, init);
let currentTransport: () => ApiTransport = () => browserTransport;

/**
 * The server renderer (entry-server.tsx) answers the page's queries in process, without a network hop. Renders
 * interleave on one server, each with its own reads, so it gives a function that finds the transport of the
 * render in progress, never one transport for all.
 */
export function setApiTransport(resolve: () => ApiTransport) {
  currentTransport = resolve;
}

type RequestOptions = {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  skipAuthHandler?: boolean;
  /** Extra headers, e.g. the Idempotency-Key of a write the phone app may send again. */
  headers?: Record<string, string>;
};

/** How many times a request the server could not take now (503 with Retry-After) is sent again. */
const RETRIES_AFTER_UNAVAILABLE = 2;

/**
 * Whether a 503 with Retry-After may be sent again: the server took none of it (overload, its database down),
 * so a read, or a write with an Idempotency-Key (stored once however often it arrives), is safe to repeat. Only
 * in the browser: the server's own renderer must not hold a page while it waits.
 */
function mayRetry(method: string, headers: Record<string, string> | undefined, transport: ApiTransport) {
  if (transport !== browserTransport) return false;
  if (method === 'GET' || method === 'HEAD') return true;
  return Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'idempotency-key');
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal } = options;
  const isForm = body instanceof FormData;
  const transport = currentTransport();
  const send = () =>
    transport(`/api/v1${path}`, {
      method,
      credentials: 'include',
      signal,
      headers: {
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  let response = await send();
  for (let retry = 0; retry < RETRIES_AFTER_UNAVAILABLE && response.status === 503; retry += 1) {
    const wait = retryAfterMs(response.headers.get('retry-after'));
    if (wait === undefined || !mayRetry(method, options.headers, transport)) break;
    await waitFor(wait, signal);
    response = await send();
  }
  noteOfflineCopy(path, response.headers.get(OFFLINE_COPY_HEADER));
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const error = new ApiError(response.status, (data as Partial<ErrorBody>) ?? { message: text });
    if (response.status === 401 && !options.skipAuthHandler && onUnauthorized) {
      error.sessionEnded = true;
      onUnauthorized();
    }
    throw error;
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}
