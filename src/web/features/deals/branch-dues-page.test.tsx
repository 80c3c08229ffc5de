import type { RoyaltyDues, RoyaltyPayment } from '@shared/schemas/royalty-payments';
import type { User } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { SessionProvider } from '@web/lib/session';
import { type ApiCall, fakeApi, json } from '@web/test/fake-api';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BranchDuesPage } from './branch-dues-page';

// "התשלומים לרשת" (/BranchDues): a branch manager's months of the year, the total row, the payments, and the
// empty and error states. The clock is fixed on 15 March 2026, so the year has three months.

const manager: User = {
  _id: '55555555-5555-4555-8555-555555555555',
  name: 'רותי כהן',
  email: 'manager@example.com',
  phone_number: '',
  officePhone: false,
  role: 'admin',
  gender: 'female',
  companyRole: null,
  image: null,
  aboutMe: '',
  branch: { _id: 'b1', name: 'חיפה', slug: 'haifa' },
  active: true,
  networkAccess: false,
  showOnSite: true,
  showPhone: true,
};

const period = (royalty: number, agentFees: number) => ({
  deals: royalty ? 1 : 0,
  net: royalty * 10,
  royalty,
  agentFees,
  due: royalty + agentFees,
});

/** The server's answer for a month: the manager's branch row only (as the server scopes it). */
function dues(month: string, royalty: number, agentFees: number, paid: number): RoyaltyDues {
  const m = period(royalty, agentFees);
  const branch = {
    branchId: 'b1',
    name: 'חיפה',
    month: m,
    year: m,
    royaltyBp: 600,
    royaltyCap: null,
    withoutPlan: 0,
    monthlyFee: null,
    paid: { month: paid, year: paid },
    balance: { month: m.due - paid, year: m.due - paid },
  };
  return {
    month,
    branches: [branch],
    totals: {
      month: m,
      year: m,
      paid: branch.paid,
      balance: branch.balance,
    },
  } as RoyaltyDues;
}

const payment = (overrides: Partial<RoyaltyPayment>): RoyaltyPayment => ({
  _id: 'p1',
  branchId: 'b1',
  branchName: 'חיפה',
  amountAgorot: 50_000,
  paidOn: '2026-02-05',
  forMonth: '2026-01',
  note: 'העברה בנקאית',
  voidedAt: null,
  voidReason: null,
  createdAt: '2026-02-05T08:00:00.000Z',
  ...overrides,
});

function serve(answer: (call: ApiCall) => Response | undefined) {
  localStorage.setItem('user', JSON.stringify(manager));
  return fakeApi((call) => {
    if (call.url === '/api/v1/users/session')
      return json(200, { status: 'success', data: { user: manager } });
    return answer(call) ?? json(500, { status: 'error', message: 'unexpected' });
  });
}

const ok = (data: unknown) => json(200, { status: 'success', data });
const monthOf = (url: string) => /month=(\d{4}-\d{2})/.exec(url)?.[1] ?? '';

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter>
          <BranchDuesPage />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );

/** The shekel figure as the page writes it (the same formatter as the money screens). */
const ils = (agorot: number) =>
  new Intl.NumberFormat('he-IL', { style: 'currency', currency: 'ILS', minimumFractionDigits: 2 }).format(
    agorot / 100,
  );

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('BranchDuesPage', () => {
  it('shows each month of the year with a total row that is the sum of the rows, and the payments', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-15T10:00:00Z'), toFake: ['Date'] });
    const figures: Record<string, [number, number, number]> = {
      '2026-01': [60_000, 100_000, 50_000],
      '2026-02': [12_345, 100_000, 0],
      '2026-03': [0, 150_000, 200_000],
    };
    const calls = serve((call) => {
      if (call.url.startsWith('/api/v1/royalties?')) {
        const month = monthOf(call.url);
        const [royalty, fees, paid] = figures[month] ?? [0, 0, 0];
        return ok(dues(month, royalty, fees, paid));
      }
      if (call.url.startsWith('/api/v1/royalty-payments?'))
        return ok({
          period: '2026',
          payments: [
            payment({}),
            payment({
              _id: 'p2',
              amountAgorot: 70_000,
              forMonth: '2026-02',
              voidedAt: '2026-03-01',
              voidReason: 'נרשם פעמיים',
            }),
            payment({
              _id: 'p3',
              amountAgorot: 200_000,
              paidOn: '2026-03-10',
              forMonth: '2026-03',
              note: '',
            }),
          ],
          total: 250_000,
        });
      return undefined;
    });
    renderPage();

    const table = await screen.findByRole('table', { name: 'התשלומים לרשת של חיפה, 2026' });
    const rows = within(table).getAllByRole('row');
    // Header, three months, total.
    expect(rows).toHaveLength(5);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(within(rows[1] as HTMLElement).getByRole('rowheader').textContent).toBe('ינואר 2026');
    expect(cells(rows[1] as HTMLElement)).toEqual([
      ils(60_000),
      ils(100_000),
      ils(160_000),
      ils(50_000),
      ils(110_000),
    ]);
    expect(cells(rows[2] as HTMLElement)).toEqual([
      ils(12_345),
      ils(100_000),
      ils(112_345),
      ils(0),
      ils(112_345),
    ]);
    expect(cells(rows[3] as HTMLElement)).toEqual([
      ils(0),
      ils(150_000),
      ils(150_000),
      ils(200_000),
      ils(-50_000),
    ]);
    const total = rows[4] as HTMLElement;
    expect(within(total).getByRole('rowheader').textContent).toBe('סה"כ');
    // Each column of the total row is the sum of the months above it.
    expect(cells(total)).toEqual([ils(72_345), ils(350_000), ils(422_345), ils(250_000), ils(172_345)]);

    // One request per month of the year so far, and the year's payments of her branch.
    const asked = calls.map((c) => c.url);
    expect(
      asked
        .filter((u) => u.startsWith('/api/v1/royalties?'))
        .map(monthOf)
        .sort(),
    ).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(asked).toContain('/api/v1/royalty-payments?year=2026&branchId=b1');

    const payments = await screen.findByRole('table', { name: 'תשלומים לרשת שנרשמו עבור 2026' });
    const paymentRows = within(payments).getAllByRole('row').slice(1);
    expect(paymentRows).toHaveLength(3);
    expect(within(paymentRows[0] as HTMLElement).getByText('העברה בנקאית')).toBeTruthy();
    expect(within(paymentRows[0] as HTMLElement).getByText('בתוקף')).toBeTruthy();
    expect(within(paymentRows[1] as HTMLElement).getByText('בוטל: נרשם פעמיים')).toBeTruthy();
    expect(within(paymentRows[1] as HTMLElement).getByText('פברואר 2026')).toBeTruthy();
    // The currency's spaces are no-break ones, so the text is compared as it is.
    expect(
      screen.getByText(
        (_, el) => el?.tagName === 'P' && el.textContent === `סה"כ תשלומים בתוקף: ${ils(250_000)}`,
      ),
    ).toBeTruthy();
    // A branch manager cannot void a payment: no void control on her screen.
    expect(screen.queryByText(/ביטול התשלום/)).toBeNull();
    expect(screen.queryByRole('button', { name: /ביטול/ })).toBeNull();

    const csv = screen.getByRole('link', { name: 'הורדת התמלוגים של מרץ 2026 ומתחילת השנה כקובץ CSV' });
    expect(csv.getAttribute('href')).toBe('/api/v1/royalties.csv?month=2026-03');
  });

  it('says nothing was recorded for a year without sums', async () => {
    vi.useFakeTimers({ now: new Date('2026-02-10T10:00:00Z'), toFake: ['Date'] });
    serve((call) => {
      if (call.url.startsWith('/api/v1/royalties?')) {
        const month = monthOf(call.url);
        return ok({ ...dues(month, 0, 0, 0), branches: [] });
      }
      if (call.url.startsWith('/api/v1/royalty-payments?'))
        return ok({ period: '2026', payments: [], total: 0 });
      return undefined;
    });
    renderPage();
    expect(await screen.findByText('לא נרשמו סכומים לשנה זו')).toBeTruthy();
    expect(await screen.findByText('לא נרשמו תשלומים לשנה זו.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so in Hebrew when the figures cannot be read', async () => {
    vi.useFakeTimers({ now: new Date('2026-02-10T10:00:00Z'), toFake: ['Date'] });
    serve((call) => {
      if (call.url.startsWith('/api/v1/royalties?') && monthOf(call.url) === '2026-02')
        return json(500, { status: 'error', message: 'boom' });
      if (call.url.startsWith('/api/v1/royalties?')) return ok(dues(monthOf(call.url), 1_000, 0, 0));
      if (call.url.startsWith('/api/v1/royalty-payments?'))
        return json(500, { status: 'error', message: 'boom' });
      return undefined;
    });
    renderPage();
    expect((await screen.findByText('לא הצלחנו לטעון את התשלומים לרשת. נסו שוב.')).getAttribute('role')).toBe(
      'alert',
    );
    expect(await screen.findByText('לא הצלחנו לטעון את התשלומים.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
