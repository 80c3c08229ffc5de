import { METRIC_KEYS } from '@shared/domain/metrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, branchGoals, contacts, goals, indicators, leads } from '../../db/schema';
import { createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// The figures per branch and for the network (docs/decisions/0045), on both databases: the dashboard's branch
// columns are the sums over each branch's agents, the network column the sum of the branches; the `branch`
// query of the performance tables and the ranking holds inside the session's scope.

let app: TestApp;
type Person = { id: string; cookie: string };
let ceo: Person;
let franchisee: Person;
let haifaA: Person;
let haifaB: Person;
let telAvivAgent: Person;
const ids = { haifa: '', telAviv: '' };
const year = 2025;
const month = 3;
const at = (day: number, hour = 9) => new Date(Date.UTC(year, month - 1, day, hour));

const get = (url: string, cookie: string) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie } });

async function person(branchId: string, overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(app.db, { branchId, ...overrides });
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
}

async function leadIn(branchId: string, ownerId: string, phone: string, status: 'new' | 'deal', day: number) {
  const [contact] = await app.db.insert(contacts).values({ name: 'פונה', phone, branchId }).returning();
  await app.db.insert(leads).values({
    contactId: contact!.id,
    name: `פונה ${phone}`,
    phone,
    category: 'קונה',
    ownerId,
    branchId,
    status,
    createdAt: at(day),
    firstContactAt: at(day, 10),
  });
}

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  const [haifa, telAviv] = await app.db
    .insert(branches)
    .values([
      { name: 'חיפה', slug: 'haifa', city: 'חיפה' },
      { name: 'תל אביב', slug: 'tel-aviv', city: 'תל אביב-יפו' },
    ])
    .returning();
  ids.haifa = haifa!.id;
  ids.telAviv = telAviv!.id;
  ceo = await person(ids.telAviv, { role: 'admin', networkAccess: true, name: 'מנכ"ל הרשת' });
  franchisee = await person(ids.haifa, { role: 'admin', networkAccess: false, name: 'זכיינית חיפה' });
  haifaA = await person(ids.haifa, { name: 'אבי חיפה' });
  haifaB = await person(ids.haifa, { name: 'בת חיפה' });
  telAvivAgent = await person(ids.telAviv, { name: 'גל תל אביב' });
  await app.db.insert(indicators).values([
    { agentId: haifaA.id, meetings: 2, deals: 1, createdAt: at(10) },
    { agentId: haifaB.id, meetings: 3, exclusives: 1, createdAt: at(11) },
    { agentId: telAvivAgent.id, meetings: 5, createdAt: at(12) },
    // Another month: counts nowhere here.
    { agentId: telAvivAgent.id, meetings: 40, createdAt: new Date(Date.UTC(year, month, 10)) },
  ]);
  await app.db.insert(goals).values([
    { agentId: haifaA.id, year, month, meetings: 4 },
    { agentId: haifaB.id, year, month, meetings: 6, exclusives: 2 },
    { agentId: telAvivAgent.id, year, month, meetings: 3 },
  ]);
  // The network's goal for Tel Aviv as a whole replaces the sum of its agents' goals.
  await app.db.insert(branchGoals).values({ branchId: ids.telAviv, year, month, meetings: 10 });
  await leadIn(ids.haifa, haifaA.id, '0501111111', 'deal', 10);
  await leadIn(ids.haifa, haifaB.id, '0501111112', 'new', 11);
  await leadIn(ids.telAviv, telAvivAgent.id, '0502222222', 'new', 12);
});

afterAll(async () => {
  await app?.close();
});

type Column = {
  branch?: { _id: string; name: string };
  received: number;
  deals: number;
  conversion: number;
  medianMinutes: number | null;
  indicators: Record<string, { actual: number; goal: number | null; percentage: number | null }>;
};

describe('the network dashboard', () => {
  it('gives each branch the sum over its agents, and the network the sum of the branches', async () => {
    const res = await get(`/network/dashboard?year=${year}&month=${month}`, ceo.cookie);
    expect(res.statusCode).toBe(200);
    const { branches: columns, network } = res.json().data as { branches: Column[]; network: Column };
    const haifa = columns.find((c) => c.branch!._id === ids.haifa)!;
    const telAviv = columns.find((c) => c.branch!._id === ids.telAviv)!;
    expect(haifa.branch!.name).toBe('חיפה');

    // Haifa's figures are the sums of its agents' rows in its performance table.
    const table = await get(`/goals/performance/all/${year}/${month}?branch=${ids.haifa}`, ceo.cookie);
    expect(table.statusCode).toBe(200);
    const rows = table.json().data as Record<string, { actual: number; goal: number | null }>[];
    for (const key of METRIC_KEYS) {
      expect(haifa.indicators[key]!.actual).toBe(rows.reduce((sum, row) => sum + row[key]!.actual, 0));
    }
    expect(haifa.indicators.meetings).toEqual({ actual: 5, goal: 10, percentage: 50 });
    expect(haifa.indicators.exclusives).toEqual({ actual: 1, goal: 2, percentage: 50 });
    expect(haifa.indicators.deals!.actual).toBe(1);
    expect(haifa).toMatchObject({ received: 2, deals: 1, conversion: 0.5 });
    expect(haifa.medianMinutes).not.toBeNull();
    // The branch goal set by the network wins over the sum of the agents' goals (3).
    expect(telAviv.indicators.meetings).toEqual({ actual: 5, goal: 10, percentage: 50 });
    expect(telAviv).toMatchObject({ received: 1, deals: 0, conversion: 0 });

    // The network is exactly the sum of the branch columns, goals too.
    for (const key of METRIC_KEYS) {
      const sum = (pick: (c: Column) => number | null) => columns.reduce((s, c) => s + (pick(c) ?? 0), 0);
      expect(network.indicators[key]!.actual).toBe(sum((c) => c.indicators[key]!.actual));
    }
    expect(network.indicators.meetings).toEqual({ actual: 10, goal: 20, percentage: 50 });
    expect(network.received).toBe(columns.reduce((s, c) => s + c.received, 0));
    expect(network).toMatchObject({ received: 3, deals: 1 });
    expect(network.conversion).toBeCloseTo(1 / 3);
  });

  it('serves a CSV with a BOM, Hebrew headers and the same numbers', async () => {
    const res = await get(`/network/dashboard.csv?year=${year}&month=${month}`, ceo.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('network-2025-03.csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    const header = lines[0]!.split(',');
    expect(header.slice(0, 5)).toEqual([
      'סניף',
      'לידים שהתקבלו',
      'חציון זמן תגובה (דקות משרד)',
      'עסקאות מלידים',
      'המרה (%)',
    ]);
    const haifa = lines.find((line) => line.startsWith('חיפה,'))!.split(',');
    const cell = (name: string) => haifa[header.indexOf(name)];
    expect(cell('לידים שהתקבלו')).toBe('2');
    expect(cell('עסקאות מלידים')).toBe('1');
    expect(cell('המרה (%)')).toBe('50');
    expect(cell('פגישות')).toBe('5');
    expect(cell('יעד פגישות')).toBe('10');
    const network = lines.at(-1)!.split(',');
    expect(network[0]).toBe('כל הרשת');
    expect(network[header.indexOf('פגישות')]).toBe('10');
    expect(network[header.indexOf('יעד פגישות')]).toBe('20');
  });

  it('is for network admins only: a franchisee and an agent get 403', async () => {
    for (const who of [franchisee, haifaA]) {
      expect((await get(`/network/dashboard?year=${year}&month=${month}`, who.cookie)).statusCode).toBe(403);
      expect((await get(`/network/dashboard.csv?year=${year}&month=${month}`, who.cookie)).statusCode).toBe(
        403,
      );
    }
  });

  it('refuses a month that is not one, on its field', async () => {
    const res = await get('/network/dashboard?year=2025&month=13', ceo.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('month');
  });
});

describe('the tables and the ranking of one branch', () => {
  it('lets a branch manager read her branch, and not find another (404)', async () => {
    const own = await get(`/goals/performance/all/${year}/${month}?branch=${ids.haifa}`, franchisee.cookie);
    expect(own.statusCode).toBe(200);
    expect(
      own
        .json()
        .data.map((r: { agentName: string }) => r.agentName)
        .sort(),
    ).toEqual(['אבי חיפה', 'בת חיפה']);
    for (const url of [
      `/goals/performance/all/${year}/${month}?branch=${ids.telAviv}`,
      `/goals/companyPerformance?year=${year}&month=${month}&branch=${ids.telAviv}`,
      `/indicators/scoreboard?year=${year}&month=${month}&branch=${ids.telAviv}`,
    ]) {
      const res = await get(url, franchisee.cookie);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('הסניף לא נמצא');
    }
  });

  it('gives the network the company row of any branch, and refuses an unknown or malformed one', async () => {
    const row = await get(
      `/goals/companyPerformance?year=${year}&month=${month}&branch=${ids.telAviv}`,
      ceo.cookie,
    );
    expect(row.statusCode).toBe(200);
    expect(row.json().data.meetings).toMatchObject({ actual: 5, goal: 3 });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await get(`/goals/companyPerformance?year=${year}&month=${month}&branch=${unknown}`, ceo.cookie))
        .statusCode,
    ).toBe(404);
    const bad = await get(`/indicators/scoreboard?branch=haifa`, ceo.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.branch).toBe('הסניף לא נמצא');
  });

  it('ranks each agent in the branch and in the network', async () => {
    const mine = await get(`/indicators/scoreboard?year=${year}&month=${month}`, haifaB.cookie);
    expect(mine.statusCode).toBe(200);
    const entries = mine.json().data as {
      agentId: string;
      totalScore: number;
      branch: { name: string } | null;
      branchRank: number;
      networkRank: number;
    }[];
    // Points: A 2 meetings + 1 deal = 7, B 3 meetings + 1 exclusive = 6, Tel Aviv 5 meetings = 5.
    expect(entries.map((e) => e.agentId)).toEqual([haifaA.id, haifaB.id]);
    expect(entries.find((e) => e.agentId === haifaB.id)).toMatchObject({
      totalScore: 6,
      branch: { name: 'חיפה' },
      branchRank: 2,
      networkRank: 2,
    });
    const network = await get(`/indicators/scoreboard?year=${year}&month=${month}`, ceo.cookie);
    const tel = network.json().data.find((e: { agentId: string }) => e.agentId === telAvivAgent.id);
    expect(tel).toMatchObject({ totalScore: 5, branch: { name: 'תל אביב' }, branchRank: 1, networkRank: 3 });
    const ofTelAviv = await get(
      `/indicators/scoreboard?year=${year}&month=${month}&branch=${ids.telAviv}`,
      ceo.cookie,
    );
    expect(ofTelAviv.json().data.map((e: { agentId: string }) => e.agentId)).toEqual([telAvivAgent.id]);
  });
});
