import { describe, expect, it } from 'vitest';
import { createFeePlanSchema, MONEY_MESSAGES, statementResponseSchema } from './money';

// The fee plan body as the plan form sends it, and a statement answer as the screens read it.

const plan = {
  effectiveFrom: '2027-01-01',
  royaltyBp: 600,
  split: { kind: 'fixed', agentBp: 5000 },
};

const messageOf = (body: unknown, field: string) => {
  const result = createFeePlanSchema.safeParse(body);
  expect(result.success).toBe(false);
  return result.error?.issues.find((i) => i.path[0] === field)?.message;
};

describe('createFeePlanSchema', () => {
  it('fills the cap and the monthly fee when left out', () => {
    expect(createFeePlanSchema.parse(plan)).toEqual({ ...plan, royaltyCapAgorot: null, monthlyFeeAgorot: 0 });
  });

  it('refuses each bad field with its Hebrew message', () => {
    expect(messageOf({ ...plan, effectiveFrom: '2027-02-30' }, 'effectiveFrom')).toBe(
      MONEY_MESSAGES.effectiveFrom,
    );
    expect(messageOf({ ...plan, royaltyBp: 6.5 }, 'royaltyBp')).toBe(MONEY_MESSAGES.rate);
    expect(messageOf({ ...plan, royaltyBp: 10_001 }, 'royaltyBp')).toBe(MONEY_MESSAGES.rate);
    expect(messageOf({ ...plan, royaltyCapAgorot: -5 }, 'royaltyCapAgorot')).toBe(MONEY_MESSAGES.amount);
    expect(messageOf({ ...plan, monthlyFeeAgorot: 10.5 }, 'monthlyFeeAgorot')).toBe(MONEY_MESSAGES.amount);
    const tiers = (t: { fromAgorot: number; agentBp: number }[]) => ({
      ...plan,
      split: { kind: 'tiers', tiers: t },
    });
    expect(messageOf(tiers([]), 'split')).toBe(MONEY_MESSAGES.tiers);
    expect(messageOf(tiers([{ fromAgorot: 5, agentBp: 5000 }]), 'split')).toBe(MONEY_MESSAGES.tiers);
    expect(
      messageOf(
        tiers([
          { fromAgorot: 0, agentBp: 5000 },
          { fromAgorot: 0, agentBp: 6000 },
        ]),
        'split',
      ),
    ).toBe(MONEY_MESSAGES.tiers);
    expect(messageOf({ ...plan, split: { kind: 'other' } }, 'split')).toBe(MONEY_MESSAGES.tiers);
  });
});

describe('statement answers', () => {
  it('parse through their response schema', () => {
    const statement = {
      dealId: 'd',
      leadId: 'l',
      branchId: 'b',
      signedOn: '2026-03-01',
      feePlanId: 'p',
      total: 118,
      net: 100,
      vatBp: 1800,
      lines: [
        { kind: 'vat', label: 'מע"מ', rule: '18%', amount: 18 },
        { kind: 'agent', label: 'סוכנת', rule: '50%', amount: 50, agentId: 'a' },
        { kind: 'branch', label: 'חלק הסניף', rule: 'היתרה', amount: 50 },
      ],
    };
    expect(statementResponseSchema.parse({ status: 'success', data: { statement } }).data.statement).toEqual(
      statement,
    );
  });
});
