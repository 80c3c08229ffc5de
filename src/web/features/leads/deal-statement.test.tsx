import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { fakeApi, json } from '@web/test/fake-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DealStatementPanel } from './deal-statement';

afterEach(() => vi.unstubAllGlobals());

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DealStatementPanel dealId="d1" />
    </QueryClientProvider>,
  );
}

describe('DealStatementPanel', () => {
  it('shows each line with its rule and amount, and the total', async () => {
    const calls = fakeApi(() =>
      json(200, {
        status: 'success',
        data: {
          statement: {
            dealId: 'd1',
            leadId: 'l1',
            branchId: 'b1',
            signedOn: '2026-03-01',
            feePlanId: 'p1',
            total: 1_180_000,
            net: 1_000_000,
            vatBp: 1800,
            lines: [
              { kind: 'vat', label: 'מע"מ', rule: '18% על עמלה של 10,000.00 ₪', amount: 180_000 },
              { kind: 'royalty', label: 'תמלוגים לרשת', rule: '6% מהעמלה לפני מע"מ', amount: 60_000 },
              { kind: 'agent', label: 'סוכנת א', rule: '50% מ-9,400.00 ₪ שנותרו לחלוקה', amount: 470_001 },
              { kind: 'branch', label: 'חלק הסניף', rule: 'היתרה', amount: 469_999 },
            ],
          },
        },
      }),
    );
    setup();
    const table = await screen.findByRole('table');
    expect(calls[0]?.url).toBe('/api/v1/deals/d1/statement');
    const rows = within(table).getAllByRole('row');
    // The header, four lines, the fee before VAT and the total.
    expect(rows).toHaveLength(7);
    expect(rows[3]).toHaveTextContent('סוכנת א');
    expect(rows[3]).toHaveTextContent('50% מ-9,400.00 ₪ שנותרו לחלוקה');
    expect(rows[3]).toHaveTextContent('4,700.01');
    expect(rows[5]).toHaveTextContent('העמלה לפני מע"מ');
    expect(rows[5]).toHaveTextContent('10,000.00');
    expect(rows[6]).toHaveTextContent('סה"כ לתשלום, כולל מע"מ');
    expect(rows[6]).toHaveTextContent('11,800.00');
    expect(screen.getByText(/שחלו ב-1\.3\.2026|שחלו ב-01\.03\.2026/)).toBeInTheDocument();
  });

  it('says when a statement was frozen at invoicing', async () => {
    fakeApi(() =>
      json(200, {
        status: 'success',
        data: {
          statement: {
            dealId: 'd1',
            leadId: 'l1',
            branchId: 'b1',
            signedOn: '2026-03-01',
            feePlanId: 'p1',
            total: 1_180_000,
            net: 1_000_000,
            vatBp: 1800,
            frozenAt: '2026-04-02T09:00:00.000Z',
            lines: [{ kind: 'vat', label: 'מע"מ', rule: '18%', amount: 180_000 }],
          },
        },
      }),
    );
    setup();
    expect(
      await screen.findByText('הפירוט ננעל בהפקת החשבונית ב-2.4.2026 ואינו משתנה עוד.'),
    ).toBeInTheDocument();
  });

  it("shows the server's Hebrew message when there is no statement", async () => {
    fakeApi(() =>
      json(409, {
        status: 'fail',
        code: 'CONFLICT',
        message: 'לסניף אין תוכנית עמלות בתאריך העסקה: הנהלת הרשת צריכה לקבוע אחת',
      }),
    );
    setup();
    expect(await screen.findByRole('alert')).toHaveTextContent('לסניף אין תוכנית עמלות בתאריך העסקה');
  });
});
