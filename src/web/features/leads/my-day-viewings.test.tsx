import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MyDayViewings } from './my-day-viewings';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const request = {
  _id: 'v1',
  status: 'requested',
  startsAt: '2026-12-01T08:00:00.000Z',
  endsAt: '2026-12-01T08:30:00.000Z',
  proposals: ['2026-12-01T08:00:00.000Z', '2026-12-02T12:00:00.000Z'],
  address: 'הרצל 17',
  city: 'חיפה',
  visitorName: 'דנה כהן',
  visitorPhone: '050-123-4567',
  leadId: 'l1',
};

afterEach(() => vi.unstubAllGlobals());

describe('MyDayViewings', () => {
  it("lists the agent's viewings and confirms a request at a proposed time in one tap", async () => {
    let confirmed = false;
    const posts: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push({ url, body: JSON.parse(String(init.body)) });
          confirmed = true;
          return json(200, { status: 'success', data: { viewing: { ...request, status: 'confirmed' } } });
        }
        const viewing = confirmed
          ? { ...request, status: 'confirmed', startsAt: request.proposals[1] }
          : request;
        return json(200, { status: 'success', data: { viewings: [viewing] } });
      }),
    );
    const client = new QueryClient({
      defaultOptions: { mutations: { retry: false }, queries: { retry: false } },
    });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <MyDayViewings />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'ביקורים בנכסים (1)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'דנה כהן' })).toHaveAttribute('href', '/Leads/l1');
    expect(screen.getByText('הרצל 17, חיפה')).toBeInTheDocument();
    expect(screen.queryByText('לא נענתה בזמן והועברה למנהל הסניף')).toBeNull();
    // 14:00 in Israel on 2.12.2026 (UTC+2).
    await userEvent.click(screen.getByRole('button', { name: 'אישור ל־2.12.2026 14:00' }));
    await waitFor(() => expect(screen.getByText('2.12.2026 14:00 · נקבע')).toBeInTheDocument());
    expect(posts).toEqual([
      { url: '/api/v1/viewings/v1/confirm', body: { startsAt: '2026-12-02T12:00:00.000Z' } },
    ]);
    expect(screen.queryByRole('button', { name: /^אישור/ })).toBeNull();
  });

  it('marks a request that went to the branch manager, and only while it waits', async () => {
    const escalated = { ...request, escalatedAt: '2026-11-30T11:00:00.000Z' };
    const confirmedOne = {
      ...escalated,
      _id: 'v2',
      status: 'confirmed',
      leadId: 'l2',
      visitorName: 'רון לוי',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { status: 'success', data: { viewings: [escalated, confirmedOne] } })),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <MyDayViewings />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'ביקורים בנכסים (2)' })).toBeInTheDocument();
    expect(screen.getAllByText('לא נענתה בזמן והועברה למנהל הסניף')).toHaveLength(1);
  });
});

describe('the brokerage order on the viewing card', () => {
  const confirmed = { ...request, status: 'confirmed', outcome: null };
  const show = async (viewings: object[]) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { status: 'success', data: { viewings } })),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <MyDayViewings />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { name: `ביקורים בנכסים (${viewings.length})` });
  };

  it('says whether the visitor signed, with a link to the order', async () => {
    await show([
      { ...confirmed, _id: 'a', order: { state: 'signed', id: 'o1', problem: null } },
      { ...confirmed, _id: 'b', leadId: 'l2', order: { state: 'sent', id: 'o2', problem: null } },
    ]);
    expect(screen.getByRole('link', { name: 'הזמנת שירותי תיווך: נחתמה' })).toHaveAttribute(
      'href',
      '/Leads/l1',
    );
    expect(screen.getByRole('link', { name: 'הזמנת שירותי תיווך: נשלחה, טרם נחתמה' })).toHaveAttribute(
      'href',
      '/Leads/l2',
    );
  });

  it('an order that could not be sent says why, with no link', async () => {
    await show([
      {
        ...confirmed,
        order: {
          state: 'none',
          id: null,
          problem: 'לסניף אין מתווך בעל רישיון: יש להוסיף אותו בהגדרות הסניף',
        },
      },
    ]);
    expect(screen.getByText('הזמנת שירותי תיווך: לא נשלחה')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /הזמנת שירותי תיווך/ })).toBeNull();
    expect(
      screen.getByText('לא נשלחה עם האישור: לסניף אין מתווך בעל רישיון: יש להוסיף אותו בהגדרות הסניף'),
    ).toBeInTheDocument();
  });
});
