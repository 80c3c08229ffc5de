import { israelYearMonth } from '@shared/domain/israel-calendar';
import { byMetric } from '@shared/domain/metrics';
import type { NetworkDashboard, NetworkFigures } from '@shared/schemas/network';
import type { RoyaltyDues, RoyaltyPayment } from '@shared/schemas/royalty-payments';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@web/lib/toast';
import { fakeApi, json } from '@web/test/fake-api';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkDashboardPage } from './network-dashboard-page';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const figures = (
  received: number,
  meetings: number,
  goal: number | null,
  money = { gross: 0, royaltyDue: 0, royaltyPaid: 0 },
): NetworkFigures => ({
  money,
  received,
  medianMinutes: received ? 12 : null,
  deals: received ? 1 : 0,
  conversion: received ? 1 / received : 0,
  indicators: byMetric((key) =>
    key === 'meetings'
      ? { actual: meetings, goal, percentage: goal ? (meetings / goal) * 100 : null }
      : { actual: 0, goal: null, percentage: null },
  ),
});

const now = israelYearMonth();
const dashboard = (columns: NetworkDashboard['branches'], network: NetworkFigures): NetworkDashboard => ({
  ...now,
  branches: columns,
  network,
});
const ref = (id: string, name: string) => ({ _id: id, name, slug: id });

const zero = { deals: 0, net: 0, royalty: 0, agentFees: 0, due: 0 };
const none = { month: 0, year: 0 };
const noRoyalties: RoyaltyDues = {
  month: '2026-11',
  branches: [],
  totals: { month: zero, year: zero, paid: none, balance: none },
};

type PaymentsList = { period: string; payments: RoyaltyPayment[]; total: number };
const noPayments: PaymentsList = { period: '2026-11', payments: [], total: 0 };
/** The fake API, answering the month's royalty payments (none unless given) before the test's own answers. */
const api = (answer: Parameters<typeof fakeApi>[0], payments: () => PaymentsList = () => noPayments) =>
  fakeApi((call) =>
    call.method === 'GET' && call.url.startsWith('/api/v1/royalty-payments?')
      ? json(200, { status: 'success', data: payments() })
      : answer(call),
  );

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <NetworkDashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('NetworkDashboardPage', { timeout: 20_000 }, () => {
  it('shows the branches side by side, the network as their sum, and each definition on request', async () => {
    const calls = api((call) =>
      call.url.startsWith('/api/v1/royalties')
        ? json(200, { status: 'success', data: noRoyalties })
        : json(200, {
            status: 'success',
            data: dashboard(
              [
                {
                  branch: ref('tlv', 'תל אביב'),
                  ...figures(4, 8, 10, { gross: 1_000_000, royaltyDue: 60_000, royaltyPaid: 0 }),
                },
                {
                  branch: ref('haifa', 'חיפה'),
                  ...figures(2, 3, null, { gross: 250_050, royaltyDue: 15_003, royaltyPaid: 10_000 }),
                },
              ],
              figures(6, 11, 10, { gross: 1_250_050, royaltyDue: 75_003, royaltyPaid: 10_000 }),
            ),
          }),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: /הסניפים זה לצד זה/ });
    expect(calls.find((c) => c.url.startsWith('/api/v1/network/'))!.url).toBe(
      `/api/v1/network/dashboard?year=${now.year}&month=${now.month}`,
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['נתון', 'תל אביב', 'חיפה', 'כל הרשת']);
    const received = within(table).getByRole('row', { name: /לידים שהתקבלו/ });
    expect(
      within(received)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '2', '6']);
    const meetings = within(table).getByRole('row', { name: /פגישות/ });
    expect(
      within(meetings)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['8 מתוך 1080% מהיעד', '3אין יעד', '11 מתוך 10110% מהיעד']);
    const moneyOf = (name: RegExp) =>
      within(within(table).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/[\u200e\u200f]/g, '').replace(/\s+/g, ' '));
    expect(moneyOf(/עמלות לפני מע"מ/)).toEqual(['10,000.00 ₪', '2,500.50 ₪', '12,500.50 ₪']);
    expect(moneyOf(/לתשלום לרשת/)).toEqual(['600.00 ₪', '150.03 ₪', '750.03 ₪']);
    expect(moneyOf(/תמלוגים ששולמו/)).toEqual(['0.00 ₪', '100.00 ₪', '100.00 ₪']);

    const button = screen.getByRole('button', { name: 'מה זה זמן תגובה חציוני?' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const definition = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(definition).not.toBeVisible();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(definition).toBeVisible();
    expect(definition).toHaveTextContent('דקות משרד מהגעת הליד ועד המגע הראשון');

    expect(screen.getByRole('link', { name: 'הורדת קובץ CSV' })).toHaveAttribute(
      'href',
      `/api/v1/network/dashboard.csv?year=${now.year}&month=${now.month}`,
    );
  });

  it('asks for the chosen month and says when it is empty', async () => {
    const calls = api((call) =>
      call.url.startsWith('/api/v1/royalties')
        ? json(200, { status: 'success', data: noRoyalties })
        : json(200, { status: 'success', data: dashboard([], figures(0, 0, null)) }),
    );
    renderPage();
    expect(await screen.findByText(/אין נתונים בחודש הזה/)).toBeInTheDocument();
    const previousYear = String(now.year - 1);
    await userEvent.selectOptions(screen.getByLabelText('שנה'), previousYear);
    await screen.findByText(/אין נתונים בחודש הזה/);
    expect(calls.filter((c) => c.url.startsWith('/api/v1/network/')).at(-1)!.url).toBe(
      `/api/v1/network/dashboard?year=${previousYear}&month=${now.month}`,
    );
    expect(screen.getByRole('link', { name: 'הורדת קובץ CSV' })).toHaveAttribute(
      'href',
      `/api/v1/network/dashboard.csv?year=${previousYear}&month=${now.month}`,
    );
  });

  it('shows the royalties each branch owes for the month and the year, with their CSV', async () => {
    const royalties: RoyaltyDues = {
      month: `${now.year}-${String(now.month).padStart(2, '0')}`,
      branches: [
        {
          branchId: 'haifa',
          name: 'חיפה',
          month: { deals: 3, net: 2_300_000, royalty: 40_000, agentFees: 100_000, due: 140_000 },
          year: { deals: 4, net: 3_300_000, royalty: 100_000, agentFees: 200_000, due: 300_000 },
          royaltyBp: 600,
          royaltyCap: 100_000,
          withoutPlan: 0,
          monthlyFee: {
            agents: 2,
            feeAgorot: 50_000,
            amount: 100_000,
            rule: 'דמי חודש לסוכנים: 2 סוכנים × 500.00 ₪',
          },
          paid: { month: 30_000, year: 90_000 },
          balance: { month: 110_000, year: 210_000 },
        },
        {
          branchId: 'tlv',
          name: 'תל אביב',
          month: { deals: 1, net: 600_000, royalty: 30_000, agentFees: 0, due: 30_000 },
          year: { deals: 1, net: 600_000, royalty: 30_000, agentFees: 0, due: 30_000 },
          royaltyBp: 500,
          royaltyCap: null,
          withoutPlan: 1,
          monthlyFee: null,
          paid: { month: 0, year: 0 },
          balance: { month: 30_000, year: 30_000 },
        },
      ],
      totals: {
        month: { deals: 4, net: 2_900_000, royalty: 70_000, agentFees: 100_000, due: 170_000 },
        year: { deals: 5, net: 3_900_000, royalty: 130_000, agentFees: 200_000, due: 330_000 },
        paid: { month: 30_000, year: 90_000 },
        balance: { month: 140_000, year: 240_000 },
      },
    };
    const calls = api((call) =>
      call.url.startsWith('/api/v1/royalties')
        ? json(200, { status: 'success', data: royalties })
        : json(200, { status: 'success', data: dashboard([], figures(0, 0, null)) }),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: /תמלוגים לרשת/ });
    const month = `${now.year}-${String(now.month).padStart(2, '0')}`;
    expect(calls.some((c) => c.url === `/api/v1/royalties?month=${month}`)).toBe(true);
    const haifa = within(table).getByRole('row', { name: /חיפה/ });
    expect(
      within(haifa)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/[\u200e\u200f]/g, '').replace(/\s+/g, ' '))
        .slice(0, 13),
    ).toEqual([
      '3',
      '23,000.00 ₪',
      '400.00 ₪',
      '1,000.00 ₪דמי חודש לסוכנים: 2 סוכנים × 500.00 ₪',
      '1,400.00 ₪',
      '300.00 ₪',
      '1,100.00 ₪',
      '33,000.00 ₪',
      '1,000.00 ₪',
      '3,000.00 ₪',
      '900.00 ₪',
      '2,100.00 ₪',
      '6% · 1,000.00 ₪',
    ]);
    expect(within(haifa).getByText('רישום תשלום תמלוגים של חיפה')).toBeInTheDocument();
    const tlv = within(table).getByRole('row', { name: /תל אביב/ });
    expect(within(tlv).getByText('עסקה אחת ללא תוכנית עמלות')).toBeInTheDocument();
    expect(within(tlv).getByText(/אין תקרה/)).toBeInTheDocument();
    const totals = within(table).getByRole('row', { name: /סה"כ/ });
    expect(
      within(totals)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/[\u200e\u200f]/g, '').replace(/\s+/g, ' '))
        .slice(0, 12),
    ).toEqual([
      '4',
      '29,000.00 ₪',
      '700.00 ₪',
      '1,000.00 ₪',
      '1,700.00 ₪',
      '300.00 ₪',
      '1,400.00 ₪',
      '39,000.00 ₪',
      '1,300.00 ₪',
      '3,300.00 ₪',
      '900.00 ₪',
      '2,400.00 ₪',
    ]);
    expect(screen.getByRole('link', { name: 'הורדת התמלוגים כקובץ CSV' })).toHaveAttribute(
      'href',
      `/api/v1/royalties.csv?month=${month}`,
    );
  });

  it('records a royalty payment of a branch and shows the server’s Hebrew refusal under its field', async () => {
    const month = `${now.year}-${String(now.month).padStart(2, '0')}`;
    const row = {
      branchId: 'haifa',
      name: 'חיפה',
      month: { deals: 1, net: 1_000_000, royalty: 60_000, agentFees: 0, due: 60_000 },
      year: { deals: 1, net: 1_000_000, royalty: 60_000, agentFees: 0, due: 60_000 },
      royaltyBp: 600,
      royaltyCap: null,
      withoutPlan: 0,
      monthlyFee: null,
      paid: { month: 0, year: 0 },
      balance: { month: 60_000, year: 60_000 },
    };
    const overBalance = 'התשלום עולה על יתרת התמלוגים ודמי החודש של הסניף לשנה (600.00 ₪)';
    let posts = 0;
    const calls = api((call) => {
      if (call.url === '/api/v1/royalty-payments') {
        posts += 1;
        return posts === 1
          ? json(400, {
              status: 'error',
              code: 'VALIDATION',
              message: overBalance,
              fieldErrors: { amountAgorot: overBalance },
            })
          : json(201, {
              status: 'success',
              data: {
                payment: {
                  _id: 'p1',
                  branchId: 'haifa',
                  branchName: 'חיפה',
                  amountAgorot: 25_050,
                  paidOn: '2026-11-01',
                  forMonth: month,
                  note: '',
                  voidedAt: null,
                  voidReason: null,
                  createdAt: '2026-11-01T10:00:00.000Z',
                },
              },
            });
      }
      if (call.url.startsWith('/api/v1/royalties'))
        return json(200, {
          status: 'success',
          data: { month, branches: [row], totals: { ...row, paid: row.paid, balance: row.balance } },
        });
      return json(200, { status: 'success', data: dashboard([], figures(0, 0, null)) });
    });
    renderPage();
    await userEvent.click(await screen.findByText('רישום תשלום תמלוגים של חיפה'));
    const amount = screen.getByLabelText(/סכום ששולם/);
    expect(screen.getByLabelText(/עבור חודש/)).toHaveValue(month);
    await userEvent.type(amount, '700');
    await userEvent.click(screen.getByRole('button', { name: 'רישום התשלום' }));
    expect(await screen.findByText(overBalance)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(amount);
    await userEvent.type(amount, '250.50');
    await userEvent.click(screen.getByRole('button', { name: 'רישום התשלום' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        expect.stringMatching(/^התשלום של חיפה \(.*250\.50.*₪\) נרשם$/),
      ),
    );
    const sent = calls.filter((c) => c.url === '/api/v1/royalty-payments').at(-1);
    expect(sent?.body).toMatchObject({ branchId: 'haifa', amountAgorot: 25_050, forMonth: month });
  });

  it('voids a payment with a reason after a confirmation, shows the Hebrew refusal, and refreshes the balances', async () => {
    const month = `${now.year}-${String(now.month).padStart(2, '0')}`;
    const payment: RoyaltyPayment = {
      _id: 'p1',
      branchId: 'haifa',
      branchName: 'חיפה',
      amountAgorot: 50_000,
      paidOn: '2026-11-01',
      forMonth: month,
      note: 'העברה',
      voidedAt: null,
      voidReason: null,
      createdAt: '2026-11-01T10:00:00.000Z',
    };
    let current = payment;
    const reasonMessage = 'יש לכתוב למה התשלום מבוטל (עד 500 תווים)';
    const calls = api(
      (call) => {
        if (call.url === '/api/v1/royalty-payments/p1/void') {
          const { reason } = call.body as { reason: string };
          if (!reason)
            return json(400, {
              status: 'error',
              code: 'VALIDATION',
              message: reasonMessage,
              fieldErrors: { reason: reasonMessage },
            });
          current = { ...payment, voidedAt: '2026-11-02T10:00:00.000Z', voidReason: reason };
          return json(200, { status: 'success', data: { payment: current } });
        }
        if (call.url.startsWith('/api/v1/royalties'))
          return json(200, { status: 'success', data: { ...noRoyalties, month } });
        return json(200, { status: 'success', data: dashboard([], figures(0, 0, null)) });
      },
      () => ({ period: month, payments: [current], total: current.voidedAt ? 0 : current.amountAgorot }),
    );
    renderPage();
    const list = await screen.findByRole('table', { name: /תשלומים לרשת עבור/ });
    const row = within(list).getByRole('row', { name: /חיפה/ });
    expect(within(row).getByText('בתוקף')).toBeInTheDocument();
    expect(screen.getByText(/סה"כ תשלומים בתוקף: .*500\.00/)).toBeInTheDocument();
    await userEvent.click(within(row).getByText(/ביטול התשלום של חיפה/));
    // Without a reason: the confirmation, then the server's Hebrew message under the field.
    await userEvent.click(within(row).getByRole('button', { name: 'ביטול התשלום' }));
    await userEvent.click(screen.getByRole('button', { name: 'כן, לבטל את התשלום', hidden: true }));
    expect(await screen.findByText(reasonMessage)).toBeInTheDocument();
    const reason = within(row).getByLabelText(/סיבת הביטול/);
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(reason, 'נרשם פעמיים');
    await userEvent.click(within(row).getByRole('button', { name: 'ביטול התשלום' }));
    expect(screen.getByText(/לבטל את התשלום של חיפה בסך .*500\.00/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'כן, לבטל את התשלום', hidden: true }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        expect.stringMatching(/^התשלום של חיפה \(.*500\.00.*₪\) בוטל$/),
      ),
    );
    expect(calls.filter((c) => c.url.endsWith('/void')).at(-1)?.body).toEqual({ reason: 'נרשם פעמיים' });
    // The list and the royalties are read again: the payment is marked void and the total drops.
    expect(await screen.findByText('בוטל: נרשם פעמיים')).toBeInTheDocument();
    expect(screen.getByText(/סה"כ תשלומים בתוקף: .*0\.00/)).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/v1/royalties?')).length).toBeGreaterThan(1);
  });
});
