import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { METRIC_KEYS, type Metrics } from './metrics';
import { agentMonths, companyMonth, countsInMonth, isEmptyMonth, type MonthPerson } from './month-figures';
import { COMPANY_ROLES } from './roles';

const days = { total: 22, elapsed: 9, remaining: 13 };
const zero = Object.fromEntries(METRIC_KEYS.map((k) => [k, 0])) as Metrics;
const person = (over: Partial<MonthPerson>): MonthPerson => ({
  id: 'p',
  name: 'אבי',
  gender: 'male',
  roles: [{ role: 'agent', companyRole: null }],
  active: true,
  actual: null,
  goal: null,
  ...over,
});

describe('countsInMonth', () => {
  it('counts active people who do agent work', () => {
    expect(countsInMonth(person({}))).toBe(true);
    expect(countsInMonth(person({ roles: [{ role: 'admin', companyRole: COMPANY_ROLES.ctoManager }] }))).toBe(
      true,
    );
    expect(
      countsInMonth(person({ roles: [{ role: 'admin', companyRole: COMPANY_ROLES.officeManager }] })),
    ).toBe(false);
  });
  it('counts someone who did agent work at any time in the month, by the roles held then', () => {
    const pure = { role: 'admin' as const, companyRole: null };
    const agent = { role: 'agent' as const, companyRole: null };
    expect(countsInMonth(person({ roles: [pure, agent] }))).toBe(true);
    expect(countsInMonth(person({ roles: [agent, pure] }))).toBe(true);
    expect(countsInMonth(person({ roles: [pure] }))).toBe(false);
    expect(countsInMonth(person({ roles: [] }))).toBe(false);
  });
  it('a deactivated agent counts only in months with entries or a goal', () => {
    expect(countsInMonth(person({ active: false }))).toBe(false);
    expect(countsInMonth(person({ active: false, actual: zero }))).toBe(true);
    expect(countsInMonth(person({ active: false, goal: zero }))).toBe(true);
  });
  it('a pure admin never counts, even with entries', () => {
    expect(
      countsInMonth(person({ roles: [{ role: 'admin', companyRole: null }], actual: { ...zero, deals: 3 } })),
    ).toBe(false);
  });
});

const metrics = fc.record(
  Object.fromEntries(METRIC_KEYS.map((k) => [k, fc.nat({ max: 500 })])) as Record<
    keyof Metrics,
    fc.Arbitrary<number>
  >,
);
const people = fc.array(
  fc.record({
    id: fc.uuid(),
    name: fc.string({ minLength: 1, maxLength: 8 }),
    gender: fc.constantFrom('male' as const, 'female' as const),
    roles: fc.array(
      fc.record({
        role: fc.constantFrom('agent' as const, 'admin' as const),
        companyRole: fc.constantFrom(null, ...Object.values(COMPANY_ROLES)),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    active: fc.boolean(),
    actual: fc.option(metrics, { nil: null }),
    goal: fc.option(metrics, { nil: null }),
  }),
  { maxLength: 25 },
);
const workingDays = fc
  .tuple(fc.integer({ min: 18, max: 23 }), fc.nat({ max: 23 }))
  .map(([total, e]) => ({ total, elapsed: Math.min(e, total), remaining: total - Math.min(e, total) }));

describe('the company row', () => {
  it('always equals the sum of the rows shown', () => {
    fc.assert(
      fc.property(people, workingDays, (everyone, days) => {
        const rows = agentMonths(everyone, days);
        const company = companyMonth(rows);
        expect(rows.length).toBe(everyone.filter(countsInMonth).length);
        for (const key of METRIC_KEYS) {
          const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + pick(r), 0);
          expect(company[key].actual).toBe(sum((r) => r[key].actual));
          const goals = rows.filter((r) => r[key].goal !== null);
          expect(company[key].goal).toBe(goals.length ? sum((r) => r[key].goal ?? 0) : null);
          expect(company[key].forecast).toBeCloseTo(
            sum((r) => r[key].forecast),
            9,
          );
          expect(Number(company[key].forecast.toFixed(2))).toBe(company[key].forecast);
        }
      }),
    );
  });

  it('holds no row of someone who does no agent work, and leaves out a deactivated agent without data', () => {
    const rows = agentMonths(
      [
        person({ id: 'a', name: 'א', actual: { ...zero, deals: 2 }, goal: { ...zero, deals: 4 } }),
        person({ id: 'b', name: 'ב', active: false, actual: { ...zero, deals: 1 } }),
        person({ id: 'c', name: 'ג', active: false }),
        person({ id: 'd', name: 'ד', roles: [{ role: 'admin' }], actual: { ...zero, deals: 9 } }),
      ],
      days,
    );
    expect(rows.map((r) => [r.agentId, r.active])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    const company = companyMonth(rows);
    expect(company.deals).toEqual({ actual: 3, goal: 4, percentage: 75, forecast: 7.33 });
  });
});

describe('isEmptyMonth', () => {
  it('is empty only with no entries and no goals', () => {
    expect(isEmptyMonth(agentMonths([person({})], days))).toBe(true);
    expect(isEmptyMonth(agentMonths([person({ actual: zero })], days))).toBe(false);
    expect(isEmptyMonth(agentMonths([person({ goal: zero })], days))).toBe(false);
  });
});

describe('the rows of a month', () => {
  it('are sorted by name in Hebrew order, whatever order the people come in', () => {
    const names = ['תמר', 'אבי', 'מיכל', 'בני'];
    const rows = agentMonths(
      names.map((name, i) => person({ id: String(i), name })),
      days,
    );
    expect(rows.map((r) => r.agentName)).toEqual(['אבי', 'בני', 'מיכל', 'תמר']);
  });

  it('a month is empty only when every row is: one row with entries or a single goal makes it not', () => {
    const rows = agentMonths(
      [person({ id: 'a', name: 'אבי' }), person({ id: 'b', name: 'בני', actual: zero })],
      days,
    );
    expect(isEmptyMonth(rows)).toBe(false);
    const withGoals = agentMonths([person({ goal: zero })], days);
    expect(isEmptyMonth(withGoals)).toBe(false);
    // A goal on some metrics only counts as well.
    const partial = withGoals.map((row) => ({
      ...row,
      [METRIC_KEYS[0]!]: { ...row[METRIC_KEYS[0]!], goal: null },
    }));
    expect(isEmptyMonth(partial)).toBe(false);
  });
});
