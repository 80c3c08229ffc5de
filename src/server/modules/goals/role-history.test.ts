import { israelYearMonth } from '@shared/domain/israel-calendar';
import { COMPANY_ROLES } from '@shared/domain/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import { goals, indicators } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// Who counts in a month follows the role held in that month (docs/decisions/0015-role-history.md): changing
// someone's role today moves no figure of a month that has passed, and counts from now on.
let app: TestApp;
let admin: string;
let ids: Record<'lead' | 'second' | 'cto' | 'office', string>;
const ZERO = { meetings: 0, exclusives: 0, priceUpdates: 0, buyerTours: 0, priceOffers: 0, deals: 0 };
const at = (month: number, day: number) =>
  new Date(`2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T08:00:00Z`);

beforeAll(async () => {
  app = await createTestApp();
  const pure = await createUser(app.db, { role: 'admin', name: 'מנהלת' });
  const lead = await createUser(app.db, { name: 'אלון' });
  const second = await createUser(app.db, { name: 'בר' });
  const cto = await createUser(app.db, { role: 'admin', name: 'גל', companyRole: COMPANY_ROLES.ctoManager });
  const office = await createUser(app.db, {
    role: 'admin',
    name: 'דפנה',
    companyRole: COMPANY_ROLES.officeManager,
  });
  ids = { lead: lead.id, second: second.id, cto: cto.id, office: office.id };
  admin = await signIn(app, pure.email, TEST_PASSWORD);
  await app.db.insert(indicators).values([
    { agentId: lead.id, ...ZERO, meetings: 40, deals: 3, createdAt: at(10, 5) },
    { agentId: second.id, ...ZERO, meetings: 20, deals: 1, createdAt: at(10, 6) },
    { agentId: cto.id, ...ZERO, meetings: 10, createdAt: at(10, 7) },
    { agentId: lead.id, ...ZERO, meetings: 30, createdAt: at(11, 3) },
    { agentId: cto.id, ...ZERO, meetings: 5, createdAt: at(11, 4) },
    // Rows of an office manager (no agent work) are ignored in every month, before and after she changes role.
    { agentId: office.id, ...ZERO, meetings: 99, deals: 9, createdAt: at(10, 8) },
  ]);
  await app.db.insert(goals).values([
    { agentId: lead.id, year: 2025, month: 10, ...ZERO, meetings: 50, deals: 4 },
    { agentId: second.id, year: 2025, month: 10, ...ZERO, meetings: 50 },
    { agentId: cto.id, year: 2025, month: 11, ...ZERO, meetings: 20 },
  ]);
});

const get = (url: string) => app.inject({ url: `/api/v1${url}`, headers: { cookie: admin } });
const patch = (id: string, payload: object) =>
  app.inject({ method: 'PATCH', url: `/api/v1/users/${id}`, payload, headers: { cookie: admin } });

/** Everything a month shows: the ranking, the agent tables and the company row. */
async function monthView(year: number, month: number) {
  const [board, rows, company] = await Promise.all([
    get(`/indicators/scoreboard?year=${year}&month=${month}`),
    get(`/goals/performance/all/${year}/${month}`),
    get(`/goals/companyPerformance?year=${year}&month=${month}`),
  ]);
  const { workingDays: _days, ...companyRow } = company.json().data;
  return { board: board.json().data, rows: rows.json().data, company: companyRow };
}
const agentIds = (view: Awaited<ReturnType<typeof monthView>>) =>
  (view.rows as { agentId: string }[]).map((r) => r.agentId).sort();

describe('a role change', () => {
  it('leaves every past month as it was, and counts from the month it happens', async () => {
    const october = await monthView(2025, 10);
    const november = await monthView(2025, 11);
    expect(october.board[0].agentId).toBe(ids.lead);
    expect(october.company.meetings.actual).toBe(70);
    expect(agentIds(november)).toEqual([ids.cto, ids.lead, ids.second].sort());
    const now = israelYearMonth();
    const next = now.month === 12 ? { year: now.year + 1, month: 1 } : { ...now, month: now.month + 1 };
    expect(agentIds(await monthView(next.year, next.month))).toContain(ids.lead);

    // October's leader becomes a pure admin, the CTO changes title, the office manager becomes an agent.
    expect((await patch(ids.lead, { role: 'admin', companyRole: null })).statusCode).toBe(200);
    expect((await patch(ids.cto, { companyRole: COMPANY_ROLES.networkCeo })).statusCode).toBe(200);
    expect((await patch(ids.office, { role: 'agent' })).statusCode).toBe(200);

    expect(await monthView(2025, 10)).toEqual(october);
    expect(await monthView(2025, 11)).toEqual(november);
    const ahead = agentIds(await monthView(next.year, next.month));
    expect(ahead).not.toContain(ids.lead);
    expect(ahead).not.toContain(ids.cto);
    expect(ahead).toContain(ids.office);

    // Changing back and forth again still moves nothing in the past.
    expect((await patch(ids.lead, { role: 'agent' })).statusCode).toBe(200);
    expect((await patch(ids.lead, { role: 'admin' })).statusCode).toBe(200);
    expect(await monthView(2025, 10)).toEqual(october);
    expect(await monthView(2025, 11)).toEqual(november);
  });
});
