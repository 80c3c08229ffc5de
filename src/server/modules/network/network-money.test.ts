import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches, contacts, dealRecords, leadActivities, leads } from '../../db/schema';
import { createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// The network dashboard's money per branch (docs/branches.md), on both databases: the month's fees before VAT
// and royalties due from the deals' statements (cancelled deals left out), the royalty payments for the month,
// the network column as the sum of the branches, in the JSON and the CSV.

let app: TestApp;
type Person = { id: string; cookie: string };
let ceo: Person;
const ids = { haifa: '', telAviv: '' };

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

let phoneCounter = 4_200_000;
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
  return row!.id;
}

type Money = { gross: number; royaltyDue: number; royaltyPaid: number };

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  const [haifa, telAviv] = await app.db
    .insert(branches)
    .values([
      { name: 'חיפה', slug: 'm-haifa', city: 'חיפה' },
      { name: 'תל אביב', slug: 'm-tel-aviv', city: 'תל אביב-יפו' },
    ])
    .returning();
  ids.haifa = haifa!.id;
  ids.telAviv = telAviv!.id;
  ceo = await person(ids.telAviv, { role: 'admin', networkAccess: true, name: 'מנכ"ל הרשת' });
  const haifaAgent = await person(ids.haifa, { name: 'סוכנת חיפה' });
  const telAvivAgent = await person(ids.telAviv, { name: 'סוכן תל אביב' });
  for (const [branchId, royaltyBp] of [
    [ids.haifa, 600],
    [ids.telAviv, 500],
  ] as const) {
    const res = await call('POST', `/branches/${branchId}/fee-plans`, ceo, {
      effectiveFrom: '2024-01-01',
      royaltyBp,
      split: { kind: 'fixed', agentBp: 5000 },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  // March 2025: Haifa 10,000 ₪ and 2,500 ₪ (6%), one more cancelled; Tel Aviv 20,000 ₪ (5%); April elsewhere.
  await deal(ids.haifa, haifaAgent.id, '2025-03-03', 10_000);
  await deal(ids.haifa, haifaAgent.id, '2025-03-20', 2500);
  const cancelled = await deal(ids.haifa, haifaAgent.id, '2025-03-21', 7000);
  await deal(ids.telAviv, telAvivAgent.id, '2025-03-05', 20_000);
  await deal(ids.telAviv, telAvivAgent.id, '2025-04-05', 30_000);
  const cancel = await call('PATCH', `/deals/${cancelled}/status`, ceo, {
    status: 'cancelled',
    cancelReason: 'הקונה חזר בו',
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  const paid = await call('POST', '/royalty-payments', ceo, {
    branchId: ids.haifa,
    amountAgorot: 40_000,
    paidOn: '2025-04-02',
    forMonth: '2025-03',
  });
  expect(paid.statusCode, paid.body).toBe(201);
});

describe('the network dashboard’s money', () => {
  it('gives each branch its fees, royalties due and paid, and the network their sum', async () => {
    const res = await call('GET', '/network/dashboard?year=2025&month=3', ceo);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      branches: { branch: { _id: string }; money: Money }[];
      network: { money: Money };
    };
    const of = (id: string) => data.branches.find((c) => c.branch._id === id)?.money;
    expect(of(ids.haifa)).toEqual({ gross: 1_250_000, royaltyDue: 75_000, royaltyPaid: 40_000 });
    expect(of(ids.telAviv)).toEqual({ gross: 2_000_000, royaltyDue: 100_000, royaltyPaid: 0 });
    const sum = (key: keyof Money) => data.branches.reduce((t, c) => t + c.money[key], 0);
    expect(data.network.money).toEqual({
      gross: sum('gross'),
      royaltyDue: sum('royaltyDue'),
      royaltyPaid: sum('royaltyPaid'),
    });
    // Each branch's figures are those of its month's deal statements.
    const statement = await call('GET', `/branches/${ids.haifa}/month-statement?month=2025-03`, ceo);
    expect(statement.json().data.statement.totals).toMatchObject({ net: 1_250_000, royalty: 75_000 });
  });

  it('writes the same money in the CSV, in shekels as numbers, with Hebrew headers', async () => {
    const res = await call('GET', '/network/dashboard.csv?year=2025&month=3', ceo);
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body.slice(1)) as string[][];
    expect(rows[0]?.slice(-3)).toEqual([
      'עמלות לפני מע"מ (₪)',
      'לתשלום לרשת: תמלוגים ודמי חודש (₪)',
      'תמלוגים ששולמו (₪)',
    ]);
    expect(rows.find((r) => r[0] === 'חיפה')?.slice(-3)).toEqual(['12500', '750', '400']);
    expect(rows.find((r) => r[0] === 'כל הרשת')?.slice(-3)).toEqual(['32500', '1750', '400']);
  });
});
