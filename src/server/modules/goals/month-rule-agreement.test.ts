import { randomUUID } from 'node:crypto';
import { israelMonthRange, type Range } from '@shared/domain/israel-calendar';
import { countsInMonth } from '@shared/domain/month-figures';
import { type RolePeriod, rolesDuring } from '@shared/domain/role-history';
import { COMPANY_ROLE_TITLES, type RoleHolder } from '@shared/domain/roles';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { goals, indicators, userRoleHistory, users } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// The month queries carry an SQL twin of the shared rule `countsInMonth` (decisions 0010 and 0015). On
// generated offices whose roles changed before, during and after the month (exactly on its edges too), the
// scoreboard and /Performance must list exactly the people the shared rule counts, and the company row must
// add up to those rows.
let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await createTestApp();
  const a = await createUser(app.db, { role: 'admin', name: 'מנהלת' });
  admin = await signIn(app, a.email, TEST_PASSWORD);
});

const holder = fc.record({
  role: fc.constantFrom('agent' as const, 'admin' as const),
  companyRole: fc.constantFrom(null, 'תפקיד אחר', ...COMPANY_ROLE_TITLES),
});
/**
 * When a role changed, relative to the tested month: well before it, exactly as it starts, inside it, a moment
 * before it ends, exactly as the next one starts, or after it.
 */
const changeAt = fc.constantFrom('before', 'start', 'inside', 'lastMoment', 'end', 'after');
const person = fc.record({
  first: holder,
  changes: fc.array(fc.tuple(changeAt, holder), { maxLength: 3 }),
  active: fc.boolean(),
  deals: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
  goalDeals: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
});

/** The periods of a generated person: the first reaches back (null start), each change closes the one before. */
function historyOf(p: { first: RoleHolder; changes: [string, RoleHolder][] }, range: Range): RolePeriod[] {
  const hour = 3_600_000;
  const instant: Record<string, number> = {
    before: range.from.getTime() - 40 * 24 * hour,
    start: range.from.getTime(),
    inside: range.from.getTime() + 10 * 24 * hour,
    lastMoment: range.to.getTime() - 1,
    end: range.to.getTime(),
    after: range.to.getTime() + 5 * 24 * hour,
  };
  // Changes in time order; two at the same instant keep the later one (as the trigger does in a transaction).
  const changes = [...p.changes]
    .map(([when, role]) => ({ at: instant[when]!, role }))
    .sort((a, b) => a.at - b.at)
    .filter((c, i, all) => all[i + 1]?.at !== c.at);
  const periods: RolePeriod[] = [];
  let from: Date | null = null;
  let current: RoleHolder = p.first;
  for (const change of changes) {
    periods.push({
      ...current,
      companyRole: current.companyRole ?? null,
      validFrom: from,
      validUntil: new Date(change.at),
    });
    from = new Date(change.at);
    current = change.role;
  }
  periods.push({ ...current, companyRole: current.companyRole ?? null, validFrom: from, validUntil: null });
  return periods;
}

const ZERO = { meetings: 0, exclusives: 0, priceUpdates: 0, buyerTours: 0, priceOffers: 0, deals: 0 };
const get = (url: string) => app.inject({ url: `/api/v1${url}`, headers: { cookie: admin } });
let run = 0;

describe('the SQL twin of countsInMonth', () => {
  it('lists on the scoreboard and /Performance exactly whom the shared rule counts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(person, { minLength: 1, maxLength: 6 }), async (people) => {
        // A month of its own per run (none read before, so no cached answer), 2001-01 onwards.
        const year = 2001 + Math.floor(run / 12);
        const month = (run % 12) + 1;
        run += 1;
        const range = israelMonthRange(year, month);
        const histories = people.map((p) => historyOf(p, range));
        const rows = await app.db
          .insert(users)
          .values(
            people.map((p, i) => ({
              name: `בדיקה ${run}-${i}`,
              email: `rule-${randomUUID()}@example.com`,
              role: histories[i]!.at(-1)!.role,
              companyRole: histories[i]!.at(-1)!.companyRole,
              active: p.active,
              passwordHash: 'not-a-hash',
            })),
          )
          .returning({ id: users.id });
        const ids = rows.map((r) => r.id);
        // The history the triggers opened is replaced by the generated one.
        await app.db.delete(userRoleHistory).where(inArray(userRoleHistory.userId, ids));
        await app.db
          .insert(userRoleHistory)
          .values(
            histories.flatMap((history, i) => history.map((period) => ({ ...period, userId: ids[i]! }))),
          );
        const at = new Date(Date.UTC(year, month - 1, 10, 9));
        const entries = people.flatMap((p, i) =>
          p.deals === null ? [] : [{ agentId: ids[i]!, ...ZERO, deals: p.deals, createdAt: at }],
        );
        const goalRows = people.flatMap((p, i) =>
          p.goalDeals === null ? [] : [{ agentId: ids[i]!, year, month, ...ZERO, deals: p.goalDeals }],
        );
        if (entries.length) await app.db.insert(indicators).values(entries);
        if (goalRows.length) await app.db.insert(goals).values(goalRows);

        const expected = ids
          .filter((_, i) => {
            const p = people[i]!;
            return countsInMonth({
              ...p,
              roles: rolesDuring(histories[i]!, range),
              actual: p.deals === null ? null : { ...ZERO, deals: p.deals },
              goal: p.goalDeals === null ? null : { ...ZERO, deals: p.goalDeals },
            });
          })
          .sort();
        const mine = (list: { agentId: string }[]) =>
          list
            .map((e) => e.agentId)
            .filter((id) => ids.includes(id))
            .sort();

        const board = (await get(`/indicators/scoreboard?year=${year}&month=${month}`)).json().data;
        expect(mine(board)).toEqual(expected);
        const shown = (await get(`/goals/performance/all/${year}/${month}`)).json().data as ({
          agentId: string;
        } & Record<string, { actual: number }>)[];
        expect(mine(shown)).toEqual(expected);
        // The company row adds up to every row shown that month (earlier runs' active agents included).
        const company = (await get(`/goals/companyPerformance?year=${year}&month=${month}`)).json().data;
        expect(company.deals.actual).toBe(shown.reduce((sum, row) => sum + row.deals!.actual, 0));
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
