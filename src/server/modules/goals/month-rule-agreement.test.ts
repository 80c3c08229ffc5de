import { randomUUID } from 'node:crypto';
import { countsInMonth } from '@shared/domain/month-figures';
import { COMPANY_ROLE_TITLES } from '@shared/domain/roles';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { goals, indicators, users } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// The month queries carry an SQL twin of the shared rule `countsInMonth` (decision 0010). On generated
// offices, the scoreboard and /Performance must list exactly the people the shared rule counts, and the
// company row must add up to those rows.
let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await createTestApp();
  const a = await createUser(app.db, { role: 'admin', name: 'מנהלת' });
  admin = await signIn(app, a.email, TEST_PASSWORD);
});

const person = fc.record({
  role: fc.constantFrom('agent' as const, 'admin' as const),
  companyRole: fc.constantFrom(null, 'תפקיד אחר', ...COMPANY_ROLE_TITLES),
  active: fc.boolean(),
  deals: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
  goalDeals: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
});

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
        const rows = await app.db
          .insert(users)
          .values(
            people.map((p, i) => ({
              name: `בדיקה ${run}-${i}`,
              email: `rule-${randomUUID()}@example.com`,
              role: p.role,
              companyRole: p.companyRole,
              active: p.active,
              passwordHash: 'not-a-hash',
            })),
          )
          .returning({ id: users.id });
        const ids = rows.map((r) => r.id);
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
