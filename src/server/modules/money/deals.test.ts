import { israelDate } from '@shared/domain/israel-time';
import { DEAL_MESSAGES } from '@shared/schemas/deals';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branches, contacts, dealPayments, dealRecords, indicators, leads } from '../../db/schema';
import { createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// Deals as records (docs/money.md), on both databases: a deal's status and payments, changed by its branch's
// managers and network admins and audited; the deals list (each agent sees her own share, the manager's totals
// are the rows' sums); the CSV; a cancelled deal leaves the figures.

let app: TestApp;
type Person = { id: string; cookie: string };
const ids = { haifa: '', herzliya: '' };
let ceo: Person;
let haifaManager: Person;
let herzliyaManager: Person;
let agentA: Person;
let agentB: Person;
let agentC: Person;
let herzliyaAgent: Person;
const month = israelDate().slice(0, 7);
const range = `from=${month}&to=${month}`;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Person, payload?: object) =>
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

let phoneCounter = 3_000_000;
async function leadIn(branchId: string, ownerId: string, name = 'פונה') {
  const phone = `052${phoneCounter++}`;
  const [contact] = await app.db.insert(contacts).values({ name, phone, branchId }).returning();
  const [lead] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name,
      phone,
      category: 'קונה',
      ownerId,
      branchId,
      routingReason: 'ידני',
    })
    .returning();
  return lead!.id;
}

/** A deal logged through the API by its main agent (as the lead page does). */
async function logDeal(agent: Person, branchId: string, body: object, name?: string) {
  const leadId = await leadIn(branchId, agent.id, name);
  const res = await call('POST', `/pipeline/leads/${leadId}/activities`, agent, {
    kind: 'deal',
    noOrderReason: 'נחתם בנייר',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.activity._id as string;
}

type Row = {
  dealId: string;
  status: string;
  due: number | null;
  paid: number;
  fee: number;
  branchShare: number | null;
  shares: { agentId: string; amount: number | null }[];
};
type Totals = { count: number; fee: number; due: number; paid: number; shares: number; branchShare: number };
async function list(who: Person, query = range) {
  const res = await call('GET', `/deals?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { deals: Row[]; totals: Totals; progress: unknown };
}
const rowOf = (deals: Row[], id: string) => deals.find((d) => d.dealId === id);

let shared = '';
let solo = '';

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  const rows = await app.db
    .insert(branches)
    .values([
      { name: 'סניף חיפה', slug: 'd-haifa', city: 'חיפה' },
      { name: 'סניף הרצליה', slug: 'd-herzliya', city: 'הרצליה' },
    ])
    .returning();
  [ids.haifa, ids.herzliya] = rows.map((r) => r.id) as [string, string];
  ceo = await person(ids.herzliya, { role: 'admin', networkAccess: true, name: 'מנכ"ל הרשת' });
  haifaManager = await person(ids.haifa, { role: 'admin', networkAccess: false, name: 'מנהלת חיפה' });
  herzliyaManager = await person(ids.herzliya, { role: 'admin', networkAccess: false, name: 'מנהלת הרצליה' });
  agentA = await person(ids.haifa, { name: 'סוכנת א' });
  agentB = await person(ids.haifa, { name: 'סוכנת ב' });
  agentC = await person(ids.haifa, { name: 'סוכן ג' });
  herzliyaAgent = await person(ids.herzliya, { name: 'סוכנת הרצליה' });
  for (const branchId of [ids.haifa, ids.herzliya]) {
    const res = await call('POST', `/branches/${branchId}/fee-plans`, ceo, {
      effectiveFrom: '2024-01-01',
      royaltyBp: 600,
      split: { kind: 'fixed', agentBp: 5000 },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  // 20,000 ₪ before VAT, 8,000 of it the second agent's: VAT 3,600; royalty 1,200; 18,800 to split 60/40 at
  // 50%: 5,640 to A, 3,760 to B, 9,400 to the branch; the client pays 23,600.
  shared = await logDeal(
    agentA,
    ids.haifa,
    { price: 1_000_000, commission: 20_000, secondAgentId: agentB.id, secondAgentCommission: 8000 },
    '=HYPERLINK("https://evil.example")',
  );
  // 10,000 ₪, B alone: VAT 1,800; royalty 600; 4,700 to B and 4,700 to the branch.
  solo = await logDeal(agentB, ids.haifa, { price: 500_000, commission: 10_000 });
});

describe('deal records', () => {
  it('are made with the deal, signed', async () => {
    const [record] = await app.db.select().from(dealRecords).where(eq(dealRecords.activityId, shared));
    expect(record).toMatchObject({ status: 'signed', dueOn: null, cancelReason: null });
  });
});

describe('the deals list', () => {
  it('shows each of two sharing agents the deal with her own share only', async () => {
    const a = await list(agentA);
    expect(rowOf(a.deals, shared)?.shares).toEqual([
      { agentId: agentA.id, name: 'סוכנת א', amount: 564_000 },
    ]);
    expect(rowOf(a.deals, shared)?.branchShare).toBeNull();
    expect(rowOf(a.deals, solo)).toBeUndefined();
    const b = await list(agentB);
    expect(rowOf(b.deals, shared)?.shares).toEqual([
      { agentId: agentB.id, name: 'סוכנת ב', amount: 376_000 },
    ]);
    expect(rowOf(b.deals, solo)?.shares).toEqual([{ agentId: agentB.id, name: 'סוכנת ב', amount: 470_000 }]);
    expect(b.totals.shares).toBe(376_000 + 470_000);
    // Her gross this year: her 8,000 ₪ of the shared deal and the 10,000 ₪ of her own, under a fixed split.
    expect(b.progress).toEqual({
      year: Number(month.slice(0, 4)),
      gross: 1_800_000,
      agentBp: 5000,
      nextTier: null,
    });
    expect((await list(haifaManager)).progress).toBeNull();
    expect((await list(agentC)).deals).toEqual([]);
  });

  it("gives the manager totals equal to the rows' sums and to the agents' shares plus the branch lines", async () => {
    const manager = await list(haifaManager);
    expect(manager.deals.map((d) => d.dealId).sort()).toEqual([shared, solo].sort());
    const sum = (pick: (d: Row) => number) => manager.deals.reduce((s, d) => s + pick(d), 0);
    expect(manager.totals).toEqual({
      count: 2,
      fee: sum((d) => d.fee),
      due: sum((d) => d.due ?? 0),
      paid: sum((d) => d.paid),
      shares: sum((d) => d.shares.reduce((s, x) => s + (x.amount ?? 0), 0)),
      branchShare: sum((d) => d.branchShare ?? 0),
    });
    const [a, b] = [await list(agentA), await list(agentB)];
    expect(manager.totals.shares).toBe(a.totals.shares + b.totals.shares);
    expect(manager.totals.branchShare).toBe(940_000 + 470_000);
    expect(manager.totals.due).toBe(2_360_000 + 1_180_000);
    // A filter by agent: the deals she shares in.
    const ofA = await list(haifaManager, `${range}&agentId=${agentA.id}`);
    expect(ofA.deals.map((d) => d.dealId)).toEqual([shared]);
  });

  it('keeps other branches out: 404 for a branch outside the scope, nothing of it in the list', async () => {
    expect((await call('GET', `/deals?${range}&branchId=${ids.haifa}`, herzliyaAgent)).statusCode).toBe(404);
    expect((await call('GET', `/deals?${range}&branchId=${ids.haifa}`, herzliyaManager)).statusCode).toBe(
      404,
    );
    expect((await list(herzliyaManager)).deals).toEqual([]);
    expect((await list(ceo, `${range}&branchId=${ids.haifa}`)).deals).toHaveLength(2);
  });

  it('refuses a bad month with a Hebrew message', async () => {
    const res = await call('GET', '/deals?from=2026-13', haifaManager);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.from).toBe(DEAL_MESSAGES.month);
    const order = await call('GET', '/deals?from=2026-05&to=2026-04', haifaManager);
    expect(order.json().fieldErrors.to).toBe(DEAL_MESSAGES.monthOrder);
  });

  it('exports CSV with a BOM, Hebrew headers, numbers, normalized phones and no formulas', async () => {
    const res = await call('GET', `/deals.csv?${range}`, haifaManager);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(res.body.slice(1)) as string[][];
    const header = rows[0]!;
    expect(header[0]).toBe('תאריך חתימה');
    const col = (name: string) => header.indexOf(name);
    const sharedRow = rows.find((r) => r[col('לקוח')]?.includes('HYPERLINK'))!;
    expect(sharedRow[col('לקוח')]).toBe(`'=HYPERLINK("https://evil.example")`);
    expect(sharedRow[col('טלפון')]).toMatch(/^05\d-\d{3}-\d{4}$/);
    expect(sharedRow[col('לתשלום כולל מע"מ (₪)')]).toBe('23600');
    expect(sharedRow[col('חלק הסניף (₪)')]).toBe('9400');
    const last = rows.at(-1)!;
    expect(last[0]).toBe('סה"כ');
    expect(last[col('לתשלום כולל מע"מ (₪)')]).toBe('35400');
  });
});

describe('status and payments', () => {
  it('lets only managers change a deal, and no one of another branch', async () => {
    const body = { status: 'invoiced' };
    expect((await call('PATCH', `/deals/${shared}/status`, agentA, body)).statusCode).toBe(403);
    expect((await call('PATCH', `/deals/${shared}/status`, herzliyaManager, body)).statusCode).toBe(404);
    const pay = { amountAgorot: 100, paidOn: israelDate() };
    expect((await call('POST', `/deals/${shared}/payments`, herzliyaManager, pay)).statusCode).toBe(404);
  });

  it('refuses bad input with Hebrew field messages and stores nothing', async () => {
    const signed = await call('POST', `/deals/${shared}/payments`, haifaManager, {
      amountAgorot: 1000,
      paidOn: israelDate(),
    });
    expect(signed.statusCode).toBe(400);
    expect(signed.json().fieldErrors.amountAgorot).toBe(DEAL_MESSAGES.notInvoiced);
    const paidStatus = await call('PATCH', `/deals/${shared}/status`, haifaManager, { status: 'paid' });
    expect(paidStatus.json().fieldErrors.status).toBe(DEAL_MESSAGES.status);
    const noReason = await call('PATCH', `/deals/${shared}/status`, haifaManager, { status: 'cancelled' });
    expect(noReason.json().fieldErrors.cancelReason).toBe(DEAL_MESSAGES.cancelReason);
    for (const amountAgorot of [-5, 0, 1.5, 1e12]) {
      const res = await call('POST', `/deals/${shared}/payments`, haifaManager, {
        amountAgorot,
        paidOn: israelDate(),
      });
      expect(res.statusCode, String(amountAgorot)).toBe(400);
      expect(res.json().fieldErrors.amountAgorot).toBe(DEAL_MESSAGES.amount);
    }
    expect(await app.db.select().from(dealPayments).where(eq(dealPayments.activityId, shared))).toEqual([]);
  });

  it('invoices, takes payments up to what is due, derives the status and audits every change', async () => {
    const invoiced = await call('PATCH', `/deals/${shared}/status`, haifaManager, {
      status: 'invoiced',
      dueOn: israelDate(),
    });
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    expect(invoiced.json().data.deal).toMatchObject({
      status: 'invoiced',
      due: 2_360_000,
      dueOn: israelDate(),
    });

    const over = await call('POST', `/deals/${shared}/payments`, ceo, {
      amountAgorot: 2_360_001,
      paidOn: israelDate(),
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().fieldErrors.amountAgorot).toBe(DEAL_MESSAGES.overDue('23,600.00 ₪'));

    const part = await call('POST', `/deals/${shared}/payments`, haifaManager, {
      amountAgorot: 1_000_000,
      paidOn: israelDate(),
      note: 'העברה בנקאית',
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().data.deal).toMatchObject({ status: 'partly_paid', paid: 1_000_000 });
    const rest = await call('POST', `/deals/${shared}/payments`, haifaManager, {
      amountAgorot: 1_360_000,
      paidOn: israelDate(),
    });
    expect(rest.json().data.deal).toMatchObject({ status: 'paid', paid: 2_360_000 });
    const more = await call('POST', `/deals/${shared}/payments`, haifaManager, {
      amountAgorot: 1,
      paidOn: israelDate(),
    });
    expect(more.json().fieldErrors.amountAgorot).toBe(DEAL_MESSAGES.overDue('0.00 ₪'));

    const lastId = rest.json().data.deal.payments[1]._id as string;
    const undone = await call('DELETE', `/deals/${shared}/payments/${lastId}`, haifaManager);
    expect(undone.json().data.deal).toMatchObject({ status: 'partly_paid', paid: 1_000_000 });
    expect((await call('DELETE', `/deals/${shared}/payments/${lastId}`, haifaManager)).statusCode).toBe(404);

    const [record] = await app.db.select().from(dealRecords).where(eq(dealRecords.activityId, shared));
    expect(record?.status).toBe('partly_paid');
    const row = rowOf((await list(agentB)).deals, shared);
    expect(row).toMatchObject({ status: 'partly_paid', paid: 1_000_000, due: 2_360_000 });

    const [lead] = await app.db
      .select({ leadId: leads.id })
      .from(leads)
      .where(eq(leads.name, '=HYPERLINK("https://evil.example")'));
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'lead'), eq(auditLog.entityId, lead!.leadId)));
    expect(entries).toHaveLength(4);
    expect(
      entries.map((e) => (e.changes.deal?.after as { status: string } | undefined)?.status).sort(),
    ).toEqual(['invoiced', 'paid', 'partly_paid', 'partly_paid'].sort());

    const cancel = await call('PATCH', `/deals/${shared}/status`, haifaManager, {
      status: 'cancelled',
      cancelReason: 'הקונה חזר בו',
    });
    expect(cancel.json().fieldErrors.status).toBe(DEAL_MESSAGES.cancelWithPayments);
  });

  it("takes a cancelled deal out of the figures: the agent's deal count, the list and the totals", async () => {
    const deal = await logDeal(agentC, ids.haifa, { price: 800_000, commission: 16_000 });
    const dealsOfC = async () =>
      (await call('POST', '/indicators/summary/all', agentC, { id: agentC.id })).json().data
        .totalDeals as number;
    expect(await dealsOfC()).toBe(1);
    const before = (await list(haifaManager)).totals;

    const res = await call('PATCH', `/deals/${deal}/status`, haifaManager, {
      status: 'cancelled',
      cancelReason: 'הקונה חזר בו',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.deal).toMatchObject({ status: 'cancelled', cancelReason: 'הקונה חזר בו' });
    expect(await dealsOfC()).toBe(0);
    const [row] = await app.db.select().from(indicators).where(eq(indicators.activityId, deal));
    expect(row?.deals).toBe(0);

    const after = await list(haifaManager);
    expect(rowOf(after.deals, deal)).toBeUndefined();
    expect(after.totals.count).toBe(before.count - 1);
    const cancelled = await list(haifaManager, `${range}&status=cancelled`);
    expect(cancelled.deals.map((d) => d.dealId)).toEqual([deal]);

    const again = await call('PATCH', `/deals/${deal}/status`, haifaManager, { status: 'invoiced' });
    expect(again.json().fieldErrors.status).toBe(DEAL_MESSAGES.cancelled);
  });
});
