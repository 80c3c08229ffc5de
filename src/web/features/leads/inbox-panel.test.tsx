import type { InquiryItem, InquiryList } from '@shared/schemas/inquiry';
import type { LeadsInbox } from '@shared/schemas/leads';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InboxPanel } from './inbox-panel';

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
  const inquiryUrls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/v1/inquiries')) {
        inquiryUrls.push(url);
        const filtered = url.includes('agentId=a2');
        const list: InquiryList = {
          inquiries: [inquiry('i1', 'על דיזנגוף', 'a1'), inquiry('i2', 'על הרצל', 'a2')].filter(
            (i) => !filtered || i.agent?._id === 'a2',
          ),
          filters: {
            agents: [
              { _id: 'a1', name: 'סוכנת א' },
              { _id: 'a2', name: 'סוכן ב' },
            ],
            properties: [{ _id: 'p-a1', address: 'דיזנגוף 1', city: 'תל אביב-יפו' }],
          },
        };
        return json(200, { status: 'success', data: list });
      }
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
  return Object.assign(posts, { inquiryUrls });
}

const inquiry = (id: string, name: string, agentId: string): InquiryItem => ({
  _id: id,
  name,
  phone: '0521234567',
  message: 'אשמח לפרטים',
  createdAt: '2026-11-20T10:00:00.000Z',
  property: { _id: `p-${agentId}`, address: 'דיזנגוף 1', city: 'תל אביב-יפו', price: 2_000_000 },
  agent: { _id: agentId, name: agentId === 'a1' ? 'סוכנת א' : 'סוכן ב' },
  mail: { id: `m-${id}`, status: 'sent', attempts: 1, lastError: null, sentAt: null },
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <InboxPanel />
      </QueryClientProvider>
    </MemoryRouter>,
  );

afterEach(() => vi.unstubAllGlobals());

// A loaded CI machine renders the first page slowly: room beyond Vitest's 5 s default.
describe('InboxPanel', { timeout: 20_000 }, () => {
  it('offers a resend on a failed mail only, and shows it pending once resent', async () => {
    const posts = fakeApi();
    renderPage();
    const failedRow = (await screen.findByText('פונה l1')).closest('tr')!;
    const sentRow = screen.getByText('פונה l2').closest('tr')!;
    expect(within(failedRow).getByText('נכשל')).toBeInTheDocument();
    expect(within(sentRow).queryByRole('button', { name: 'שליחה מחדש' })).toBeNull();

    await userEvent.click(within(failedRow).getByRole('button', { name: 'שליחה מחדש' }));
    expect([...posts]).toEqual(['/api/v1/mail/mail-l1/resend']);
    expect(await within(failedRow).findByText('ממתין לשליחה')).toBeInTheDocument();
    expect(within(failedRow).queryByRole('button', { name: 'שליחה מחדש' })).toBeNull();
  });

  it('lists inquiries with their property and agent, filtered by agent on the server', async () => {
    const { inquiryUrls } = fakeApi();
    renderPage();
    const row = (await screen.findByText('על דיזנגוף')).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'דיזנגוף 1, תל אביב-יפו' })).toHaveAttribute(
      'href',
      '/PropertyView/p-a1',
    );
    expect(within(row).getByText('סוכנת א')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('סינון לפי סוכן'), 'סוכן ב');
    await waitFor(() => expect(screen.queryByText('על דיזנגוף')).toBeNull());
    expect(screen.getByText('על הרצל')).toBeInTheDocument();
    expect(inquiryUrls.at(-1)).toBe('/api/v1/inquiries?agentId=a2');
  });
});
