import { DEAL_MESSAGES } from '@shared/schemas/deals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@web/lib/api-client';
import { fakeApi, json } from '@web/test/fake-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActivityForm } from './activity-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('logging a deal without a signed brokerage order', () => {
  it("shows the reason field with the server's question, and sends the reason typed", async () => {
    fakeApi(() => json(200, { status: 'success', data: { agents: [] } }));
    const message = DEAL_MESSAGES.noOrderReason('הקונה');
    const sent: Record<string, unknown>[] = [];
    const onSubmit = vi.fn(async (body: Record<string, unknown>) => {
      sent.push(body);
      if (!body.noOrderReason) throw new ApiError(400, { message, fieldErrors: { noOrderReason: message } });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ActivityForm kind="deal" onSubmit={onSubmit} onCancel={() => {}} />
      </QueryClientProvider>,
    );
    expect(screen.queryByLabelText(/למה העסקה נרשמת ללא הזמנת תיווך חתומה/)).toBeNull();
    await userEvent.type(screen.getByLabelText(/מחיר העסקה/), '1000000');
    await userEvent.type(screen.getByLabelText(/עמלה מצד הקונה או השוכר/), '20000');
    await userEvent.click(screen.getByRole('button', { name: 'רישום' }));
    const reason = await screen.findByLabelText(/למה העסקה נרשמת ללא הזמנת תיווך חתומה/);
    expect(reason).toHaveAccessibleDescription(message);
    expect(reason).toBeRequired();
    await userEvent.type(reason, 'חתם בנייר');
    await userEvent.click(screen.getByRole('button', { name: 'רישום' }));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ price: 1_000_000, buyerSideFee: 20_000, noOrderReason: 'חתם בנייר' });
  });
});

describe("a deal's fee per side", () => {
  const setup = (initial?: Parameters<typeof ActivityForm>[0]['initial']) => {
    fakeApi(() => json(200, { status: 'success', data: { agents: [] } }));
    const onSubmit = vi.fn(async (_body: Record<string, unknown>) => {});
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ActivityForm kind="deal" initial={initial} onSubmit={onSubmit} onCancel={() => {}} />
      </QueryClientProvider>,
    );
    return onSubmit;
  };

  it('sends each side with or without VAT, as chosen', async () => {
    const onSubmit = setup();
    await userEvent.type(screen.getByLabelText(/מחיר העסקה/), '2000000');
    await userEvent.type(screen.getByLabelText(/עמלה מצד הקונה או השוכר/), '23600');
    await userEvent.selectOptions(screen.getByLabelText('מע"מ בעמלת הקונה או השוכר'), 'כולל מע"מ');
    await userEvent.type(screen.getByLabelText(/עמלה מצד המוכר או המשכיר/), '20000');
    expect(screen.getByLabelText('מע"מ בעמלת המוכר או המשכיר')).toHaveDisplayValue('לפני מע"מ');
    await userEvent.click(screen.getByRole('button', { name: 'רישום' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        price: 2_000_000,
        buyerSideFee: 23_600,
        buyerSideFeeIncludesVat: true,
        sellerSideFee: 20_000,
        sellerSideFeeIncludesVat: false,
      }),
    );
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('commission');
  });

  it('keeps the one-figure commission of a deal logged before the sides', async () => {
    const onSubmit = setup({
      note: '',
      occurredAt: '',
      amount: '',
      price: '1000000',
      commission: '20000',
      buyerSideFee: '',
      buyerSideFeeIncludesVat: '',
      sellerSideFee: '',
      sellerSideFeeIncludesVat: '',
      secondAgentId: '',
      secondAgentCommission: '',
      noOrderReason: '',
    });
    expect(screen.queryByLabelText(/עמלה מצד הקונה/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'רישום' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ commission: 20_000 }));
  });
});

describe("a deal on another branch's property", () => {
  it("says the server's refusal in the form", async () => {
    fakeApi(() => json(200, { status: 'success', data: { agents: [] } }));
    const message = DEAL_MESSAGES.propertyOfOtherBranch('סניף הרצליה');
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, { message, fieldErrors: { propertyId: message } });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ActivityForm kind="deal" onSubmit={onSubmit} onCancel={() => {}} />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'רישום' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
