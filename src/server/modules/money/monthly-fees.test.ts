import { ROYALTY_MESSAGES } from '@shared/schemas/royalty-payments';
import { parse } from 'csv-parse/sync';
import { eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  branches,
  contacts,
  dealRecords,
  feePlans,
  leadActivities,
  leads,
  userRoleHistory,
  users,
} from '../../db/schema';
import { createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// The monthly fee per agent (docs/money.md, "The monthly fee per agent"; decision 0068), on both databases: each
// month a branch owes the fee of the plan in force on the month's first day × the agents it had when the month
// began (the dated branch history), on the branch's month statement (JSON, CSV, PDF), in the royalties view and
// its balances, and in the network dashboard's money; a change today never moves a past month.

let app: TestApp;
type Person = { id: string; cookie: string };
const ids = { tlv: '', haifa: '' };
let ceo: Person;
let haifaManager: Person;
let dana: Person;
let avi: Person;

const call = (method: 'GET' | 'POST', url: string, who: Person, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

async function person(branchId: string, overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(app.db, {
    branchId,
    createdAt: new Date('2024-12-01T00:00:00Z'),
    ...overrides,
  });
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
}

/** Moves a user to another branch as of an instant: the trigger opens the period, the test dates it. */
async function moveBranch(userId: string, branchId: string, at: Date) {
  await app.db.update(users).set({ branchId }).where(eq(users.id, userId));
  const periods = await app.db.select().from(userRoleHistory).where(eq(userRoleHistory.userId, userId));
  const open = periods.find((p) => p.validUntil === null);
  const closed = periods
    .filter((p) => p.validUntil !== null)
    .sort((a, b) => +b.validUntil! - +a.validUntil!)[0];
  await app.db.update(userRoleHistory).set({ validUntil: at }).where(eq(userRoleHistory.id, closed!.id));
  await app.db.update(userRoleHistory).set({ validFrom: at }).where(eq(userRoleHistory.id, open!.id));
}

type Fee = { agents: number; feeAgorot: number; amount: number; rule: string } | null;
async function statementFee(branchId: string, month: string, who: Person = ceo): Promise<Fee> {
  const res = await call('GET', `/branches/${branchId}/month-statement?month=${month}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.statement.monthlyFee;
}

type Figures = { deals: number; net: number; royalty: number; agentFees: number; due: number };
type DuesRow = {
  branchId: string;
  month: Figures;
  year: Figures;
  monthlyFee: Fee;
  paid: { month: number; year: number };
  balance: { month: number; year: number };
};
async function dues(month: string, who: Person = ceo) {
  const res = await call('GET', `/royalties?month=${month}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { branches: DuesRow[]; totals: { month: Figures; year: Figures } };
}

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  const rows = await app.db
    .insert(branches)
    .values([
      { name: 'סניף תל אביב', slug: 'mf-tlv', city: 'תל אביב' },
      { name: 'סניף חיפה', slug: 'mf-haifa', city: 'חיפה' },
    ])
    .returning();
  [ids.tlv, ids.haifa] = rows.map((r) => r.id) as [string, string];
  ceo = await person(ids.tlv, { role: 'admin', networkAccess: true, name: 'מנכ"ל הרשת' });
  haifaManager = await person(ids.haifa, { role: 'admin', networkAccess: false, name: 'זכיינית חיפה' });
  dana = await person(ids.tlv, { name: 'דנה', gender: 'female' });
  avi = await person(ids.tlv, { name: 'אבי' });
  // Tel Aviv: 500 ₪ a month per agent from January, 800 ₪ from July; Haifa: 300 ₪ from January.
  const plan = (branchId: string, effectiveFrom: string, monthlyFeeAgorot: number) => ({
    branchId,
    effectiveFrom,
    royaltyBp: 600,
    monthlyFeeAgorot,
    splitKind: 'fixed' as const,
    agentBp: 5000,
    createdBy: ceo.id,
  });
  await app.db
    .insert(feePlans)
    .values([
      plan(ids.tlv, '2025-01-01', 50_000),
      plan(ids.tlv, '2025-07-01', 80_000),
      plan(ids.haifa, '2025-01-01', 30_000),
    ]);
  // Dana moves from Tel Aviv to Haifa on 15 June 2025.
  await moveBranch(dana.id, ids.haifa, new Date('2025-06-15T09:00:00Z'));
  // One deal in Tel Aviv in July: a 10,000 ₪ fee, 600 ₪ royalty.
  const [contact] = await app.db
    .insert(contacts)
    .values({ name: 'פונה', phone: '0524100999', branchId: ids.tlv })
    .returning();
  const [lead] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: 'פונה',
      phone: '0524100999',
      category: 'קונה',
      ownerId: avi.id,
      branchId: ids.tlv,
      routingReason: 'ידני',
    })
    .returning();
  const [deal] = await app.db
    .insert(leadActivities)
    .values({
      leadId: lead!.id,
      kind: 'deal',
      agentId: avi.id,
      branchId: ids.tlv,
      occurredAt: new Date('2025-07-10T10:00:00Z'),
      price: 500_000,
      commission: 10_000,
    })
    .returning();
  await app.db.insert(dealRecords).values({ activityId: deal!.id });
});

describe('the branch month statement', () => {
  it('charges the plan of the month × the agents the branch had when the month began', async () => {
    // June: Dana moved mid-month, so she counts for Tel Aviv, where she was on 1 June; admins never count.
    expect(await statementFee(ids.tlv, '2025-06')).toEqual({
      agents: 2,
      feeAgorot: 50_000,
      amount: 100_000,
      rule: 'דמי חודש לסוכנים: 2 סוכנים × 500.00 ₪',
    });
    expect(await statementFee(ids.haifa, '2025-06', haifaManager)).toEqual({
      agents: 0,
      feeAgorot: 30_000,
      amount: 0,
      rule: 'דמי חודש לסוכנים: 0 סוכנים × 300.00 ₪',
    });
    // July: the new plan's fee, and Dana in Haifa.
    expect(await statementFee(ids.tlv, '2025-07')).toEqual({
      agents: 1,
      feeAgorot: 80_000,
      amount: 80_000,
      rule: 'דמי חודש לסוכנים: סוכן אחד × 800.00 ₪',
    });
    expect((await statementFee(ids.haifa, '2025-07'))?.rule).toBe('דמי חודש לסוכנים: סוכן אחד × 300.00 ₪');
    // Before the first plan there is no fee line.
    expect(await statementFee(ids.tlv, '2024-12')).toBeNull();
  });

  it('writes the fee line in the CSV and the PDF', async () => {
    const csv = await call('GET', `/branches/${ids.tlv}/month-statement.csv?month=2025-07`, ceo);
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body.slice(1), { relaxColumnCount: true }) as string[][];
    const fee = rows.find((r) => r[0] === 'דמי חודש לסוכנים');
    expect(fee?.[12]).toBe('דמי חודש לסוכנים: סוכן אחד × 800.00 ₪');
    expect(fee?.[13]).toBe('800');
    const pdf = await call('GET', `/branches/${ids.tlv}/month-statement.pdf?month=2025-07`, ceo);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });
});

describe('the royalties view', () => {
  it('adds the fees to what each branch owes, for the month and the year', async () => {
    const data = await dues('2025-07');
    const tlv = data.branches.find((b) => b.branchId === ids.tlv)!;
    // January to June: 2 agents × 500 ₪; July: 1 × 800 ₪.
    expect(tlv.month).toEqual({ deals: 1, net: 1_000_000, royalty: 60_000, agentFees: 80_000, due: 140_000 });
    expect(tlv.year).toEqual({ deals: 1, net: 1_000_000, royalty: 60_000, agentFees: 680_000, due: 740_000 });
    expect(tlv.balance).toEqual({ month: 140_000, year: 740_000 });
    const haifa = data.branches.find((b) => b.branchId === ids.haifa)!;
    expect(haifa.year.agentFees).toBe(30_000);
    expect(data.totals.year.due).toBe(data.branches.reduce((t, b) => t + b.year.due, 0));
    expect(data.totals.month.agentFees).toBe(data.branches.reduce((t, b) => t + b.month.agentFees, 0));
    // A branch manager reads her own row, with its fee.
    const mine = await dues('2025-07', haifaManager);
    expect(mine.branches.map((b) => [b.branchId, b.month.due])).toEqual([[ids.haifa, 30_000]]);
  });

  it('takes payments up to the royalties and fees due, and balances against them', async () => {
    const payment = { branchId: ids.tlv, paidOn: '2025-08-05', forMonth: '2025-07', note: 'העברה' };
    const over = await call('POST', '/royalty-payments', ceo, { ...payment, amountAgorot: 740_001 });
    expect(over.statusCode).toBe(400);
    expect(over.json().fieldErrors.amountAgorot).toBe(ROYALTY_MESSAGES.overBalance('7,400.00 ₪'));
    const ok = await call('POST', '/royalty-payments', ceo, { ...payment, amountAgorot: 700_000 });
    expect(ok.statusCode, ok.body).toBe(201);
    const tlv = (await dues('2025-07')).branches.find((b) => b.branchId === ids.tlv)!;
    expect(tlv.balance).toEqual({ month: -560_000, year: 40_000 });
    const csv = await call('GET', '/royalties.csv?month=2025-07', ceo);
    const rows = parse(csv.body.slice(1)) as string[][];
    const row = rows.find((r) => r[0] === 'סניף תל אביב');
    expect(row?.slice(3, 8)).toEqual(['600', '800', '1400', '7000', '-5600']);
    expect(row?.slice(-2)).toEqual(['1', '800']);
  });

  it('puts the fees in the network dashboard’s money due', async () => {
    const res = await call('GET', '/network/dashboard?year=2025&month=7', ceo);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      branches: { branch: { _id: string }; money: { royaltyDue: number } }[];
    };
    expect(data.branches.find((c) => c.branch._id === ids.tlv)?.money.royaltyDue).toBe(140_000);
    expect(data.branches.find((c) => c.branch._id === ids.haifa)?.money.royaltyDue).toBe(30_000);
  });
});

describe('a past month', () => {
  it('never moves when agents join or move today', async () => {
    const before = await dues('2025-07');
    await person(ids.tlv, { name: 'סוכנת חדשה', createdAt: new Date() });
    await app.db.update(users).set({ branchId: ids.haifa }).where(eq(users.id, avi.id));
    const open = await app.db.select().from(userRoleHistory).where(isNull(userRoleHistory.validUntil));
    expect(open.find((p) => p.userId === avi.id)?.branchId).toBe(ids.haifa);
    expect(await dues('2025-07')).toEqual(before);
    expect((await statementFee(ids.tlv, '2025-07'))?.agents).toBe(1);
  });
});
