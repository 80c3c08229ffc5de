import { DEAL_MESSAGES } from '@shared/schemas/deals';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches, brokerageOrders, contacts, dealRecords, leadActivities, leads } from '../../db/schema';
import { createProperty, createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// A deal and the signed brokerage orders of its sides (issue 34, decision 0055), on both databases: logging a
// deal with a side that has no signed order asks why (400 on the field, nothing stored), the reason is kept,
// GET /deals and the CSV mark such deals, and a deal whose sides have their signed orders links them.

let app: TestApp;
type Person = { id: string; cookie: string };
let branchId = '';
let agent: Person;
let manager: Person;

const call = (method: 'GET' | 'POST', url: string, who: Person, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

async function person(overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(app.db, { branchId, ...overrides });
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
}

let phoneCounter = 5_200_000;
async function buyerLead(propertyId: string | null = null) {
  const phone = `052${phoneCounter++}`;
  const [contact] = await app.db.insert(contacts).values({ name: 'רוני קונה', phone, branchId }).returning();
  const [lead] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: 'רוני קונה',
      phone,
      category: 'קונה',
      ownerId: agent.id,
      branchId,
      routingReason: 'ידני',
      propertyId,
    })
    .returning();
  return lead!;
}

async function order(values: {
  leadId?: string;
  contactId?: string;
  side: 'buyer' | 'seller';
  propertyId?: string;
  status?: 'signed' | 'revoked' | 'sent';
}) {
  const [row] = await app.db
    .insert(brokerageOrders)
    .values({
      branchId,
      leadId: values.leadId ?? null,
      contactId: values.contactId ?? null,
      agentId: agent.id,
      side: values.side,
      transactionKind: values.side === 'buyer' ? 'purchase' : 'sale',
      clientName: 'לקוח',
      clientIdNumber: '039337423',
      clientAddress: 'הנביאים 5, חיפה',
      clientPhone: '0521234567',
      agencyName: 'הסוכנות',
      brokerName: 'מתווך',
      brokerLicence: '3012345',
      brokerAddress: 'מוריה 50',
      properties: [{ ...(values.propertyId ? { propertyId: values.propertyId } : {}), address: 'מוריה 10' }],
      approxPrice: 1_500_000,
      feePercentHundredths: 200,
      vatIncluded: false,
      status: values.status ?? 'signed',
      signedAt: values.status === 'sent' ? null : new Date(),
    })
    .returning({ id: brokerageOrders.id });
  return row!.id;
}

const deal = { kind: 'deal', price: 1_000_000, commission: 20_000 };
type Row = {
  dealId: string;
  orderSides: { side: string; orderIds: string[] }[];
  withoutSignedOrder: boolean;
  noOrderReason: string | null;
};
async function rowOf(who: Person, dealId: string) {
  const res = await call('GET', '/deals', who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.deals as Row[]).find((d) => d.dealId === dealId)!;
}

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  const [branch] = await app.db
    .insert(branches)
    .values({ name: 'סניף חיפה', slug: 'do-haifa', city: 'חיפה' })
    .returning();
  branchId = branch!.id;
  agent = await person({ name: 'סוכנת א' });
  manager = await person({ role: 'admin', networkAccess: false, name: 'מנהלת' });
});

describe('a deal and the signed brokerage orders of its sides', () => {
  it('asks why when the client has no signed order: 400 on the field, nothing stored; then keeps the reason', async () => {
    const lead = await buyerLead();
    // An order sent but not signed, and a signed one revoked since, give no right to a fee.
    await order({ leadId: lead.id, side: 'buyer', status: 'sent' });
    await order({ leadId: lead.id, side: 'buyer', status: 'revoked' });
    const refused = await call('POST', `/pipeline/leads/${lead.id}/activities`, agent, deal);
    expect(refused.statusCode).toBe(400);
    const message = DEAL_MESSAGES.noOrderReason('הקונה');
    expect(refused.json().fieldErrors).toEqual({ noOrderReason: message });
    expect(message).toContain('אין הזמנת תיווך חתומה של הקונה');
    expect(await app.db.select().from(leadActivities).where(eq(leadActivities.leadId, lead.id))).toHaveLength(
      0,
    );
    const [after] = await app.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after!.status).toBe(lead.status);

    const blank = await call('POST', `/pipeline/leads/${lead.id}/activities`, agent, {
      ...deal,
      noOrderReason: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors.noOrderReason).toBe(message);
    const tooLong = await call('POST', `/pipeline/leads/${lead.id}/activities`, agent, {
      ...deal,
      noOrderReason: 'א'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors.noOrderReason).toBe(DEAL_MESSAGES.noOrderReasonLength);

    const res = await call('POST', `/pipeline/leads/${lead.id}/activities`, agent, {
      ...deal,
      noOrderReason: ' הלקוח חתם על הזמנה בנייר ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const dealId = res.json().data.activity._id as string;
    const [record] = await app.db.select().from(dealRecords).where(eq(dealRecords.activityId, dealId));
    expect(record!.noOrderReason).toBe('הלקוח חתם על הזמנה בנייר');
    for (const who of [agent, manager]) {
      const row = await rowOf(who, dealId);
      expect(row.withoutSignedOrder).toBe(true);
      expect(row.noOrderReason).toBe('הלקוח חתם על הזמנה בנייר');
      expect(row.orderSides).toEqual([{ side: 'buyer', orderIds: [] }]);
    }
    const csv = await call('GET', '/deals.csv', manager);
    const [header, ...rows] = parse(csv.body.replace(/^\uFEFF/, '')) as string[][];
    const line = rows.find((r) => r.includes('רוני קונה') && r.includes(DEAL_MESSAGES.noSignedOrder))!;
    expect(line[header!.indexOf('הזמנת תיווך')]).toBe('ללא הזמנת תיווך חתומה');
    expect(line[header!.indexOf('סיבה לעסקה ללא הזמנה')]).toBe('הלקוח חתם על הזמנה בנייר');
  });

  it("links the client's signed order (of the lead or of the contact) and asks nothing", async () => {
    const lead = await buyerLead();
    const signed = await order({ contactId: lead.contactId, side: 'buyer' });
    const res = await call('POST', `/pipeline/leads/${lead.id}/activities`, agent, deal);
    expect(res.statusCode, res.body).toBe(201);
    const dealId = res.json().data.activity._id as string;
    const [record] = await app.db.select().from(dealRecords).where(eq(dealRecords.activityId, dealId));
    expect(record!.noOrderReason).toBeNull();
    const row = await rowOf(manager, dealId);
    expect(row.withoutSignedOrder).toBe(false);
    expect(row.orderSides).toEqual([{ side: 'buyer', orderIds: [signed] }]);
    const csv = await call('GET', '/deals.csv', manager);
    expect(csv.body).toContain('חתומה');
  });

  it("on a property of ours the seller's side needs its signed order too", async () => {
    const property = await createProperty(app.db, { branchId });
    const lead = await buyerLead(property.id);
    const buyerOrder = await order({ leadId: lead.id, side: 'buyer', propertyId: property.id });
    const refused = await call('POST', `/pipeline/leads/${lead.id}/activities`, agent, deal);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.noOrderReason).toBe(DEAL_MESSAGES.noOrderReason('המוכר'));
    // The seller's exclusivity (or order) naming the property is the other side's.
    const sellerOrder = await order({ side: 'seller', propertyId: property.id });
    const res = await call('POST', `/pipeline/leads/${lead.id}/activities`, agent, deal);
    expect(res.statusCode, res.body).toBe(201);
    const row = await rowOf(manager, res.json().data.activity._id);
    expect(row.withoutSignedOrder).toBe(false);
    expect(row.orderSides).toEqual([
      { side: 'buyer', orderIds: [buyerOrder] },
      { side: 'seller', orderIds: [sellerOrder] },
    ]);
  });

  it('names both sides when neither has a signed order', async () => {
    const property = await createProperty(app.db, { branchId });
    const lead = await buyerLead(property.id);
    const refused = await call('POST', `/pipeline/leads/${lead.id}/activities`, agent, deal);
    expect(refused.json().fieldErrors.noOrderReason).toBe(DEAL_MESSAGES.noOrderReason('הקונה ושל המוכר'));
  });
});
