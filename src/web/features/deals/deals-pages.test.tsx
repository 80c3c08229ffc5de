import type { DealList, DealRow } from '@shared/schemas/deals';
import type { StatementDeal } from '@shared/schemas/month-statements';
import type { User } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionProvider } from '@web/lib/session';
import { type ApiCall, fakeApi, json } from '@web/test/fake-api';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DealsPage } from './deals-page';
import { MyDealsPage } from './my-deals-page';

const person = (overrides: Partial<User>): User => ({
  _id: '55555555-5555-4555-8555-555555555555',
  name: 'דנה לוי',
  email: 'agent@example.com',
  phone_number: '',
  officePhone: false,
  role: 'agent',
  gender: 'female',
  companyRole: null,
  image: null,
  aboutMe: '',
  branch: { _id: 'b1', name: 'חיפה', slug: 'haifa' },
  active: true,
  networkAccess: false,
  showOnSite: true,
  showPhone: true,
  ...overrides,
});

const row = (overrides: Partial<DealRow>): DealRow => ({
  dealId: '11111111-1111-4111-8111-111111111111',
  leadId: '33333333-3333-4333-8333-333333333333',
  branchId: 'b1',
  branchName: 'סניף חיפה',
  signedOn: '2026-11-10',
  property: 'מוריה 10, חיפה',
  contactName: 'יעל כהן',
  phone: '0501234567',
  price: 1_000_000,
  fee: 2_000_000,
  status: 'signed',
  due: 2_360_000,
  paid: 0,
  dueOn: null,
  branchShare: null,
  shares: [{ agentId: '55555555-5555-4555-8555-555555555555', name: 'דנה לוי', amount: 564_000 }],
  payments: [],
  orderSides: [{ side: 'buyer', orderIds: ['o1'] }],
  withoutSignedOrder: false,
  noOrderReason: null,
  ...overrides,
});

const list = (deals: DealRow[], progress: DealList['progress'] = null): DealList => ({
  from: '2026-01',
  to: '2026-11',
  deals,
  progress,
  totals: {
    count: deals.length,
    fee: deals.reduce((s, d) => s + d.fee, 0),
    due: deals.reduce((s, d) => s + (d.due ?? 0), 0),
    paid: deals.reduce((s, d) => s + d.paid, 0),
    shares: deals.reduce((s, d) => s + d.shares.reduce((x, y) => x + (y.amount ?? 0), 0), 0),
    branchShare: deals.reduce((s, d) => s + (d.branchShare ?? 0), 0),
  },
});

function serve(user: User, answer: (call: ApiCall) => Response | undefined, agents: unknown[] = []) {
  localStorage.setItem('user', JSON.stringify(user));
  return fakeApi((call) => {
    if (call.url === '/api/v1/users/session') return json(200, { status: 'success', data: { user } });
    if (call.url === '/api/v1/pipeline/agents') return json(200, { status: 'success', data: { agents } });
    const answered = answer(call);
    if (answered) return answered;
    // The month statement below the lists: empty unless a test answers it.
    if (call.url.includes('/month-statement?'))
      return json(200, { status: 'success', data: { statement: emptyStatement(call.url) } });
    return json(500, { status: 'error', message: 'unexpected' });
  });
}

const noTotals = {
  count: 0,
  net: 0,
  vat: 0,
  due: 0,
  paid: 0,
  royalty: 0,
  referral: 0,
  branchShare: 0,
  shares: 0,
};
const emptyStatement = (url: string) => ({
  month: '2026-11',
  ...(url.includes('/branches/')
    ? { branch: { id: 'b1', name: 'חיפה' }, agents: [] }
    : { agent: { id: 'x', name: 'דנה לוי', branchName: 'חיפה' } }),
  deals: [],
  totals: noTotals,
});

const statementDeal = (overrides: Partial<StatementDeal>): StatementDeal => ({
  dealId: '11111111-1111-4111-8111-111111111111',
  leadId: '33333333-3333-4333-8333-333333333333',
  signedOn: '2026-10-05',
  branchId: 'b1',
  branchName: 'סניף חיפה',
  property: 'מוריה 10, חיפה',
  contactName: 'יעל כהן',
  status: 'signed',
  net: 1_000_000,
  vat: 180_000,
  due: 1_180_000,
  paid: 0,
  royalty: 40_000,
  referral: 0,
  branchShare: 480_000,
  shares: [{ agentId: '55555555-5555-4555-8555-555555555555', name: 'דנה לוי', amount: 288_000, rules: [] }],
  ...overrides,
});

const renderPage = (page: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter>{page}</MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('העסקאות שלי', () => {
  it("shows the agent's deals with her share, the count in Hebrew and her year against the next tier", async () => {
    const second = row({
      dealId: '22222222-2222-4222-8222-222222222222',
      contactName: 'משה לוי',
      status: 'paid',
    });
    const calls = serve(person({}), (call) =>
      call.url.startsWith('/api/v1/deals?')
        ? json(200, {
            status: 'success',
            data: list([row({}), second], {
              year: 2026,
              gross: 9_600_000,
              agentBp: 5000,
              nextTier: { fromAgorot: 10_000_000, agentBp: 7000 },
            }),
          })
        : undefined,
    );
    renderPage(<MyDealsPage />);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('2 עסקאות')).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'יעל כהן' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'החלק שלי' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'חלק הסניף' })).toBeNull();
    expect(screen.getByText(/עד המדרגה הבאה/)).toHaveTextContent(/^עוד .*4,000\.00/);
    expect(screen.getByText(/החלק שלי כעת: 50%/)).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/api/v1/deals?'))?.url).toMatch(
      /from=\d{4}-01&to=\d{4}-\d{2}/,
    );
  });

  it('says "עסקה אחת" for one deal', async () => {
    serve(person({}), (call) =>
      call.url.startsWith('/api/v1/deals?')
        ? json(200, { status: 'success', data: list([row({})]) })
        : undefined,
    );
    renderPage(<MyDealsPage />);
    expect(await screen.findByText('עסקה אחת')).toBeInTheDocument();
  });
});

describe('עסקאות ועמלות', () => {
  const manager = person({ role: 'admin', name: 'מנהלת חיפה' });
  const managerRow = row({
    branchShare: 940_000,
    shares: [
      { agentId: 'a', name: 'דנה לוי', amount: 564_000 },
      { agentId: 'b', name: 'רות כהן', amount: 376_000 },
    ],
  });

  it('shows the totals row, a CSV link with the filters, and invoices a deal', async () => {
    const calls = serve(manager, (call) => {
      if (call.url.startsWith('/api/v1/deals?'))
        return json(200, { status: 'success', data: list([managerRow]) });
      if (call.method === 'PATCH')
        return json(200, {
          status: 'success',
          data: {
            deal: {
              dealId: managerRow.dealId,
              status: 'invoiced',
              dueOn: null,
              cancelReason: null,
              due: 2_360_000,
              paid: 0,
              payments: [],
            },
          },
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<DealsPage />);
    const table = await screen.findByRole('table');
    const totals = within(table).getByRole('rowheader', { name: 'סה"כ' }).closest('tr')!;
    // The agents' shares (5,640 + 3,760) and the branch's line are both 9,400.
    expect(within(totals).getAllByText(/9,400\.00/)).toHaveLength(2);
    expect(within(totals).getByText(/23,600\.00/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'הורדה כקובץ CSV' }).getAttribute('href')).toMatch(
      /^\/api\/v1\/deals\.csv\?from=\d{4}-01&to=/,
    );

    await user.click(screen.getByText('פעולות לעסקה של יעל כהן'));
    await user.click(screen.getByRole('button', { name: 'הופקה חשבונית' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe(`/api/v1/deals/${managerRow.dealId}/status`);
    expect(patch.body).toEqual({ status: 'invoiced' });
  });

  it("records a payment in agorot and shows the server's Hebrew refusal", async () => {
    const message = 'התשלום עולה על היתרה לתשלום (23,600.00 ₪)';
    const calls = serve(manager, (call) => {
      if (call.url.startsWith('/api/v1/deals?'))
        return json(200, { status: 'success', data: list([{ ...managerRow, status: 'invoiced' }]) });
      if (call.method === 'POST')
        return json(400, {
          status: 'fail',
          code: 'VALIDATION',
          message,
          fieldErrors: { amountAgorot: message },
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<DealsPage />);
    await user.click(await screen.findByText('פעולות לעסקה של יעל כהן'));
    await user.type(screen.getByLabelText(/סכום/), '30000.5');
    await user.click(screen.getByRole('button', { name: 'רישום תשלום' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`/api/v1/deals/${managerRow.dealId}/payments`);
    expect(post.body).toMatchObject({ amountAgorot: 3_000_050 });
  });
});

describe('a deal without a signed brokerage order', () => {
  it('is marked in the table with the reason it was logged so; a deal with its orders is not', async () => {
    const marked = row({
      dealId: '44444444-4444-4444-8444-444444444444',
      contactName: 'משה לוי',
      orderSides: [{ side: 'buyer', orderIds: [] }],
      withoutSignedOrder: true,
      noOrderReason: 'הלקוח חתם בנייר',
    });
    serve(person({}), (call) =>
      call.url.startsWith('/api/v1/deals?')
        ? json(200, { status: 'success', data: list([row({}), marked]) })
        : undefined,
    );
    renderPage(<MyDealsPage />);
    const table = await screen.findByRole('table');
    const markedRow = within(table).getByRole('rowheader', { name: 'משה לוי' }).closest('tr')!;
    expect(within(markedRow).getByText(/ללא הזמנת תיווך חתומה/)).toBeInTheDocument();
    expect(within(markedRow).getByText('הסיבה: הלקוח חתם בנייר')).toBeInTheDocument();
    const plain = within(table).getByRole('rowheader', { name: 'יעל כהן' }).closest('tr')!;
    expect(within(plain).queryByText(/ללא הזמנת תיווך חתומה/)).toBeNull();
  });
});

describe('the monthly statement', () => {
  const month = () =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit' })
      .format(new Date())
      .slice(0, 7);

  it("shows an agent her month's deals with her lines and totals, the PDF and CSV, and another month on request", async () => {
    const agent = person({});
    const other = statementDeal({
      dealId: '22222222-2222-4222-8222-222222222222',
      contactName: 'משה לוי',
      net: 800_000,
      vat: 144_000,
      due: 944_000,
      paid: 944_000,
      royalty: 0,
      branchShare: 400_000,
      shares: [{ agentId: agent._id, name: 'דנה לוי', amount: 400_000, rules: [] }],
    });
    const calls = serve(agent, (call) =>
      call.url.includes('/month-statement?')
        ? json(200, {
            status: 'success',
            data: {
              statement: {
                month: '2026-10',
                agent: { id: agent._id, name: 'דנה לוי', branchName: 'חיפה' },
                deals: [statementDeal({}), other],
                totals: {
                  count: 2,
                  net: 1_800_000,
                  vat: 324_000,
                  due: 2_124_000,
                  paid: 944_000,
                  royalty: 40_000,
                  referral: 0,
                  branchShare: 880_000,
                  shares: 688_000,
                },
              },
            },
          })
        : call.url.startsWith('/api/v1/deals?')
          ? json(200, { status: 'success', data: list([]) })
          : undefined,
    );
    renderPage(<MyDealsPage />);
    const region = await screen.findByRole('region', { name: 'הדוח החודשי שלי' });
    const table = await within(region).findByRole('table');
    expect(calls.some((c) => c.url === `/api/v1/agents/${agent._id}/month-statement?month=${month()}`)).toBe(
      true,
    );
    const totals = within(table).getByRole('rowheader', { name: 'סה"כ' }).closest('tr')!;
    expect(within(totals).getByText('2 עסקאות')).toBeInTheDocument();
    expect(within(totals).getByText(/6,880\.00/)).toBeInTheDocument();
    expect(within(totals).getByText(/21,240\.00/)).toBeInTheDocument();
    expect(within(region).getByText(/החלק של דנה לוי החודש: .*6,880\.00/)).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'הורדת הדוח החודשי כקובץ PDF' })).toHaveAttribute(
      'href',
      `/api/v1/agents/${agent._id}/month-statement.pdf?month=${month()}`,
    );
    expect(within(region).getByRole('link', { name: 'הורדת הדוח החודשי כקובץ CSV' })).toHaveAttribute(
      'href',
      `/api/v1/agents/${agent._id}/month-statement.csv?month=${month()}`,
    );
    const picker = within(region).getByLabelText('חודש');
    fireEvent.change(picker, { target: { value: '2026-03' } });
    await waitFor(() =>
      expect(calls.some((c) => c.url === `/api/v1/agents/${agent._id}/month-statement?month=2026-03`)).toBe(
        true,
      ),
    );
  });

  it("shows a manager her branch's month with each agent's total, and an agent's month when chosen", async () => {
    const manager = person({ role: 'admin', name: 'מנהלת חיפה' });
    const agentsList = [{ agent: { _id: 'a1', name: 'דנה לוי' } }, { agent: { _id: 'a2', name: 'רות כהן' } }];
    const calls = serve(
      manager,
      (call) => {
        if (call.url.startsWith('/api/v1/deals?')) return json(200, { status: 'success', data: list([]) });
        if (call.url.startsWith('/api/v1/branches/b1/month-statement?'))
          return json(200, {
            status: 'success',
            data: {
              statement: {
                month: '2026-10',
                branch: { id: 'b1', name: 'חיפה' },
                agents: [
                  { agentId: 'a1', name: 'דנה לוי', deals: 1, share: 288_000 },
                  { agentId: 'a2', name: 'רות כהן', deals: 1, share: 192_000 },
                ],
                deals: [
                  statementDeal({
                    shares: [
                      { agentId: 'a1', name: 'דנה לוי', amount: 288_000, rules: [] },
                      { agentId: 'a2', name: 'רות כהן', amount: 192_000, rules: [] },
                    ],
                  }),
                ],
                totals: {
                  ...noTotals,
                  count: 1,
                  net: 1_000_000,
                  vat: 180_000,
                  due: 1_180_000,
                  royalty: 40_000,
                  branchShare: 480_000,
                  shares: 480_000,
                },
                monthlyFee: {
                  agents: 1,
                  feeAgorot: 50_000,
                  amount: 50_000,
                  rule: 'דמי חודש לסוכנים: סוכן אחד × 500.00 ₪',
                },
              },
            },
          });
        return undefined;
      },
      agentsList,
    );
    const user = userEvent.setup();
    renderPage(<DealsPage />);
    const region = await screen.findByRole('region', { name: 'דוח עמלות חודשי' });
    const agentsTable = await within(region).findByRole('region', { name: 'הסוכנים בחודש' });
    const total = within(agentsTable).getByRole('rowheader', { name: 'סה"כ' }).closest('tr')!;
    // The agents' totals (2,880 + 1,920) are the branch's total of the agents' shares.
    expect(within(total).getByText(/4,800\.00/)).toBeInTheDocument();
    expect(within(region).getByText(/תמלוגים לרשת: .*400\.00/)).toBeInTheDocument();
    expect(
      within(region).getByText(/^דמי חודש לסוכנים: סוכן אחד × 500\.00 ₪ = .*500\.00/),
    ).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'הורדת הדוח החודשי כקובץ PDF' })).toHaveAttribute(
      'href',
      `/api/v1/branches/b1/month-statement.pdf?month=${month()}`,
    );
    await user.selectOptions(within(region).getByLabelText('דוח של'), 'agent:a2');
    await waitFor(() =>
      expect(calls.some((c) => c.url === `/api/v1/agents/a2/month-statement?month=${month()}`)).toBe(true),
    );
  });
});
