import { describe, expect, it } from 'vitest';
import { israelMonthRange } from './israel-calendar';
import { heldDuring, type RolePeriod, rolesDuring } from './role-history';

const october = israelMonthRange(2025, 10);
const change = (iso: string) => new Date(iso);

// An agent until 15 October 2025 (09:00 Israel time), a pure admin since.
const history: RolePeriod[] = [
  { role: 'agent', companyRole: null, validFrom: null, validUntil: change('2025-10-15T06:00:00Z') },
  { role: 'admin', companyRole: null, validFrom: change('2025-10-15T06:00:00Z'), validUntil: null },
];

describe('rolesDuring', () => {
  it('gives both roles in the month of the change, one before and one after', () => {
    expect(rolesDuring(history, october).map((r) => r.role)).toEqual(['agent', 'admin']);
    expect(rolesDuring(history, israelMonthRange(2025, 9)).map((r) => r.role)).toEqual(['agent']);
    expect(rolesDuring(history, israelMonthRange(2025, 11)).map((r) => r.role)).toEqual(['admin']);
  });
  it("lets the first period reach back before the account, and today's role run on into the future", () => {
    expect(rolesDuring(history, israelMonthRange(1999, 1)).map((r) => r.role)).toEqual(['agent']);
    expect(rolesDuring(history, israelMonthRange(2040, 1)).map((r) => r.role)).toEqual(['admin']);
  });
});

describe('heldDuring', () => {
  // October starts on 1 October 00:00 in Israel: 30 September 21:00 UTC (summer time).
  const start = october.from;
  const justBefore = new Date(start.getTime() - 1);
  it('a period ending as the month starts is not held in it; one ending a moment later is', () => {
    expect(heldDuring({ validFrom: null, validUntil: start }, october)).toBe(false);
    expect(heldDuring({ validFrom: null, validUntil: new Date(start.getTime() + 1) }, october)).toBe(true);
  });
  it('a period starting as the next month starts is not held in this one; one starting a moment earlier is', () => {
    expect(heldDuring({ validFrom: october.to, validUntil: null }, october)).toBe(false);
    expect(heldDuring({ validFrom: new Date(october.to.getTime() - 1), validUntil: null }, october)).toBe(
      true,
    );
    expect(heldDuring({ validFrom: justBefore, validUntil: null }, october)).toBe(true);
  });
});
