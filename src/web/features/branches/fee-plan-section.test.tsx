import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '@web/test/fake-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeePlanSection } from './fee-plan-section';

afterEach(() => vi.unstubAllGlobals());

const plan = {
  _id: 'p1',
  branchId: 'b1',
  effectiveFrom: '2024-01-01',
  royaltyBp: 600,
  royaltyCapAgorot: 5_000_000,
  monthlyFeeAgorot: 0,
  split: { kind: 'fixed', agentBp: 5000 },
  createdAt: '2024-01-01T00:00:00.000Z',
};

function setup(manage: boolean, post?: () => Response) {
  const calls = fakeApi((call) =>
    call.method === 'POST' && post
      ? post()
      : json(200, { status: 'success', data: { feePlans: [plan], currentId: 'p1' } }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FeePlanSection branchId="b1" branchName="סניף חיפה" manage={manage} />
    </QueryClientProvider>,
  );
  return calls;
}

describe('FeePlanSection', () => {
  it('shows a branch manager the plan in force, read-only', async () => {
    const calls = setup(false);
    await userEvent.click(screen.getByRole('button', { name: 'תוכנית העמלות של סניף חיפה' }));
    expect(await screen.findByText('בתוקף מ-1.1.2024', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('תמלוגים לרשת: 6% מהעמלה לפני מע"מ')).toBeInTheDocument();
    expect(screen.getByText(/תקרה שנתית: .*50,000/)).toBeInTheDocument();
    expect(screen.getByText('לסוכן 50% ממה שנותר לחלוקה')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'תוכנית חדשה' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/branches/b1/fee-plans']);
  });

  it('lets a network admin add tiers, sent in basis points and agorot', async () => {
    const calls = setup(true, () => json(201, { status: 'success', data: { feePlan: plan } }));
    await userEvent.click(screen.getByRole('button', { name: 'תוכנית העמלות של סניף חיפה' }));
    await userEvent.click(await screen.findByRole('button', { name: 'תוכנית חדשה' }));
    const form = screen.getByRole('form', { name: 'תוכנית עמלות חדשה' });
    // Prefilled from the plan in force.
    expect(within(form).getByLabelText('תמלוגים לרשת (%)')).toHaveValue(6);
    await userEvent.clear(within(form).getByLabelText('תמלוגים לרשת (%)'));
    await userEvent.type(within(form).getByLabelText('תמלוגים לרשת (%)'), '7.5');
    await userEvent.selectOptions(within(form).getByLabelText('חלוקה לסוכן'), 'tiers');
    await userEvent.type(within(form).getByLabelText('מדרגה 1: חלק הסוכן (%)'), '50');
    await userEvent.click(within(form).getByRole('button', { name: 'הוספת מדרגה' }));
    await userEvent.type(within(form).getByLabelText('מדרגה 2: ממחזור שנתי של (₪)'), '100000');
    await userEvent.type(within(form).getByLabelText('מדרגה 2: חלק הסוכן (%)'), '70');
    await userEvent.click(within(form).getByRole('button', { name: 'שמירת התוכנית' }));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      royaltyBp: 750,
      royaltyCapAgorot: 5_000_000,
      monthlyFeeAgorot: 0,
      split: {
        kind: 'tiers',
        tiers: [
          { fromAgorot: 0, agentBp: 5000 },
          { fromAgorot: 10_000_000, agentBp: 7000 },
        ],
      },
    });
  });

  it("shows the server's refusal on its field", async () => {
    const message = 'תוכנית חדשה חלה מהיום והלאה: אי אפשר לשנות תוכנית שכבר חלה על עסקאות';
    setup(true, () =>
      json(400, { status: 'fail', code: 'VALIDATION', message, fieldErrors: { effectiveFrom: message } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'תוכנית העמלות של סניף חיפה' }));
    await userEvent.click(await screen.findByRole('button', { name: 'תוכנית חדשה' }));
    await userEvent.click(screen.getByRole('button', { name: 'שמירת התוכנית' }));
    expect(await screen.findByLabelText('בתוקף מתאריך')).toHaveAccessibleDescription(message);
  });
});
