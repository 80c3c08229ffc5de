import { randomUUID } from 'node:crypto';
import { COMPANY_ROLES, FEMININE_COMPANY_ROLES } from '@shared/domain/roles';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { indicators } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let app: TestApp;
let admin: string;
let agentA: string;
let agentB: string;
let idA: string;
let idB: string;
let idIdle: string;
let idInactive: string;

const ZERO = { meetings: 0, exclusives: 0, priceUpdates: 0, buyerTours: 0, priceOffers: 0, deals: 0 };

beforeAll(async () => {
  app = await createTestApp();
  const a = await createUser(app.db, { role: 'admin', name: 'מנהלת' });
  const x = await createUser(app.db, { name: 'אבי' });
  const y = await createUser(app.db, { name: 'בתיה' });
  const idle = await createUser(app.db, { name: 'גל', image: '/uploads/g.webp' });
  const inactive = await createUser(app.db, { name: 'דן', active: false });
  await createUser(app.db, { role: 'admin', name: 'מנכ"ל', companyRole: COMPANY_ROLES.ceoFounder });
  await createUser(app.db, { role: 'admin', name: 'יועץ', companyRole: COMPANY_ROLES.leadingConsultant });
  [idA, idB, idIdle, idInactive] = [x.id, y.id, idle.id, inactive.id];
  admin = await signIn(app, a.email, TEST_PASSWORD);
  agentA = await signIn(app, x.email, TEST_PASSWORD);
  agentB = await signIn(app, y.email, TEST_PASSWORD);
  // March 2026 fixtures (Israel +2 until 27.3): one row just inside the month at 23:30 on the 31st (+3 by then).
  await app.db.insert(indicators).values([
    { agentId: idA, ...ZERO, deals: 2, meetings: 3, createdAt: new Date('2026-03-10T09:00:00Z') },
    { agentId: idA, ...ZERO, exclusives: 1, priceOffers: 1, createdAt: new Date('2026-03-31T20:30:00Z') },
    { agentId: idA, ...ZERO, deals: 10, createdAt: new Date('2026-03-31T21:00:00Z') }, // 1.4 00:00 Israel
    { agentId: idB, ...ZERO, buyerTours: 4, priceUpdates: 2, createdAt: new Date('2026-03-15T09:00:00Z') },
    { agentId: idInactive, ...ZERO, deals: 50, createdAt: new Date('2026-03-15T09:00:00Z') },
  ]);
});

const post = (url: string, cookie: string | undefined, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
const get = (url: string, cookie?: string) =>
  app.inject({ url: `/api/v1${url}`, headers: cookie ? { cookie } : {} });

describe('POST /indicators', () => {
  it('creates for the signed-in agent, empty metrics as 0, today when no date', async () => {
    const res = await post('/indicators', agentA, { meetings: 2, deals: '' });
    expect(res.statusCode).toBe(201);
    const ind = res.json().data.indicator;
    expect(ind).toMatchObject({ ...ZERO, meetings: 2, agent: [{ _id: idA, name: 'אבי', role: 'agent' }] });
    expect(Math.abs(Date.parse(ind.createdAt) - Date.now())).toBeLessThan(60_000);
  });
  it('accepts the agent array and a past date, stored inside that Israel day', async () => {
    const res = await post('/indicators', agentB, { agent: [idB], priceOffers: 1, createdAt: '2026-02-01' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.indicator.createdAt).toBe('2026-02-01T10:00:00.000Z');
  });
  it('lets an admin enter for an agent; 403 for an agent entering for another', async () => {
    expect(
      (await post('/indicators', admin, { agent: [idB], meetings: 1, createdAt: '2026-02-02' })).statusCode,
    ).toBe(201);
    const res = await post('/indicators', agentA, { agent: [idB], meetings: 1 });
    expect(res.statusCode).toBe(403);
  });
  it('answers 401 without a session', async () => {
    expect((await post('/indicators', undefined, { meetings: 1 })).statusCode).toBe(401);
  });
  it.each([
    ['negative', { meetings: -1 }],
    ['fractional', { deals: 1.5 }],
    ['text', { deals: 'many' }],
    ['future', { meetings: 1, createdAt: `${new Date().getFullYear() + 2}-01-01` }],
    ['bad date', { meetings: 1, createdAt: '2026-13-45' }],
    ['malformed agent', { agent: ['x'] }],
  ])('rejects %s input with a Hebrew 400', async (_name, body) => {
    const res = await post('/indicators', admin, { agent: [idA], ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/[א-ת]/);
  });
  it('rejects an unknown or deactivated agent with 400', async () => {
    expect((await post('/indicators', admin, { agent: [randomUUID()] })).statusCode).toBe(400);
    const res = await post('/indicators', admin, { agent: [idInactive] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('הסוכן לא נמצא');
  });
});

describe('POST /indicators/getIndicatorsByAgent', () => {
  it('lists the agent rows newest first with the agent as a list', async () => {
    const res = await post('/indicators/getIndicatorsByAgent', agentB, { id: idB });
    expect(res.statusCode).toBe(200);
    const list = res.json().data.indicators;
    expect(list.length).toBe(3);
    expect(list[0].agent[0]).toEqual({ _id: idB, name: 'בתיה', role: 'agent' });
    expect(list.map((i: { createdAt: string }) => i.createdAt)).toEqual(
      [...list.map((i: { createdAt: string }) => i.createdAt)].sort().reverse(),
    );
  });
  it('gives an empty list to an agent with none', async () => {
    const res = await post('/indicators/getIndicatorsByAgent', admin, { id: idIdle });
    expect(res.json().data.indicators).toEqual([]);
  });
  it('enforces roles', async () => {
    expect((await post('/indicators/getIndicatorsByAgent', agentA, { id: idB })).statusCode).toBe(403);
    expect((await post('/indicators/getIndicatorsByAgent', undefined, { id: idB })).statusCode).toBe(401);
    expect((await post('/indicators/getIndicatorsByAgent', admin, { id: randomUUID() })).statusCode).toBe(
      400,
    );
  });
});

describe('summaries', () => {
  it('sums all time, the last 7 days and this month', async () => {
    const all = await post('/indicators/summary/all', agentA, { id: idA });
    expect(all.json().data).toEqual({
      totalMeetings: 5,
      totalDeals: 12,
      totalPriceUpdates: 0,
      totalBuyerTours: 0,
      totalPriceOffers: 1,
      totalExclusives: 1,
    });
    const weekly = await post('/indicators/summary/weekly', agentA, { id: idA });
    expect(weekly.json().data.totalMeetings).toBe(2);
    expect(weekly.json().data.totalDeals).toBe(0);
    const monthly = await post('/indicators/summary/monthly', agentA, { id: idA });
    expect(monthly.json().data.totalMeetings).toBe(2);
  });
  it('is all zeros when there is nothing', async () => {
    for (const period of ['weekly', 'monthly', 'all']) {
      const res = await post(`/indicators/summary/${period}`, admin, { id: idIdle });
      expect(Object.values(res.json().data)).toEqual([0, 0, 0, 0, 0, 0]);
    }
  });
  it('enforces roles', async () => {
    expect((await post('/indicators/summary/weekly', agentB, { id: idA })).statusCode).toBe(403);
    expect((await post('/indicators/summary/all', undefined, { id: idA })).statusCode).toBe(401);
  });
});

describe('GET /indicators/filterByDate', () => {
  it('gives a month by Israel time when last7DaysOnly=false (23:30 on the 31st in, 00:00 on the 1st out)', async () => {
    const res = await get(
      `/indicators/filterByDate?agent=${idA}&year=2026&month=3&last7DaysOnly=false`,
      agentA,
    );
    const list = res.json().data.indicators;
    expect(list.map((i: { deals: number }) => i.deals)).toEqual([0, 2]);
    const april = await get(
      `/indicators/filterByDate?agent=${idA}&year=2026&month=4&last7DaysOnly=false`,
      admin,
    );
    expect(april.json().data.indicators.map((i: { deals: number }) => i.deals)).toEqual([10]);
  });
  it('gives the last 7 days by default, for the signed-in user without agent', async () => {
    const res = await get('/indicators/filterByDate', agentA);
    expect(res.json().data.indicators.length).toBe(1);
  });
  it('enforces roles and validates', async () => {
    expect((await get(`/indicators/filterByDate?agent=${idA}`, agentB)).statusCode).toBe(403);
    expect((await get('/indicators/filterByDate')).statusCode).toBe(401);
    const bad = await get('/indicators/filterByDate?month=13&last7DaysOnly=false', agentA);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[א-ת]/);
  });
});

describe('GET /indicators/scoreboard', () => {
  it('ranks everyone who counts in the month, highest first, zeros included', async () => {
    const res = await get('/indicators/scoreboard?year=2026&month=3', agentB);
    expect(res.statusCode).toBe(200);
    // A: 2 deals*5 + 3 meetings + 1 exclusive*3 + 1 offer*2 = 18; B: 4 tours + 2 updates = 6.
    // Dan, deactivated since, worked in March: his 50 deals still count there (decision 0008).
    // One branch: each agent's place in it is the place in the network (decision 0045).
    const places = (n: number) => ({ branch: expect.any(Object), branchRank: n, networkRank: n });
    expect(res.json().data).toEqual([
      {
        agentId: idInactive,
        agentName: 'דן',
        image: null,
        totalScore: 250,
        gender: 'male',
        active: false,
        ...places(1),
      },
      {
        agentId: idA,
        agentName: 'אבי',
        image: null,
        totalScore: 18,
        gender: 'male',
        active: true,
        ...places(2),
      },
      {
        agentId: idB,
        agentName: 'בתיה',
        image: null,
        totalScore: 6,
        gender: 'male',
        active: true,
        ...places(3),
      },
      {
        agentId: idIdle,
        agentName: 'גל',
        image: '/uploads/g.webp',
        totalScore: 0,
        gender: 'male',
        active: true,
        ...places(4),
      },
      expect.objectContaining({ agentName: 'יועץ', totalScore: 0, active: true, ...places(5) }),
    ]);
  });
  it('leaves out a deactivated agent in a month without his entries, and admins who do no agent work', async () => {
    const names = (await get('/indicators/scoreboard?year=2026&month=4', admin))
      .json()
      .data.map((e: { agentName: string }) => e.agentName);
    expect(names).not.toContain('דן');
    expect(names).not.toContain('מנכ"ל');
    expect(names).toContain('יועץ');
  });
  it('uses the current month by default', async () => {
    const res = await get('/indicators/scoreboard', agentA);
    expect(res.json().data[0]).toMatchObject({ agentId: idA, totalScore: 2 });
  });
  it('needs a session and a valid month', async () => {
    expect((await get('/indicators/scoreboard')).statusCode).toBe(401);
    expect((await get('/indicators/scoreboard?month=13', admin)).statusCode).toBe(400);
  });
});

describe('PATCH and DELETE /indicators/:id', () => {
  it('lets an admin edit a row (sum changes) and records the audit', async () => {
    const list = (await post('/indicators/getIndicatorsByAgent', admin, { id: idB })).json().data.indicators;
    const row = list.find((i: { buyerTours: number }) => i.buyerTours === 4);
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/indicators/${row._id}`,
      headers: { cookie: admin },
      payload: { ...row, buyerTours: 7 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.indicator.buyerTours).toBe(7);
    const board = (await get('/indicators/scoreboard?year=2026&month=3', admin)).json().data;
    expect(board.find((e: { agentId: string }) => e.agentId === idB).totalScore).toBe(9);
    const audit = await app.db.query.auditLog.findFirst({ where: (t, { eq }) => eq(t.entityId, row._id) });
    expect(audit?.changes).toEqual({ buyerTours: { before: 4, after: 7 } });
  });
  it('refuses agents (403), visitors (401), bad values (400) and unknown rows (404)', async () => {
    const list = (await post('/indicators/getIndicatorsByAgent', agentA, { id: idA })).json().data.indicators;
    const url = `/api/v1/indicators/${list[0]._id}`;
    expect(
      (await app.inject({ method: 'PATCH', url, headers: { cookie: agentA }, payload: { deals: 1 } }))
        .statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'DELETE', url, headers: { cookie: agentA } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PATCH', url, payload: { deals: 1 } })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'PATCH', url, headers: { cookie: admin }, payload: { deals: -2 } }))
        .statusCode,
    ).toBe(400);
    const missing = `/api/v1/indicators/${randomUUID()}`;
    expect(
      (await app.inject({ method: 'DELETE', url: missing, headers: { cookie: admin } })).statusCode,
    ).toBe(404);
  });
  it('lets an admin delete a row, which leaves the sums', async () => {
    const list = (await post('/indicators/getIndicatorsByAgent', admin, { id: idB })).json().data.indicators;
    const row = list.find((i: { buyerTours: number }) => i.buyerTours === 7);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/v1/indicators/${row._id}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    const board = (await get('/indicators/scoreboard?year=2026&month=3', admin)).json().data;
    expect(board.find((e: { agentId: string }) => e.agentId === idB).totalScore).toBe(0);
  });
});

describe('month totals kept by the database', () => {
  const scoreOfIdle = async (month: number) =>
    (await get(`/indicators/scoreboard?year=2026&month=${month}`, admin))
      .json()
      .data.find((e: { agentId: string }) => e.agentId === idIdle).totalScore;

  it('moves a row to its new month when its date is edited', async () => {
    const created = await post('/indicators', admin, { agent: [idIdle], deals: 2, createdAt: '2026-05-10' });
    const id = created.json().data.indicator._id;
    expect(await scoreOfIdle(5)).toBe(10);
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/indicators/${id}`,
      headers: { cookie: admin },
      payload: { createdAt: '2026-06-10', deals: 3 },
    });
    expect(res.statusCode).toBe(200);
    expect(await scoreOfIdle(5)).toBe(0);
    expect(await scoreOfIdle(6)).toBe(15);
  });

  it('equal the GROUP BY of the daily rows by Israel month after every change', async () => {
    const result = await app.db.execute(sql`
      select count(*)::int as mismatches from (
        select agent_id, year, month, meetings, exclusives, price_updates, buyer_tours, price_offers, deals
        from indicator_month_totals where meetings + exclusives + price_updates + buyer_tours + price_offers + deals <> 0
        except
        select agent_id,
          extract(year from created_at at time zone 'Asia/Jerusalem')::smallint,
          extract(month from created_at at time zone 'Asia/Jerusalem')::smallint,
          sum(meetings)::int, sum(exclusives)::int, sum(price_updates)::int, sum(buyer_tours)::int,
          sum(price_offers)::int, sum(deals)::int
        from indicators group by 1, 2, 3
      ) diff`);
    expect((result as unknown as { rows: { mismatches: number }[] }).rows[0]!.mismatches).toBe(0);
  });
});

describe('a feminine title', () => {
  it('counts an admin who is a leading consultant written in the feminine, like the masculine title', async () => {
    await createUser(app.db, {
      role: 'admin',
      name: 'יועצת',
      companyRole: FEMININE_COMPANY_ROLES[COMPANY_ROLES.leadingConsultant]!,
    });
    const names = (await get('/indicators/scoreboard?year=2025&month=5', admin))
      .json()
      .data.map((e: { agentName: string }) => e.agentName);
    expect(names).toContain('יועצת');
    expect(names).toContain('יועץ');
    expect(names).not.toContain('מנכ"ל');
  });
});
