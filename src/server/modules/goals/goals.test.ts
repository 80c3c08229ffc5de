import { randomUUID } from 'node:crypto';
import { workingDays } from '@shared/domain/working-days';
import { beforeAll, describe, expect, it } from 'vitest';
import { indicators } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let app: TestApp;
let admin: string;
let agentA: string;
let idA: string;
let idB: string;

const ZERO = { meetings: 0, exclusives: 0, priceUpdates: 0, buyerTours: 0, priceOffers: 0, deals: 0 };
const goalBody = (agent: string, month: number, over = {}) => ({
  agent: [agent],
  year: 2026,
  month,
  ...ZERO,
  meetings: 10,
  deals: 4,
  ...over,
});

beforeAll(async () => {
  app = await createTestApp();
  const a = await createUser(app.db, { role: 'admin', name: 'מנהלת' });
  const x = await createUser(app.db, { name: 'אבי' });
  const y = await createUser(app.db, { name: 'בתיה' });
  idA = x.id;
  idB = y.id;
  admin = await signIn(app, a.email, TEST_PASSWORD);
  agentA = await signIn(app, x.email, TEST_PASSWORD);
  // March 2026 (23 working days, all elapsed): A 5 meetings, 3 deals; B 2 meetings, 1 deal. April: A 7 deals.
  await app.db.insert(indicators).values([
    { agentId: idA, ...ZERO, meetings: 5, deals: 1, createdAt: new Date('2026-03-03T08:00:00Z') },
    { agentId: idA, ...ZERO, deals: 2, createdAt: new Date('2026-03-31T20:30:00Z') },
    { agentId: idB, ...ZERO, meetings: 2, deals: 1, createdAt: new Date('2026-03-20T08:00:00Z') },
    { agentId: idA, ...ZERO, deals: 7, createdAt: new Date('2026-04-05T08:00:00Z') },
  ]);
});

const req = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });

describe('POST /goals', () => {
  it('creates one goal per agent and month; a second one updates it', async () => {
    const first = await req('POST', '/goals', admin, goalBody(idA, 3));
    expect(first.statusCode).toBe(201);
    const second = await req('POST', '/goals', admin, goalBody(idA, 3, { meetings: 20 }));
    expect(second.statusCode).toBe(200);
    expect(second.json().data.goal._id).toBe(first.json().data.goal._id);
    expect(second.json().data.goal).toMatchObject({
      agent: [idA],
      year: 2026,
      month: 3,
      meetings: 20,
      deals: 4,
    });
    const audits = await app.db.query.auditLog.findMany({
      where: (t, { eq }) => eq(t.entityId, first.json().data.goal._id),
    });
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);
  });
  it('is for admins only and validates', async () => {
    expect((await req('POST', '/goals', agentA, goalBody(idA, 5))).statusCode).toBe(403);
    expect((await req('POST', '/goals', undefined, goalBody(idA, 5))).statusCode).toBe(401);
    for (const bad of [
      goalBody(idA, 13),
      goalBody(idA, 5, { deals: -1 }),
      goalBody(idA, 5, { deals: 0.5 }),
      goalBody(randomUUID(), 5),
    ]) {
      const res = await req('POST', '/goals', admin, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/[א-ת]/);
    }
  });
});

describe('GET /goals/getGoalByAgentAndMonth', () => {
  it('gives the month goal or null', async () => {
    const march = await req('GET', `/goals/getGoalByAgentAndMonth/${idA}/2026/3`, agentA);
    expect(march.json().data.goal).toMatchObject({ meetings: 20, month: 3 });
    const april = await req('GET', `/goals/getGoalByAgentAndMonth/${idA}/2026/4`, agentA);
    expect(april.json().data.goal).toBeNull();
  });
  it('enforces roles', async () => {
    expect((await req('GET', `/goals/getGoalByAgentAndMonth/${idB}/2026/3`, agentA)).statusCode).toBe(403);
    expect((await req('GET', `/goals/getGoalByAgentAndMonth/${idB}/2026/3`)).statusCode).toBe(401);
    expect((await req('GET', `/goals/getGoalByAgentAndMonth/${idB}/2026/3`, admin)).statusCode).toBe(200);
    expect((await req('GET', `/goals/getGoalByAgentAndMonth/${idB}/2026/0`, admin)).statusCode).toBe(400);
  });
});

describe('performance', () => {
  it('compares the month actuals with that month goal (March goal does not count in April)', async () => {
    const res = await req('GET', `/goals/performance/${idA}/2026/3`, agentA);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.agentName).toBe('אבי');
    expect(data.workingDays).toEqual({ total: 23, elapsed: 23, remaining: 0 });
    expect(data.meetings).toEqual({ actual: 5, goal: 20, percentage: 25, forecast: 5 });
    expect(data.deals).toEqual({ actual: 3, goal: 4, percentage: 75, forecast: 3 });
    expect(data.exclusives).toEqual({ actual: 0, goal: 0, percentage: null, forecast: 0 });
    const april = (await req('GET', `/goals/performance/${idA}/2026/4`, admin)).json().data;
    expect(april.deals).toEqual({ actual: 7, goal: null, percentage: null, forecast: 7 });
  });
  it('forecasts the current month from elapsed working days', async () => {
    const now = new Date();
    const [y, m] = now.toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' }).split('-').map(Number);
    const data = (await req('GET', `/goals/performance/${idA}/${y}/${m}`, admin)).json().data;
    const days = workingDays(y!, m!, now.toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' }));
    expect(data.workingDays).toEqual(days);
  });
  it('lists every agent for admins, with goals only where set', async () => {
    await req('POST', '/goals', admin, goalBody(idB, 3, { meetings: 1, deals: 2 }));
    const res = await req('GET', '/goals/performance/all/2026/3', admin);
    const [a, b] = res.json().data;
    expect(a).toMatchObject({
      agentId: idA,
      agentName: 'אבי',
      deals: { actual: 3, goal: 4, percentage: 75 },
    });
    expect(b).toMatchObject({ agentId: idB, meetings: { actual: 2, goal: 1, percentage: 200, forecast: 2 } });
    const april = (await req('GET', '/goals/performance/all/2026/4', admin)).json().data;
    expect(april[0].deals).toEqual({ actual: 7, goal: null, percentage: null, forecast: 7 });
    expect(april[1].deals.actual).toBe(0);
  });
  it('sums the company month: all indicators against all goals', async () => {
    const res = await req('GET', '/goals/companyPerformance?year=2026&month=3', admin);
    const data = res.json().data;
    expect(data.meetings).toEqual({ actual: 7, goal: 21, percentage: 33.33, forecast: 7 });
    expect(data.deals).toEqual({ actual: 4, goal: 6, percentage: 66.67, forecast: 4 });
    const empty = (await req('GET', '/goals/companyPerformance?year=2025&month=1', admin)).json().data;
    expect(empty.deals).toEqual({ actual: 0, goal: null, percentage: null, forecast: 0 });
  });
  it('enforces the role matrix and validates', async () => {
    expect((await req('GET', `/goals/performance/${idB}/2026/3`, agentA)).statusCode).toBe(403);
    expect((await req('GET', `/goals/performance/${idA}/2026/3`)).statusCode).toBe(401);
    expect((await req('GET', '/goals/performance/all/2026/3', agentA)).statusCode).toBe(403);
    expect((await req('GET', '/goals/performance/all/2026/3')).statusCode).toBe(401);
    expect((await req('GET', '/goals/companyPerformance?year=2026&month=3', agentA)).statusCode).toBe(403);
    expect((await req('GET', '/goals/companyPerformance?year=2026&month=3')).statusCode).toBe(401);
    expect((await req('GET', '/goals/companyPerformance?year=2026&month=13', admin)).statusCode).toBe(400);
    expect((await req('GET', '/goals/performance/all/2026/13', admin)).statusCode).toBe(400);
    expect((await req('GET', `/goals/performance/${randomUUID()}/2026/3`, admin)).statusCode).toBe(400);
  });
});

describe('PATCH /goals/:id', () => {
  it('lets an admin edit the figures, which changes the percentage', async () => {
    const goal = (await req('GET', `/goals/getGoalByAgentAndMonth/${idA}/2026/3`, admin)).json().data.goal;
    const res = await req('PATCH', `/goals/${goal._id}`, admin, { ...goal, deals: 6 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.goal.deals).toBe(6);
    const perf = (await req('GET', `/goals/performance/${idA}/2026/3`, admin)).json().data;
    expect(perf.deals.percentage).toBe(50);
  });
  it('refuses agents, visitors, bad values and unknown goals', async () => {
    const goal = (await req('GET', `/goals/getGoalByAgentAndMonth/${idA}/2026/3`, admin)).json().data.goal;
    expect((await req('PATCH', `/goals/${goal._id}`, agentA, { deals: 1 })).statusCode).toBe(403);
    expect((await req('PATCH', `/goals/${goal._id}`, undefined, { deals: 1 })).statusCode).toBe(401);
    expect((await req('PATCH', `/goals/${goal._id}`, admin, { deals: -1 })).statusCode).toBe(400);
    expect((await req('PATCH', `/goals/${randomUUID()}`, admin, { deals: 1 })).statusCode).toBe(404);
  });
});
