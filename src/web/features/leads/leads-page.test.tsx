import type { LeadsInbox } from '@shared/schemas/leads';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeadsPage } from './leads-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const lead = (id: string, status: 'failed' | 'sent', attempts: number) => ({
  _id: id,
  name: `פונה ${id}`,
  phone: '0541234567',
  category: 'קונה',
  createdAt: '2026-11-20T10:00:00.000Z',
  mail: {
    id: `mail-${id}`,
    status,
    attempts,
    lastError: status === 'failed' ? 'SMTP down' : null,
    sentAt: null,
  },
});

/** The inbox answers with one failed and one sent mail until the failed one is resent. */
function fakeApi() {
  let resent = false;
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(url);
        resent = true;
        return json(200, {
          status: 'success',
          data: { mail: { ...lead('l1', 'failed', 0).mail, status: 'pending' } },
        });
      }
      const inbox: LeadsInbox = {
        leads: [
          resent
            ? { ...lead('l1', 'failed', 0), mail: { ...lead('l1', 'failed', 0).mail, status: 'pending' } }
            : lead('l1', 'failed', 21),
          lead('l2', 'sent', 1),
        ],
        jobApplications: [],
      };
      return json(200, { status: 'success', data: inbox });
    }),
  );
  return posts;
}

afterEach(() => vi.unstubAllGlobals());

describe('LeadsPage', () => {
  it('offers a resend on a failed mail only, and shows it pending once resent', async () => {
    const posts = fakeApi();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <LeadsPage />
      </QueryClientProvider>,
    );
    const failedRow = (await screen.findByText('פונה l1')).closest('tr')!;
    const sentRow = screen.getByText('פונה l2').closest('tr')!;
    expect(within(failedRow).getByText('נכשל')).toBeInTheDocument();
    expect(within(sentRow).queryByRole('button', { name: 'שליחה מחדש' })).toBeNull();

    await userEvent.click(within(failedRow).getByRole('button', { name: 'שליחה מחדש' }));
    expect(posts).toEqual(['/api/v1/mail/mail-l1/resend']);
    expect(await within(failedRow).findByText('ממתין לשליחה')).toBeInTheDocument();
    expect(within(failedRow).queryByRole('button', { name: 'שליחה מחדש' })).toBeNull();
  });
});
