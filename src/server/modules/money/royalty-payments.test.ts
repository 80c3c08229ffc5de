import { ROYALTY_MESSAGES } from '@shared/schemas/royalty-payments';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  branches,
  contacts,
  dealRecords,
  leadActivities,
  leads,
  royaltyPayments,
} from '../../db/schema';
import { createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// Royalty payments (docs/money.md, "Royalty payments"), on both databases: network roles record and void what a
// branch paid, never beyond the year's balance; a branch's managers read their own branch's dues and payments
// and record nothing; agents get 403; the royalties view (JSON and CSV) shows due, paid and balance per branch
// with totals equal to the sum of the rows; every change is in the audit log.

let app: TestApp;
type Person = { id: string; cookie: string };
const ids = { haifa: '', herzliya: '' };
let ceo: Person;
let haifaManager: Person;
let agent: Person;
const MONTH = '2025-10';

const call = (method: 'GET' | 'POST', url: string, who: Person, payload?: object) =>
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
async function deal(branchId: string, agentId: string, on: string, commission: number) {
  const phone = `052${phoneCounter++}`;
  const [contact] = await app.db.insert(contacts).values({ name: 'פונה', phone, branchId }).returning();
  const [lead] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: 'פונה',
      phone,
      category: 'קונה',
      ownerId: agentId,
      branchId,
      routingReason: 'ידני',
    })
    .returning();
  const [row] = await app.db
    .insert(leadActivities)
    .values({
      leadId: lead!.id,
      kind: 'deal',
      agentId,
      branchId,
      occurredAt: new Date(`${on}T10:00:00Z`),
      price: commission * 50,
      commission,
    })
    .returning();
  await app.db.insert(dealRecords).values({ activityId: row!.id });
}

type Figures = { month: number; year: number };
type DuesRow = {
  branchId: string;
  month: { royalty: number };
  year: { royalty: number };
  paid: Figures;
  balance: Figures;
};
async function dues(who: Person) {
  const res = await call('GET', `/royalties?month=${MONTH}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    branches: DuesRow[];
    totals: { month: { royalty: number }; year: { royalty: number }; paid: Figures; balance: Figures };
  };
}

const payment = (overrides: object = {}) => ({
  branchId: ids.haifa,
  amountAgorot: 50_000,
  paidOn: '2025-11-05',
  forMonth: MONTH,
  note: 'העברה בנקאית',
  ...overrides,
});

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  const rows = await app.db
    .insert(branches)
    .values([
      { name: 'סניף חיפה', slug: 'r-haifa', city: 'חיפה' },
      { name: 'סניף הרצליה', slug: 'r-herzliya', city: 'הרצליה' },
    ])
    .returning();
  [ids.haifa, ids.herzliya] = rows.map((r) => r.id) as [string, string];
  ceo = await person(ids.herzliya, { role: 'admin', networkAccess: true, name: 'מנכ"ל הרשת' });
  haifaManager = await person(ids.haifa, { role: 'admin', networkAccess: false, name: 'זכיינית חיפה' });
  agent = await person(ids.haifa, { name: 'סוכנת' });
  const herzliyaAgent = await person(ids.herzliya, { name: 'סוכן הרצליה' });
  for (const branchId of [ids.haifa, ids.herzliya]) {
    const res = await call('POST', `/branches/${branchId}/fee-plans`, ceo, {
      effectiveFrom: '2024-01-01',
      royaltyBp: 600,
      split: { kind: 'fixed', agentBp: 5000 },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  // Haifa: 600 ₪ due in March and 1,200 ₪ in October (1,800 ₪ in the year); Herzliya: 300 ₪ in October.
  await deal(ids.haifa, agent.id, '2025-03-10', 10_000);
  await deal(ids.haifa, agent.id, '2025-10-05', 20_000);
  await deal(ids.herzliya, herzliyaAgent.id, '2025-10-07', 5000);
});

describe('recording a royalty payment', () => {
  it('refuses bad input with Hebrew field messages and stores nothing', async () => {
    const cases: [object, string, string][] = [
      [{ amountAgorot: 0 }, 'amountAgorot', ROYALTY_MESSAGES.amount],
      [{ amountAgorot: -100 }, 'amountAgorot', ROYALTY_MESSAGES.amount],
      [{ amountAgorot: 10.5 }, 'amountAgorot', ROYALTY_MESSAGES.amount],
      [{ paidOn: '2099-01-01' }, 'paidOn', ROYALTY_MESSAGES.paidOn],
      [{ paidOn: '2025-02-30' }, 'paidOn', ROYALTY_MESSAGES.paidOn],
      [{ forMonth: '2025-13' }, 'forMonth', ROYALTY_MESSAGES.forMonth],
      [{ forMonth: '2099-01' }, 'forMonth', ROYALTY_MESSAGES.forMonth],
      [{ branchId: '00000000-0000-4000-8000-000000000000' }, 'branchId', ROYALTY_MESSAGES.branchId],
      [{ branchId: 'חיפה' }, 'branchId', ROYALTY_MESSAGES.branchId],
      // 1,800 ₪ is due in the year up to October.
      [{ amountAgorot: 180_001 }, 'amountAgorot', ROYALTY_MESSAGES.overBalance('1,800.00 ₪')],
      // Up to March only 600 ₪ was due.
      [
        { amountAgorot: 60_001, forMonth: '2025-03' },
        'amountAgorot',
        ROYALTY_MESSAGES.overBalance('600.00 ₪'),
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await call('POST', '/royalty-payments', ceo, payment(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().fieldErrors[field], JSON.stringify(overrides)).toBe(message);
    }
    expect(await app.db.select().from(royaltyPayments)).toHaveLength(0);
  });

  it('lets network roles record; a branch manager and an agent get 403', async () => {
    expect((await call('POST', '/royalty-payments', haifaManager, payment())).statusCode).toBe(403);
    expect((await call('POST', '/royalty-payments', agent, payment())).statusCode).toBe(403);
    const res = await call('POST', '/royalty-payments', ceo, payment({ amountAgorot: 100_000 }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.payment).toMatchObject({
      branchId: ids.haifa,
      branchName: 'סניף חיפה',
      amountAgorot: 100_000,
      paidOn: '2025-11-05',
      forMonth: MONTH,
      note: 'העברה בנקאית',
      voidedAt: null,
    });
    // March's payment: 800 ₪ left of the year, of which 600 ₪ due by March less the 1,000 paid: nothing.
    const march = await call(
      'POST',
      '/royalty-payments',
      ceo,
      payment({ amountAgorot: 100, forMonth: '2025-03' }),
    );
    expect(march.statusCode).toBe(400);
    expect(march.json().fieldErrors.amountAgorot).toBe(ROYALTY_MESSAGES.overBalance('0.00 ₪'));
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'branch'), eq(auditLog.entityId, ids.haifa)));
    const entry = entries.find((e) => 'royaltyPayment' in (e.changes as object));
    expect(entry?.actorId).toBe(ceo.id);
    expect(entry?.changes).toMatchObject({
      royaltyPayment: {
        before: null,
        after: { amountAgorot: 100_000, paidOn: '2025-11-05', forMonth: MONTH, note: 'העברה בנקאית' },
      },
    });
  });
});

describe('the royalties view with payments', () => {
  it('shows due, paid and balance per branch, totals equal to the sum of the rows, in JSON and CSV', async () => {
    const all = await dues(ceo);
    const haifa = all.branches.find((b) => b.branchId === ids.haifa);
    expect(haifa).toMatchObject({
      month: { royalty: 120_000 },
      year: { royalty: 180_000 },
      paid: { month: 100_000, year: 100_000 },
      balance: { month: 20_000, year: 80_000 },
    });
    const herzliya = all.branches.find((b) => b.branchId === ids.herzliya);
    expect(herzliya).toMatchObject({ paid: { month: 0, year: 0 }, balance: { month: 30_000, year: 30_000 } });
    const total = (pick: (r: DuesRow) => number) => all.branches.reduce((t, r) => t + pick(r), 0);
    expect(all.totals.paid).toEqual({ month: total((r) => r.paid.month), year: total((r) => r.paid.year) });
    expect(all.totals.balance).toEqual({
      month: total((r) => r.balance.month),
      year: total((r) => r.balance.year),
    });
    const csv = await call('GET', `/royalties.csv?month=${MONTH}`, ceo);
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body.slice(1)) as string[][];
    expect(rows[0]?.slice(3, 8)).toEqual([
      'תמלוגים בחודש (₪)',
      'דמי חודש לסוכנים בחודש (₪)',
      'לתשלום לרשת בחודש (₪)',
      'שולם עבור החודש (₪)',
      'יתרה לחודש (₪)',
    ]);
    expect(rows.find((r) => r[0] === 'סניף חיפה')?.slice(3, 8)).toEqual(['1200', '0', '1200', '1000', '200']);
    expect(rows.find((r) => r[0] === 'סה"כ')?.slice(13, 15)).toEqual([
      String(all.totals.paid.year / 100),
      String(all.totals.balance.year / 100),
    ]);
  });

  it('shows a branch manager her own branch only, and an agent nothing', async () => {
    const mine = await dues(haifaManager);
    expect(mine.branches.map((b) => b.branchId)).toEqual([ids.haifa]);
    expect(mine.totals.balance).toEqual(mine.branches[0]?.balance);
    expect((await call('GET', `/royalties?month=${MONTH}`, agent)).statusCode).toBe(403);
    expect((await call('GET', `/royalties.csv?month=${MONTH}`, agent)).statusCode).toBe(403);
  });

  it('lists the payments of a month or a year, by scope', async () => {
    const list = await call('GET', `/royalty-payments?month=${MONTH}`, ceo);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ period: MONTH, total: 100_000 });
    const year = await call('GET', '/royalty-payments?year=2025', haifaManager);
    expect(year.json().data.payments).toHaveLength(1);
    const other = await call('GET', `/royalty-payments?year=2025&branchId=${ids.herzliya}`, haifaManager);
    expect(other.statusCode).toBe(404);
    expect((await call('GET', '/royalty-payments?year=2025', agent)).statusCode).toBe(403);
    expect((await call('GET', '/royalty-payments?month=2025-1', ceo)).statusCode).toBe(400);
  });
});

describe('voiding a royalty payment', () => {
  it('needs a reason, leaves the payment in the list marked, takes it out of the figures and audits it', async () => {
    const [stored] = await app.db.select().from(royaltyPayments);
    const url = `/royalty-payments/${stored!.id}/void`;
    expect((await call('POST', url, haifaManager, { reason: 'טעות' })).statusCode).toBe(403);
    const empty = await call('POST', url, ceo, { reason: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.reason).toBe(ROYALTY_MESSAGES.reason);
    const res = await call('POST', url, ceo, { reason: 'נרשם פעמיים' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payment).toMatchObject({ voidReason: 'נרשם פעמיים' });
    expect(res.json().data.payment.voidedAt).not.toBeNull();
    const again = await call('POST', url, ceo, { reason: 'שוב' });
    expect(again.statusCode).toBe(400);
    expect(again.json().fieldErrors.reason).toBe(ROYALTY_MESSAGES.alreadyVoided);
    const missing = await call('POST', '/royalty-payments/00000000-0000-4000-8000-000000000000/void', ceo, {
      reason: 'טעות',
    });
    expect(missing.statusCode).toBe(404);
    const haifa = (await dues(ceo)).branches.find((b) => b.branchId === ids.haifa);
    expect(haifa).toMatchObject({ paid: { month: 0, year: 0 }, balance: { month: 120_000, year: 180_000 } });
    const list = (await call('GET', `/royalty-payments?month=${MONTH}`, ceo)).json().data;
    expect(list.total).toBe(0);
    expect(list.payments).toHaveLength(1);
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'branch'), eq(auditLog.entityId, ids.haifa)));
    expect(entries.map((e) => e.changes)).toContainEqual({
      royaltyPayment: {
        before: expect.objectContaining({ voidReason: null }),
        after: expect.objectContaining({ voidReason: 'נרשם פעמיים' }),
      },
    });
    // Voided, the amount is free again for the year's balance.
    const repaid = await call('POST', '/royalty-payments', ceo, payment({ amountAgorot: 180_000 }));
    expect(repaid.statusCode, repaid.body).toBe(201);
  });
});
