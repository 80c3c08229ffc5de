import { COMPANY_ROLES } from '@shared/domain/roles';
import { NOT_AGENT_WORK } from '@shared/schemas/indicator';
import { beforeAll, describe, expect, it } from 'vitest';
import { goals, indicators } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// One month (May 2026) with everyone the rule must sort out: two agents, a CTO admin who works as an agent,
// an agent deactivated after working in May, an agent deactivated with nothing in May, and a pure admin
// whose stray rows (written straight into the table) must not reach the company row.
let app: TestApp;
let admin: string;
let ids: Record<string, string> = {};
const ZERO = { meetings: 0, exclusives: 0, priceUpdates: 0, buyerTours: 0, priceOffers: 0, deals: 0 };
const may = (day: number) => new Date(`2026-05-${String(day).padStart(2, '0')}T08:00:00Z`);

beforeAll(async () => {
  app = await createTestApp();
  const pure = await createUser(app.db, { role: 'admin', name: 'מנהלת' });
  const a = await createUser(app.db, { name: 'אבי' });
  const b = await createUser(app.db, { name: 'בתיה' });
  const cto = await createUser(app.db, { role: 'admin', name: 'גיל', companyRole: COMPANY_ROLES.ctoManager });
  const left = await createUser(app.db, { name: 'דנה', active: false });
  const gone = await createUser(app.db, { name: 'הדס', active: false });
  ids = { pure: pure.id, a: a.id, b: b.id, cto: cto.id, left: left.id, gone: gone.id };
  admin = await signIn(app, pure.email, TEST_PASSWORD);
  await app.db.insert(indicators).values([
    { agentId: a.id, ...ZERO, meetings: 4, deals: 1, createdAt: may(4) },
    { agentId: b.id, ...ZERO, meetings: 3, exclusives: 2, createdAt: may(5) },
    { agentId: cto.id, ...ZERO, deals: 2, createdAt: may(6) },
    { agentId: left.id, ...ZERO, meetings: 5, deals: 1, createdAt: may(7) },
    { agentId: gone.id, ...ZERO, deals: 9, createdAt: new Date('2026-02-10T08:00:00Z') },
    { agentId: pure.id, ...ZERO, deals: 100, meetings: 100, createdAt: may(8) },
  ]);
  await app.db.insert(goals).values([
    { agentId: a.id, year: 2026, month: 5, ...ZERO, meetings: 10, deals: 2 },
    { agentId: left.id, year: 2026, month: 5, ...ZERO, meetings: 10, deals: 2 },
    { agentId: pure.id, year: 2026, month: 5, ...ZERO, meetings: 50, deals: 50 },
  ]);
});

const get = (url: string) => app.inject({ url: `/api/v1${url}`, headers: { cookie: admin } });
type Row = Record<string, { actual: number; goal: number | null; forecast: number }> & {
  agentId: string;
  active: boolean;
};

describe('the month figures of /Performance', () => {
  it('shows everyone who counts, the deactivated agent who worked that month marked as such', async () => {
    const rows: Row[] = (await get('/goals/performance/all/2026/5')).json().data;
    expect(rows.map((r) => r.agentId).sort()).toEqual([ids.a, ids.b, ids.cto, ids.left].sort());
    expect(rows.find((r) => r.agentId === ids.left)?.active).toBe(false);
  });

  it('adds the shown rows up to exactly the company row', async () => {
    const rows: Row[] = (await get('/goals/performance/all/2026/5')).json().data;
    const company = (await get('/goals/companyPerformance?year=2026&month=5')).json().data;
    expect(company.meetings).toMatchObject({ actual: 12, goal: 20, percentage: 60 });
    expect(company.deals).toMatchObject({ actual: 4, goal: 4, percentage: 100 });
    for (const key of ['meetings', 'exclusives', 'priceUpdates', 'buyerTours', 'priceOffers', 'deals']) {
      expect(company[key].actual).toBe(rows.reduce((s, r) => s + r[key]!.actual, 0));
      expect(company[key].forecast).toBeCloseTo(
        rows.reduce((s, r) => s + r[key]!.forecast, 0),
        9,
      );
    }
  });

  it('ranks the same people on the scoreboard', async () => {
    const board = (await get('/indicators/scoreboard?year=2026&month=5')).json().data;
    expect(board.map((e: { agentId: string }) => e.agentId).sort()).toEqual(
      [ids.a, ids.b, ids.cto, ids.left].sort(),
    );
  });

  it('counts the deactivated agent in the month he worked', async () => {
    const rows: Row[] = (await get('/goals/performance/all/2026/2')).json().data;
    expect(rows.find((r) => r.agentId === ids.gone)?.deals?.actual).toBe(9);
  });
});

describe('a pure admin', () => {
  it('cannot enter daily indicators for itself: 400 with a message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/indicators',
      headers: { cookie: admin },
      payload: { meetings: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: NOT_AGENT_WORK });
  });
  it('enters them for an agent, and for an admin who works as an agent', async () => {
    for (const agent of [ids.a, ids.cto]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/indicators',
        headers: { cookie: admin },
        payload: { agent: [agent], meetings: 1, createdAt: '2026-05-10' },
      });
      expect(res.statusCode).toBe(201);
    }
  });
});
