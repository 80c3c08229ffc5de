import { israelDate } from '@shared/domain/israel-time';
import { MONEY_MESSAGES } from '@shared/schemas/money';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  branches,
  contacts,
  feePlans,
  leadActivities,
  leadReferrals,
  leads,
} from '../../db/schema';
import { createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// Fee plans and deal statements (docs/money.md), on both databases: network admins set a branch's plan from a
// date forward, its managers read it; a deal's statement follows the plan and the VAT rate of its signing date,
// the yearly royalty cap and tiers crossed mid-deal; agents read only the deals they share in, managers their
// branch's, nobody another branch's.

let app: TestApp;
type Person = { id: string; cookie: string };
const ids = { haifa: '', herzliya: '', bare: '' };
let ceo: Person;
let haifaManager: Person;
let herzliyaManager: Person;
let agentA: Person;
let agentB: Person;
let agentC: Person;
let herzliyaAgent: Person;

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

async function person(branchId: string, overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(app.db, { branchId, ...overrides });
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
}

let phoneCounter = 2_000_000;
async function leadIn(branchId: string, ownerId: string) {
  const phone = `052${phoneCounter++}`;
  const [contact] = await app.db.insert(contacts).values({ name: 'פונה', phone, branchId }).returning();
  const [lead] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: 'פונה',
      phone,
      category: 'קונה',
      ownerId,
      branchId,
      routingReason: 'ידני',
    })
    .returning();
  return lead!.id;
}

type Deal = {
  branchId: string;
  agentId: string;
  on: string;
  commission: number;
  second?: { id: string; commission: number };
  leadId?: string;
};
async function deal(d: Deal) {
  const leadId = d.leadId ?? (await leadIn(d.branchId, d.agentId));
  const [row] = await app.db
    .insert(leadActivities)
    .values({
      leadId,
      kind: 'deal',
      agentId: d.agentId,
      branchId: d.branchId,
      occurredAt: new Date(`${d.on}T10:00:00Z`),
      price: d.commission * 50,
      commission: d.commission,
      secondAgentId: d.second?.id ?? null,
      secondAgentCommission: d.second?.commission ?? null,
    })
    .returning();
  return row!.id;
}

const statementOf = async (dealId: string, who: Person) => {
  const res = await call('GET', `/deals/${dealId}/statement`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.statement as {
    signedOn: string;
    total: number;
    net: number;
    vatBp: number;
    lines: { kind: string; label: string; rule: string; amount: number; agentId?: string }[];
  };
};
const amounts = (s: Awaited<ReturnType<typeof statementOf>>) => s.lines.map((l) => [l.kind, l.amount]);
const dayAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const fixedPlan = {
  royaltyBp: 600,
  royaltyCapAgorot: 100_000,
  monthlyFeeAgorot: 50_000,
  split: { kind: 'fixed', agentBp: 5000 },
};

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  const rows = await app.db
    .insert(branches)
    .values([
      { name: 'סניף חיפה', slug: 'm-haifa', city: 'חיפה' },
      { name: 'סניף הרצליה', slug: 'm-herzliya', city: 'הרצליה' },
      { name: 'סניף בלי תוכנית', slug: 'm-bare', city: 'עכו' },
    ])
    .returning();
  [ids.haifa, ids.herzliya, ids.bare] = rows.map((r) => r.id) as [string, string, string];
  ceo = await person(ids.herzliya, { role: 'admin', networkAccess: true, name: 'מנכ"ל הרשת' });
  haifaManager = await person(ids.haifa, { role: 'admin', networkAccess: false, name: 'זכיינית חיפה' });
  herzliyaManager = await person(ids.herzliya, { role: 'admin', networkAccess: false, name: 'מנהלת הרצליה' });
  agentA = await person(ids.haifa, { name: 'סוכנת א' });
  agentB = await person(ids.haifa, { name: 'סוכן ב' });
  agentC = await person(ids.haifa, { name: 'סוכן ג' });
  herzliyaAgent = await person(ids.herzliya, { name: 'סוכנת הרצליה' });
});

describe('fee plans', () => {
  it('a network admin sets a branch first plan from any date; its manager reads it, others do not', async () => {
    const created = await call('POST', `/branches/${ids.haifa}/fee-plans`, ceo.cookie, {
      effectiveFrom: '2024-01-01',
      ...fixedPlan,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.feePlan).toMatchObject({ effectiveFrom: '2024-01-01', royaltyBp: 600 });

    const read = await call('GET', `/branches/${ids.haifa}/fee-plans`, haifaManager.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json().data.feePlans).toHaveLength(1);
    expect(read.json().data.currentId).toBe(created.json().data.feePlan._id);

    expect((await call('GET', `/branches/${ids.haifa}/fee-plans`, herzliyaManager.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/branches/${ids.haifa}/fee-plans`, agentA.cookie)).statusCode).toBe(403);
    const byManager = await call('POST', `/branches/${ids.haifa}/fee-plans`, haifaManager.cookie, {
      effectiveFrom: dayAfter(israelDate(), 1),
      ...fixedPlan,
    });
    expect(byManager.statusCode).toBe(403);
    const rows = await app.db.select().from(feePlans).where(eq(feePlans.branchId, ids.haifa));
    expect(rows).toHaveLength(1);

    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'branch'), eq(auditLog.entityId, ids.haifa)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.changes.feePlan).toMatchObject({ before: null, after: { royaltyBp: 600 } });
  });

  it('a later plan applies from today forward; a future one may be replaced until its day', async () => {
    const back = await call('POST', `/branches/${ids.haifa}/fee-plans`, ceo.cookie, {
      effectiveFrom: '2025-01-01',
      ...fixedPlan,
    });
    expect(back.statusCode).toBe(400);
    expect(back.json().fieldErrors.effectiveFrom).toBe(MONEY_MESSAGES.notBackdated);

    const future = dayAfter(israelDate(), 30);
    const first = await call('POST', `/branches/${ids.haifa}/fee-plans`, ceo.cookie, {
      effectiveFrom: future,
      ...fixedPlan,
      royaltyBp: 700,
    });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', `/branches/${ids.haifa}/fee-plans`, ceo.cookie, {
      effectiveFrom: future,
      ...fixedPlan,
      royaltyBp: 800,
    });
    expect(again.statusCode).toBe(201);
    const rows = await app.db
      .select()
      .from(feePlans)
      .where(and(eq(feePlans.branchId, ids.haifa), eq(feePlans.effectiveFrom, future)));
    expect(rows.map((r) => r.royaltyBp)).toEqual([800]);
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'branch'), eq(auditLog.entityId, ids.haifa)));
    expect(
      audit.map((a) => (a.changes.feePlan?.before as { royaltyBp?: number } | null)?.royaltyBp).sort(),
    ).toEqual([600, 700, undefined]);
    // Nothing of it is in force today: deals signed today still follow the 2024 plan.
    const list = await call('GET', `/branches/${ids.haifa}/fee-plans`, ceo.cookie);
    expect(list.json().data.feePlans[0].effectiveFrom).toBe(future);
    expect(list.json().data.currentId).not.toBe(list.json().data.feePlans[0]._id);
    await app.db.delete(feePlans).where(eq(feePlans.effectiveFrom, future));
  });

  it('refuses bad plans with Hebrew field messages and stores nothing', async () => {
    const before = await app.db.select().from(feePlans);
    const bad = [
      { ...fixedPlan, effectiveFrom: '2026-02-30' },
      { ...fixedPlan, effectiveFrom: dayAfter(israelDate(), 5), royaltyBp: 10_001 },
      { ...fixedPlan, effectiveFrom: dayAfter(israelDate(), 5), royaltyCapAgorot: -1 },
      { ...fixedPlan, effectiveFrom: dayAfter(israelDate(), 5), split: { kind: 'tiers', tiers: [] } },
      {
        ...fixedPlan,
        effectiveFrom: dayAfter(israelDate(), 5),
        split: { kind: 'tiers', tiers: [{ fromAgorot: 100, agentBp: 5000 }] },
      },
      {
        ...fixedPlan,
        effectiveFrom: dayAfter(israelDate(), 5),
        split: {
          kind: 'tiers',
          tiers: [
            { fromAgorot: 0, agentBp: 5000 },
            { fromAgorot: 0, agentBp: 6000 },
          ],
        },
      },
    ];
    for (const body of bad) {
      const res = await call('POST', `/branches/${ids.haifa}/fee-plans`, ceo.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json())).toMatch(/[א-ת]/);
    }
    const unknown = await call(
      'POST',
      '/branches/00000000-0000-4000-8000-000000000000/fee-plans',
      ceo.cookie,
      {
        ...fixedPlan,
        effectiveFrom: '2024-01-01',
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect(await app.db.select().from(feePlans)).toEqual(before);
  });
});

describe('deal statements', () => {
  let deal1 = '';
  let deal2 = '';

  it('follows the plan of its date and stops the royalty at the yearly cap', async () => {
    deal1 = await deal({ branchId: ids.haifa, agentId: agentA.id, on: '2026-03-01', commission: 10_000 });
    deal2 = await deal({
      branchId: ids.haifa,
      agentId: agentA.id,
      on: '2026-04-01',
      commission: 10_000,
      second: { id: agentB.id, commission: 4_000 },
    });
    const first = await statementOf(deal1, agentA);
    expect(first).toMatchObject({ signedOn: '2026-03-01', total: 1_180_000, net: 1_000_000, vatBp: 1800 });
    expect(amounts(first)).toEqual([
      ['vat', 180_000],
      ['royalty', 60_000],
      ['agent', 470_000],
      ['branch', 470_000],
    ]);
    // The cap of 1,000 ₪ a year leaves 400 ₪ of royalty for the second deal.
    const second = await statementOf(deal2, agentB);
    expect(amounts(second)).toEqual([
      ['vat', 180_000],
      ['royalty', 40_000],
      ['agent', 288_000],
      ['agent', 192_000],
      ['branch', 480_000],
    ]);
    expect(second.lines[2]).toMatchObject({ label: 'סוכנת א', agentId: agentA.id });
    expect(second.lines[3]).toMatchObject({ label: 'סוכן ב', agentId: agentB.id });
    expect(second.lines.reduce((a, l) => a + l.amount, 0)).toBe(second.total);
  });

  it('keeps a past statement when the plan changes, and applies the new plan from its date', async () => {
    const before = await statementOf(deal1, haifaManager);
    await app.db.insert(feePlans).values({
      branchId: ids.haifa,
      effectiveFrom: '2026-06-01',
      royaltyBp: 1000,
      royaltyCapAgorot: null,
      splitKind: 'fixed',
      agentBp: 6000,
    });
    expect(await statementOf(deal1, haifaManager)).toEqual(before);
    const later = await deal({
      branchId: ids.haifa,
      agentId: agentA.id,
      on: '2026-07-01',
      commission: 10_000,
    });
    expect(amounts(await statementOf(later, ceo))).toEqual([
      ['vat', 180_000],
      ['royalty', 100_000],
      ['agent', 540_000],
      ['branch', 360_000],
    ]);
  });

  it('uses the VAT rate of the signing date, before and after a rate change', async () => {
    const old = await deal({ branchId: ids.haifa, agentId: agentA.id, on: '2024-12-15', commission: 10_000 });
    const s = await statementOf(old, agentA);
    expect(s).toMatchObject({ vatBp: 1700, total: 1_170_000 });
    expect(s.lines[0]?.rule).toContain('17%');
    const after = await deal({
      branchId: ids.haifa,
      agentId: agentA.id,
      on: '2025-01-02',
      commission: 10_000,
    });
    expect(await statementOf(after, agentA)).toMatchObject({ vatBp: 1800, total: 1_180_000 });
    expect((await statementOf(deal2, agentA)).lines[1]?.amount).toBe(40_000);
  });

  it('counts the year by Israel time: half past midnight on New Year is the new year', async () => {
    const [eilat] = await app.db.insert(branches).values({ name: 'סניף אילת', slug: 'm-eilat' }).returning();
    await app.db.insert(feePlans).values({
      branchId: eilat!.id,
      effectiveFrom: '2025-01-01',
      royaltyBp: 1000,
      royaltyCapAgorot: 150_000,
      splitKind: 'fixed',
      agentBp: 5000,
    });
    const seller = await person(eilat!.id, { name: 'סוכן אילת' });
    // 22:30 UTC on 31 December is 00:30 on 1 January in Israel.
    const [first] = await app.db
      .insert(leadActivities)
      .values({
        leadId: await leadIn(eilat!.id, seller.id),
        kind: 'deal',
        agentId: seller.id,
        branchId: eilat!.id,
        occurredAt: new Date('2025-12-31T22:30:00Z'),
        price: 500_000,
        commission: 10_000,
      })
      .returning();
    expect(await statementOf(first!.id, seller)).toMatchObject({ signedOn: '2026-01-01' });
    const second = await deal({
      branchId: eilat!.id,
      agentId: seller.id,
      on: '2026-01-05',
      commission: 10_000,
    });
    // The first took 1,000 ₪ of 2026's cap of 1,500: 500 are left.
    expect((await statementOf(second, seller)).lines[1]?.amount).toBe(50_000);
  });

  it('splits a tier crossed mid-deal and pays a referral to the referring branch', async () => {
    await app.db.insert(feePlans).values({
      branchId: ids.herzliya,
      effectiveFrom: '2026-01-01',
      royaltyBp: 0,
      splitKind: 'tiers',
      tiers: [
        { fromAgorot: 0, agentBp: 5000 },
        { fromAgorot: 10_000_000, agentBp: 7000 },
      ],
    });
    await deal({ branchId: ids.herzliya, agentId: herzliyaAgent.id, on: '2026-02-01', commission: 96_000 });
    const leadId = await leadIn(ids.herzliya, herzliyaAgent.id);
    await app.db.insert(leadReferrals).values({
      leadId,
      fromBranchId: ids.haifa,
      toBranchId: ids.herzliya,
      feePercent: 20,
      status: 'accepted',
      decidedAt: new Date('2026-02-10T10:00:00Z'),
    });
    // 10,000 ₪, 20% referral: 8,000 to split; the agent's 4,000 ₪ below 100,000 and 6,000 above.
    const crossing = await deal({
      branchId: ids.herzliya,
      agentId: herzliyaAgent.id,
      on: '2026-03-01',
      commission: 10_000,
      leadId,
    });
    const s = await statementOf(crossing, herzliyaManager);
    expect(amounts(s)).toEqual([
      ['vat', 180_000],
      ['royalty', 0],
      ['referral', 200_000],
      ['agent', 160_000],
      ['agent', 336_000],
      ['branch', 304_000],
    ]);
    expect(s.lines[2]?.label).toBe('עמלת הפניה: סניף חיפה');
  });

  it('shows a deal to its agents, its branch and the network only', async () => {
    expect((await call('GET', `/deals/${deal2}/statement`, agentC.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/deals/${deal2}/statement`, herzliyaManager.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/deals/${deal2}/statement`, herzliyaAgent.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/deals/${deal2}/statement`, haifaManager.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/deals/${deal2}/statement`, ceo.cookie)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/v1/deals/${deal2}/statement` })).statusCode).toBe(
      401,
    );
    const other = await call('GET', '/deals/00000000-0000-4000-8000-000000000000/statement', ceo.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(MONEY_MESSAGES.dealNotFound);
  });

  it('answers 409 for a deal of a branch with no plan on its date', async () => {
    const bare = await deal({ branchId: ids.bare, agentId: ceo.id, on: '2026-03-01', commission: 1_000 });
    const res = await call('GET', `/deals/${bare}/statement`, ceo.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MONEY_MESSAGES.noPlan);
  });
});

describe('VAT rates', () => {
  it('a network admin adds a rate from a future date; signed deals keep theirs, later ones take it', async () => {
    const startsOn = dayAfter(israelDate(), 10);
    const signed = await deal({
      branchId: ids.haifa,
      agentId: agentA.id,
      on: '2026-03-02',
      commission: 1_000,
    });
    const before = await statementOf(signed, ceo);

    for (const refused of [israelDate(), '2025-01-01'].map((date) => ({ startsOn: date, rateBp: 2000 }))) {
      const res = await call('POST', '/vat-rates', ceo.cookie, refused);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.startsOn).toBe(MONEY_MESSAGES.vatStartsOn);
    }
    expect(
      (await call('POST', '/vat-rates', haifaManager.cookie, { startsOn, rateBp: 2000 })).statusCode,
    ).toBe(403);
    const added = await call('POST', '/vat-rates', ceo.cookie, { startsOn, rateBp: 2000 });
    expect(added.statusCode, added.body).toBe(201);
    const again = await call('POST', '/vat-rates', ceo.cookie, { startsOn, rateBp: 1900 });
    expect(again.statusCode).toBe(409);
    expect((await call('POST', '/vat-rates', ceo.cookie, { startsOn, rateBp: 10_001 })).statusCode).toBe(400);

    const list = await call('GET', '/vat-rates', haifaManager.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.vatRates[0]).toEqual({ startsOn, rateBp: 2000 });
    expect(list.json().data.currentBp).toBe(1800);
    expect((await call('GET', '/vat-rates', agentA.cookie)).statusCode).toBe(403);

    expect(await statementOf(signed, ceo)).toEqual(before);
    const later = await deal({
      branchId: ids.haifa,
      agentId: agentA.id,
      on: dayAfter(startsOn, 1),
      commission: 1_000,
    });
    expect(await statementOf(later, ceo)).toMatchObject({ vatBp: 2000, total: 120_000 });
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.entity, 'settings'));
    expect(audit.map((a) => a.changes.vatRate?.after)).toContainEqual({ startsOn, rateBp: 2000 });
  });
});
