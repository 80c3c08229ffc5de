import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commissionStatement,
  formatAgorot,
  formatBp,
  royaltyOf,
  type StatementInput,
  vatOf,
} from './commission-statement';

const agent = (id: string, weight = 1, grossBefore = 0) => ({ id, name: `סוכן ${id}`, weight, grossBefore });

const base: StatementInput = {
  fee: 10_000_00,
  feeIncludesVat: false,
  vatBp: 1800,
  royaltyBp: 600,
  royaltyCap: null,
  royaltyPaidBefore: 0,
  referral: null,
  agents: [agent('a')],
  split: { kind: 'fixed', agentBp: 5000 },
};

const amounts = (s: ReturnType<typeof commissionStatement>) => s.lines.map((l) => [l.kind, l.amount]);
const sum = (s: ReturnType<typeof commissionStatement>) => s.lines.reduce((a, l) => a + l.amount, 0);

describe('commissionStatement', () => {
  it('runs VAT, royalty, the agent and the branch in that order, summing to the total', () => {
    const s = commissionStatement(base);
    expect(s.total).toBe(11_800_00);
    expect(s.net).toBe(10_000_00);
    expect(amounts(s)).toEqual([
      ['vat', 1_800_00],
      ['royalty', 600_00],
      ['agent', 4_700_00],
      ['branch', 4_700_00],
    ]);
    expect(sum(s)).toBe(s.total);
    expect(s.lines[0]?.rule).toBe(
      `18% על עמלה של ${formatAgorot(10_000_00)} לפני מע"מ (מעוגל לאגורה, חצי אגורה כלפי מעלה)`,
    );
    expect(s.lines[1]?.rule).toContain('6% מהעמלה לפני מע"מ');
    expect(s.lines[2]).toMatchObject({ label: 'סוכן a', agentId: 'a' });
    expect(s.lines[2]?.rule).toBe(`50% מ-${formatAgorot(9_400_00)} שנותרו לחלוקה`);
  });

  it('takes VAT out of a fee that includes it, at the rate in force before or after a change', () => {
    const before = commissionStatement({ ...base, fee: 11_700_00, feeIncludesVat: true, vatBp: 1700 });
    expect(before.net).toBe(10_000_00);
    expect(before.lines[0]?.amount).toBe(1_700_00);
    expect(before.lines[0]?.rule).toBe(
      `17% הכלולים בעמלה של ${formatAgorot(11_700_00)}: לפני מע"מ ${formatAgorot(11_700_00)} / 1.17 = ${formatAgorot(10_000_00)} (מעוגל לאגורה, חצי אגורה כלפי מעלה)`,
    );
    const after = commissionStatement({ ...base, fee: 11_700_00, feeIncludesVat: true, vatBp: 1800 });
    expect(after.total).toBe(11_700_00);
    expect(after.net).toBe(9_915_25); // 11,700 / 1.18 = 9,915.254...
    expect(after.lines[0]?.amount).toBe(1_784_75);
    expect(sum(after)).toBe(11_700_00);
    // On top of a fee: the same fee costs the client more after the change.
    expect(commissionStatement({ ...base, vatBp: 1700 }).total).toBe(11_700_00);
    expect(commissionStatement({ ...base, vatBp: 1800 }).total).toBe(11_800_00);
  });

  it('takes a fee per side, each with or without VAT, at the rate of the signing date', () => {
    const sides = (buyerIncludes: boolean, buyer: number, rate: number) =>
      commissionStatement({
        ...base,
        vatBp: rate,
        sides: [
          { side: 'buyer', fee: buyer, includesVat: buyerIncludes },
          { side: 'seller', fee: 10_000_00, includesVat: false },
        ],
      });
    // Before the 2025 change (17%) and after it (18%): the same typed amounts, other VAT and net.
    const at17 = sides(true, 11_700_00, 1700);
    expect(at17.net).toBe(20_000_00);
    expect(at17.lines[0]?.amount).toBe(1_700_00 + 1_700_00);
    expect(at17.total).toBe(11_700_00 + 11_700_00);
    const at18 = sides(true, 11_700_00, 1800);
    expect(at18.net).toBe(9_915_25 + 10_000_00);
    expect(at18.lines[0]?.amount).toBe(1_784_75 + 1_800_00);
    expect(at18.total).toBe(11_700_00 + 11_800_00);
    expect(at18.lines[0]?.rule).toBe(
      `צד הקונה/השוכר: 18% הכלולים בעמלה של ${formatAgorot(11_700_00)}: לפני מע"מ ${formatAgorot(11_700_00)} / 1.18 = ${formatAgorot(9_915_25)} (מעוגל לאגורה, חצי אגורה כלפי מעלה); צד המוכר/המשכיר: 18% על עמלה של ${formatAgorot(10_000_00)} לפני מע"מ (מעוגל לאגורה, חצי אגורה כלפי מעלה)`,
    );
    for (const s of [at17, at18]) {
      expect(sum(s)).toBe(s.total);
      expect(s.lines.filter((l) => l.kind !== 'vat').reduce((a, l) => a + l.amount, 0)).toBe(s.net);
    }
  });

  it('gives the same net and lines whether a fee is typed before VAT or as gross × (1 + rate)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.constantFrom(1700, 1800, 1850, 0),
        (net, vatBp) => {
          // The VAT-inclusive amount of a fee typed before VAT, as the exclusive statement's total says.
          const exclusive = commissionStatement({
            ...base,
            vatBp,
            sides: [{ side: 'buyer', fee: net, includesVat: false }],
          });
          const inclusive = commissionStatement({
            ...base,
            vatBp,
            sides: [{ side: 'buyer', fee: exclusive.total, includesVat: true }],
          });
          expect(inclusive.net).toBe(net);
          expect(inclusive.total).toBe(exclusive.total);
          expect(inclusive.lines.map((l) => l.amount)).toEqual(exclusive.lines.map((l) => l.amount));
        },
      ),
      { numRuns: 300 },
    );
    // The one-figure fee the same way.
    const one = commissionStatement({ ...base, fee: 11_800_00, feeIncludesVat: true });
    expect(one.net).toBe(commissionStatement(base).net);
  });

  it('stops the royalty at the yearly cap, given what was paid this year', () => {
    const capped = commissionStatement({ ...base, royaltyCap: 50_000_00, royaltyPaidBefore: 49_800_00 });
    expect(capped.lines[1]?.amount).toBe(200_00);
    expect(capped.lines[1]?.rule).toContain('עד התקרה השנתית');
    // What the network did not take is split as usual.
    expect(capped.lines[2]?.amount).toBe(4_900_00);
    expect(sum(capped)).toBe(capped.total);
    const reached = commissionStatement({ ...base, royaltyCap: 50_000_00, royaltyPaidBefore: 50_000_00 });
    expect(reached.lines[1]?.amount).toBe(0);
    const over = commissionStatement({ ...base, royaltyCap: 50_000_00, royaltyPaidBefore: 60_000_00 });
    expect(over.lines[1]?.amount).toBe(0);
    const under = commissionStatement({ ...base, royaltyCap: 50_000_00, royaltyPaidBefore: 0 });
    expect(under.lines[1]?.amount).toBe(600_00);
    expect(under.lines[1]?.rule).toContain('תקרה שנתית');
  });

  it('royaltyOf rounds half up and respects the cap', () => {
    expect(royaltyOf(25, 1000, null, 0)).toBe(3); // 2.5 → 3
    expect(royaltyOf(24, 1000, null, 0)).toBe(2);
    expect(royaltyOf(1000, 1000, 150, 100)).toBe(50);
    expect(royaltyOf(1000, 1000, 150, 200)).toBe(0);
  });

  it('vatOf: on top, or inside, half up', () => {
    expect(vatOf(1, false, 1800)).toEqual({ net: 1, vat: 0 });
    expect(vatOf(3, false, 1800)).toEqual({ net: 3, vat: 1 }); // 0.54 → 1
    expect(vatOf(118, true, 1800)).toEqual({ net: 100, vat: 18 });
  });

  it('pays a referral before the split, as a percent of the fee before VAT', () => {
    const s = commissionStatement({ ...base, referral: { bp: 2500, to: 'סניף חיפה' } });
    expect(amounts(s)).toEqual([
      ['vat', 1_800_00],
      ['royalty', 600_00],
      ['referral', 2_500_00],
      ['agent', 3_450_00],
      ['branch', 3_450_00],
    ]);
    expect(s.lines[2]?.label).toBe('עמלת הפניה: סניף חיפה');
    expect(s.lines[2]?.rule).toBe(`25% מהעמלה לפני מע"מ (${formatAgorot(10_000_00)})`);
  });

  it('splits between two agents by their weights', () => {
    const s = commissionStatement({
      ...base,
      royaltyBp: 0,
      agents: [agent('a', 6000), agent('b', 4000)],
      split: { kind: 'fixed', agentBp: 5000 },
    });
    expect(amounts(s)).toEqual([
      ['vat', 1_800_00],
      ['royalty', 0],
      ['agent', 3_000_00],
      ['agent', 2_000_00],
      ['branch', 5_000_00],
    ]);
    expect(s.lines[2]?.rule).toContain('חלק של 60% בעסקה');
  });

  it('splits a deal that crosses a tier between the two tiers', () => {
    const tiers = [
      { fromAgorot: 0, agentBp: 5000 },
      { fromAgorot: 100_000_00, agentBp: 7000 },
    ];
    // The agent had 96,000 ₪ this year: 4,000 of this 10,000 ₪ fall below the tier, 6,000 above it.
    const s = commissionStatement({
      ...base,
      royaltyBp: 0,
      agents: [agent('a', 1, 96_000_00)],
      split: { kind: 'tiers', tiers },
    });
    expect(amounts(s)).toEqual([
      ['vat', 1_800_00],
      ['royalty', 0],
      ['agent', 2_000_00],
      ['agent', 4_200_00],
      ['branch', 3_800_00],
    ]);
    expect(s.lines[2]?.rule).toContain(`מדרגה מ-${formatAgorot(0)}`);
    expect(s.lines[3]?.rule).toContain(`מדרגה מ-${formatAgorot(100_000_00)} במחזור השנתי: 70%`);
    // Already above the tier: all of it at the higher rate; below it: all at the lower.
    const above = commissionStatement({
      ...base,
      royaltyBp: 0,
      agents: [agent('a', 1, 150_000_00)],
      split: { kind: 'tiers', tiers },
    });
    expect(amounts(above).filter(([k]) => k === 'agent')).toEqual([['agent', 7_000_00]]);
    const below = commissionStatement({ ...base, royaltyBp: 0, split: { kind: 'tiers', tiers } });
    expect(amounts(below).filter(([k]) => k === 'agent')).toEqual([['agent', 5_000_00]]);
  });

  it('measures each agent of a shared deal by their own year, and their share of the deal', () => {
    const tiers = [
      { fromAgorot: 0, agentBp: 5000 },
      { fromAgorot: 10_000_00, agentBp: 8000 },
    ];
    const s = commissionStatement({
      ...base,
      royaltyBp: 1000,
      agents: [agent('a', 1, 8_000_00), agent('b', 1, 0)],
      split: { kind: 'tiers', tiers },
    });
    // Each had 5,000 ₪ of the fee: a crosses at 2,000 of them, b stays below. 9,000 ₪ to split after 10%.
    expect(amounts(s)).toEqual([
      ['vat', 1_800_00],
      ['royalty', 1_000_00],
      ['agent', 900_00], // 2,000/5,000 of 4,500 at 50%
      ['agent', 2_160_00], // 3,000/5,000 of 4,500 at 80%
      ['agent', 2_250_00],
      ['branch', 3_690_00],
    ]);
    expect(sum(s)).toBe(s.total);
  });

  it('rounds by the largest remainder, so three equal shares of 100 agorot sum to it', () => {
    const s = commissionStatement({
      ...base,
      fee: 100,
      vatBp: 0,
      royaltyBp: 0,
      agents: [agent('a'), agent('b'), agent('c')],
      split: { kind: 'fixed', agentBp: BPFull },
    });
    // 33.33 each and the branch nothing: the one agora left goes to the first of the equal fractions.
    expect(amounts(s)).toEqual([
      ['vat', 0],
      ['royalty', 0],
      ['agent', 34],
      ['agent', 33],
      ['agent', 33],
      ['branch', 0],
    ]);
    const odd = commissionStatement({ ...base, fee: 101, vatBp: 0, royaltyBp: 0 });
    // 50.5 and 50.5: the earlier line, the agent's, takes the agora.
    expect(amounts(odd).slice(2)).toEqual([
      ['agent', 51],
      ['branch', 50],
    ]);
  });

  it('refuses input no plan can give', () => {
    expect(() => commissionStatement({ ...base, fee: 10.5 })).toThrow(RangeError);
    expect(() => commissionStatement({ ...base, fee: -1 })).toThrow(RangeError);
    expect(() => commissionStatement({ ...base, royaltyBp: 10_001 })).toThrow(RangeError);
    expect(() => commissionStatement({ ...base, royaltyBp: 6000, referral: { bp: 5000, to: 'x' } })).toThrow(
      RangeError,
    );
    expect(() => commissionStatement({ ...base, agents: [] })).toThrow(RangeError);
    expect(() => commissionStatement({ ...base, split: { kind: 'tiers', tiers: [] } })).toThrow(RangeError);
    expect(() => commissionStatement({ ...base, royaltyCap: 1.5 })).toThrow(RangeError);
    expect(() => commissionStatement({ ...base, agents: [agent('a', -1)] })).toThrow(RangeError);
  });

  it('formats agorot and basis points', () => {
    expect(formatBp(1750)).toBe('17.5%');
    expect(formatBp(1800)).toBe('18%');
    expect(formatAgorot(1_234_567)).toContain('12,345.67');
  });
});

const BPFull = 10_000;

describe('commissionStatement, any input', () => {
  const tier = fc.record({
    fromAgorot: fc.integer({ min: 0, max: 100_000_000 }),
    agentBp: fc.integer({ min: 0, max: BPFull }),
  });
  const input = fc
    .record({
      fee: fc.integer({ min: 0, max: 2_000_000_000 }),
      feeIncludesVat: fc.boolean(),
      vatBp: fc.integer({ min: 0, max: 3000 }),
      royaltyBp: fc.integer({ min: 0, max: 5000 }),
      royaltyCap: fc.option(fc.integer({ min: 0, max: 100_000_000 }), { nil: null }),
      royaltyPaidBefore: fc.integer({ min: 0, max: 120_000_000 }),
      referralBp: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
      agents: fc.array(
        fc.record({
          weight: fc.integer({ min: 0, max: 10_000_000 }),
          grossBefore: fc.integer({ min: 0, max: 200_000_000 }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      split: fc.oneof(
        fc.record({ kind: fc.constant('fixed' as const), agentBp: fc.integer({ min: 0, max: BPFull }) }),
        fc.record({
          kind: fc.constant('tiers' as const),
          tiers: fc.array(tier, { minLength: 1, maxLength: 4 }),
        }),
      ),
    })
    .map(
      ({ referralBp, agents, ...rest }): StatementInput => ({
        ...rest,
        referral: referralBp === null ? null : { bp: referralBp, to: 'x' },
        agents: agents.map((a, i) => ({ ...a, id: String(i), name: String(i) })),
      }),
    );

  it('lines are whole agorot, never negative, and always sum to the total (and all but VAT to the net)', () => {
    fc.assert(
      fc.property(input, (i) => {
        const s = commissionStatement(i);
        expect(s.lines.every((l) => Number.isSafeInteger(l.amount) && l.amount >= 0)).toBe(true);
        expect(sum(s)).toBe(s.total);
        expect(s.lines.filter((l) => l.kind !== 'vat').reduce((a, l) => a + l.amount, 0)).toBe(s.net);
        if (!i.feeIncludesVat) expect(s.net).toBe(i.fee);
        else expect(s.total).toBe(i.fee);
        const royalty = s.lines.find((l) => l.kind === 'royalty')?.amount ?? 0;
        if (i.royaltyCap !== null)
          expect(royalty).toBeLessThanOrEqual(Math.max(0, i.royaltyCap - i.royaltyPaidBefore));
      }),
      { numRuns: 300 },
    );
  });
});
