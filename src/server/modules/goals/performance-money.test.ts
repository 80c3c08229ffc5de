import { israelYearMonth } from '@shared/domain/israel-calendar';
import { forecast } from '@shared/domain/performance';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches, contacts, leads } from '../../db/schema';
import { createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// The performance pages' money (docs/money.md, decision 0055), on both databases: deals with a share and the
// commission of each agent beside the counts, with forecasts; a branch's company row is the sum of its agents'
// statement lines; another branch's deals stay out of a branch's table; a cancelled deal leaves the figures.

let app: TestApp;
type Person = { id: string; cookie: string };
const ids = { haifa: '', herzliya: '' };
let ceo: Person;
let haifaManager: Person;
let agentA: Person;
let agentB: Person;
let herzliyaAgent: Person;
const { year, month } = israelYearMonth();

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Person, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

async function person(branchId: string, overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(app.db, { branchId, ...overrides });
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
}

let phoneCounter = 4_100_000;
async function logDeal(agent: Person, branchId: string, body: object, actor = agent) {
  const phone = `052${phoneCounter++}`;
  const [contact] = await app.db.insert(contacts).values({ name: 'קונה', phone, branchId }).returning();
  const [lead] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: 'קונה',
      phone,
      category: 'קונה',
      ownerId: agent.id,
      branchId,
      routingReason: 'ידני',
    })
    .returning();
  const res = await call('POST', `/pipeline/leads/${lead!.id}/activities`, actor, {
    kind: 'deal',
    ...(actor === agent ? {} : { agentId: agent.id }),
    noOrderReason: 'העסקה נסגרה לפני שהמערכת תמכה בהזמנות',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.activity._id as string;
}

type Money = {
  sharedDeals: { actual: number; forecast: number };
  commission: { actual: number; forecast: number };
};
type Row = { agentId: string; deals: { actual: number }; money: Money };

async function table(who: Person, branch?: string) {
  const res = await call(
    'GET',
    `/goals/performance/all/${year}/${month}${branch ? `?branch=${branch}` : ''}`,
    who,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Row[];
}
async function company(who: Person, branch?: string) {
  const res = await call(
    'GET',
    `/goals/companyPerformance?year=${year}&month=${month}${branch ? `&branch=${branch}` : ''}`,
    who,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    deals: { actual: number };
    money: Money;
    workingDays: { elapsed: number; total: number };
  };
}
async function own(who: Person) {
  const res = await call('GET', `/goals/performance/${who.id}/${year}/${month}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Row & { workingDays: { elapsed: number; total: number } };
}
const rowOf = (rows: Row[], who: Person) => rows.find((r) => r.agentId === who.id)!;

let shared = '';

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  const rows = await app.db
    .insert(branches)
    .values([
      { name: 'סניף חיפה', slug: 'pm-haifa', city: 'חיפה' },
      { name: 'סניף הרצליה', slug: 'pm-herzliya', city: 'הרצליה' },
    ])
    .returning();
  [ids.haifa, ids.herzliya] = rows.map((r) => r.id) as [string, string];
  ceo = await person(ids.herzliya, { role: 'admin', networkAccess: true, name: 'מנכ"ל' });
  haifaManager = await person(ids.haifa, { role: 'admin', networkAccess: false, name: 'מנהלת חיפה' });
  agentA = await person(ids.haifa, { name: 'סוכנת א' });
  agentB = await person(ids.haifa, { name: 'סוכנת ב' });
  herzliyaAgent = await person(ids.herzliya, { name: 'סוכנת הרצליה' });
  for (const branchId of [ids.haifa, ids.herzliya]) {
    const res = await call('POST', `/branches/${branchId}/fee-plans`, ceo, {
      effectiveFrom: '2024-01-01',
      royaltyBp: 600,
      split: { kind: 'fixed', agentBp: 5000 },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  // 20,000 ₪ before VAT, 8,000 of it B's: royalty 1,200; 18,800 split 60/40 at 50%: 5,640 to A, 3,760 to B.
  shared = await logDeal(agentA, ids.haifa, {
    price: 1_000_000,
    commission: 20_000,
    secondAgentId: agentB.id,
    secondAgentCommission: 8000,
  });
  // A alone: 10,000 ₪: royalty 600, 9,400 at 50%: 4,700.
  await logDeal(agentA, ids.haifa, { price: 500_000, commission: 10_000 });
  // Herzliya's deal, shared with Haifa's A (logged by the network): 10,000 ₪, half A's: 2,350 each.
  await logDeal(
    herzliyaAgent,
    ids.herzliya,
    { price: 500_000, commission: 10_000, secondAgentId: agentA.id, secondAgentCommission: 5000 },
    ceo,
  );
});

describe('money on the performance pages', () => {
  it('two agents share a deal: each sees her share, and the deal counts once, for the main agent', async () => {
    const a = await own(agentA);
    const b = await own(agentB);
    expect(a.deals.actual).toBe(2);
    expect(b.deals.actual).toBe(0);
    expect(b.money.sharedDeals.actual).toBe(1);
    expect(b.money.commission.actual).toBe(376_000);
    // Her own page counts every deal of hers, the other branch's too.
    expect(a.money.sharedDeals.actual).toBe(1);
    expect(a.money.commission.actual).toBe(564_000 + 470_000 + 235_000);
    const { elapsed, total } = a.workingDays;
    expect(a.money.commission.forecast).toBe(Math.round(forecast(a.money.commission.actual, elapsed, total)));
    expect(b.money.sharedDeals.forecast).toBe(forecast(1, elapsed, total));
  });

  it("the branch's company row is the sum of its agents' statement lines of its deals", async () => {
    const rows = await table(haifaManager);
    expect(rowOf(rows, agentA).money.commission.actual).toBe(564_000 + 470_000);
    expect(rowOf(rows, agentA).money.sharedDeals.actual).toBe(0);
    expect(rowOf(rows, agentB).money.commission.actual).toBe(376_000);
    const sum = await company(haifaManager);
    expect(sum.money.commission.actual).toBe(rows.reduce((s, r) => s + r.money.commission.actual, 0));
    expect(sum.money.commission.forecast).toBe(rows.reduce((s, r) => s + r.money.commission.forecast, 0));
    // The same figure as the deals list's agents' shares for the month.
    const deals = await call('GET', '/deals', haifaManager);
    expect(deals.json().data.totals.shares).toBe(sum.money.commission.actual);
    // A manager reading one agent sees her branch's deals only.
    const viewed = await call('GET', `/goals/performance/${agentA.id}/${year}/${month}`, haifaManager);
    expect(viewed.json().data.money.commission.actual).toBe(564_000 + 470_000);
  });

  it("the network's table counts every branch's deals; one branch's only its own", async () => {
    const all = await table(ceo);
    expect(rowOf(all, agentA).money.commission.actual).toBe(564_000 + 470_000 + 235_000);
    expect(rowOf(all, herzliyaAgent).money.commission.actual).toBe(235_000);
    const herzliya = await company(ceo, ids.herzliya);
    // Herzliya's table holds its own people: Haifa's A, who shared its deal, is in Haifa's.
    expect(herzliya.money.commission.actual).toBe(235_000);
    expect((await company(ceo)).money.commission.actual).toBe(564_000 + 376_000 + 470_000 + 470_000);
  });

  it('a cancelled deal leaves the figures', async () => {
    const res = await call('PATCH', `/deals/${shared}/status`, haifaManager, {
      status: 'cancelled',
      cancelReason: 'הקונה חזר בו',
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = await own(agentB);
    expect(b.money.sharedDeals.actual).toBe(0);
    expect(b.money.commission.actual).toBe(0);
    const rows = await table(haifaManager);
    expect(rowOf(rows, agentA).money.commission.actual).toBe(470_000);
    expect((await company(haifaManager)).money.commission.actual).toBe(470_000);
  });
});
