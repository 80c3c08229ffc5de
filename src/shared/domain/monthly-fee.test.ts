import { describe, expect, it } from 'vitest';
import {
  agentsAtMonthStart,
  type FeePeriod,
  type FeePerson,
  monthlyFeeRule,
  monthStart,
} from './monthly-fee';

const TLV = 'branch-tlv';
const HAIFA = 'branch-haifa';
const person = (id: string, createdAt = '2025-01-01T00:00:00Z', active = true): FeePerson => ({
  id,
  active,
  createdAt: new Date(createdAt),
});
const period = (
  userId: string,
  branchId: string,
  validFrom: Date | null,
  validUntil: Date | null,
  role: 'agent' | 'admin' = 'agent',
  companyRole: string | null = null,
): FeePeriod => ({ userId, branchId, validFrom, validUntil, role, companyRole });

describe('agentsAtMonthStart', () => {
  it('counts an agent who moved mid-month for the branch she was in when the month began', () => {
    const moved = new Date('2026-06-15T09:00:00Z');
    const people = [person('dana'), person('avi')];
    const periods = [
      period('dana', TLV, null, moved),
      period('dana', HAIFA, moved, null),
      period('avi', TLV, null, null),
    ];
    expect(agentsAtMonthStart(people, periods, '2026-06')).toEqual(new Map([[TLV, 2]]));
    expect(agentsAtMonthStart(people, periods, '2026-07')).toEqual(
      new Map([
        [TLV, 1],
        [HAIFA, 1],
      ]),
    );
  });

  it('gives a move exactly at the month start to the new branch (the change opens the period)', () => {
    const start = monthStart('2026-03');
    expect(start.toISOString()).toBe('2026-02-28T22:00:00.000Z');
    const periods = [period('dana', TLV, null, start), period('dana', HAIFA, start, null)];
    expect(agentsAtMonthStart([person('dana')], periods, '2026-03')).toEqual(new Map([[HAIFA, 1]]));
    expect(agentsAtMonthStart([person('dana')], periods, '2026-02')).toEqual(new Map([[TLV, 1]]));
  });

  it('leaves out pure admins, deactivated users and accounts opened after the month began', () => {
    const people = [
      person('admin'),
      person('consultant'),
      person('gone', undefined, false),
      person('new', '2026-05-01T08:00:00Z'),
    ];
    const periods = [
      period('admin', TLV, null, null, 'admin'),
      period('consultant', TLV, null, null, 'admin', 'יועצת נדל"ן מובילה'),
      period('gone', TLV, null, null),
      period('new', TLV, null, null),
    ];
    expect(agentsAtMonthStart(people, periods, '2026-05')).toEqual(new Map([[TLV, 1]]));
    expect(agentsAtMonthStart(people, periods, '2026-06')).toEqual(new Map([[TLV, 2]]));
  });

  it('counts an agent made admin mid-month for that month and not the next', () => {
    const change = new Date('2026-04-10T10:00:00Z');
    const periods = [period('dana', TLV, null, change), period('dana', TLV, change, null, 'admin')];
    expect(agentsAtMonthStart([person('dana')], periods, '2026-04')).toEqual(new Map([[TLV, 1]]));
    expect(agentsAtMonthStart([person('dana')], periods, '2026-05')).toEqual(new Map());
  });
});

describe('monthlyFeeRule', () => {
  it('names the count with its Hebrew number form and the fee', () => {
    expect(monthlyFeeRule(1, 50000)).toBe('דמי חודש לסוכנים: סוכן אחד × 500.00 ₪');
    expect(monthlyFeeRule(2, 50000)).toBe('דמי חודש לסוכנים: 2 סוכנים × 500.00 ₪');
    expect(monthlyFeeRule(12, 123456)).toBe('דמי חודש לסוכנים: 12 סוכנים × 1,234.56 ₪');
  });
});
