import { ORDER_MESSAGES } from '@shared/domain/brokerage-order';
import { VIEWING_ORDER_MAIL } from '@shared/domain/viewing-order';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches, brokerageOrders, mailOutbox, viewings } from '../../db/schema';
import { createProperty, createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// The brokerage order sent with the booking's confirmation (docs/viewings.md, "The order and the address";
// decision 0064), and its state on the staff's viewing card; on both databases.

let app: TestApp;
type Person = { id: string; cookie: string };
let agent: Person;
let bareAgent: Person;
let phoneCounter = 4_100_000;
const nextPhone = () => `052${phoneCounter++}`;
const plenty = { max: 100_000, windowMs: 60_000 };
const HOUR = 3_600_000;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Person, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });

async function person(branchId: string, role: 'agent' | 'admin' = 'agent') {
  const user = await createUser(app.db, { branchId, role, name: 'רון לוי', phoneNumber: '050-777-4321' });
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
}

beforeAll(async () => {
  app = await createTestApp({ rateLimits: { formsPerIp: plenty } });
  await app.ready();
  const [licensed, bare] = await app.db
    .insert(branches)
    .values([
      {
        name: 'סניף ההזמנות',
        slug: 'viewing-order',
        city: 'חיפה',
        address: 'שדרות מוריה 50',
        legalEntity: 'נדל״ן הכרמל בע״מ',
        brokers: [{ name: 'נועה ביטון', licenceNumber: '3023456' }],
      },
      { name: 'סניף בלי מתווך', slug: 'viewing-order-bare', city: 'עכו' },
    ])
    .returning();
  agent = await person(licensed!.id);
  bareAgent = await person(bare!.id);
  for (const who of [agent, bareAgent]) {
    const hours = await call('PUT', `/agents/${who.id}/viewing-availability`, who, {
      windows: [1, 2, 3].map((weekday) => ({ weekday, from: '10:00', to: '13:00' })),
    });
    expect(hours.statusCode, hours.body).toBe(200);
  }
});

async function propertyOf(
  who: Person,
  bookingMode: 'instant' | 'request',
  extra: { typeTransaction?: string; price?: number } = {},
) {
  const branchId = (await app.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, who.id) }))!
    .branchId!;
  const property = await createProperty(app.db, {
    agentId: who.id,
    branchId,
    address: 'הרצל 12',
    city: 'חיפה',
    ...extra,
  });
  const set = await call('PUT', `/property/${property.id}/viewing-settings`, who, {
    bookingMode,
    capacity: 1,
    slotMinutes: 30,
  });
  expect(set.statusCode, set.body).toBe(200);
  return property.id;
}

async function laterSlots(propertyId: string): Promise<string[]> {
  const r = await call('GET', `/property/${propertyId}/viewing-slots`);
  expect(r.statusCode, r.body).toBe(200);
  return r
    .json()
    .data.slots.map((s: { start: string }) => s.start)
    .filter((s: string) => new Date(s).getTime() > Date.now() + 3 * HOUR);
}

const book = (propertyId: string, slots: string[], phone: string) =>
  call('POST', `/property/${propertyId}/viewings`, undefined, {
    name: 'יעל לוי',
    phone,
    email: 'visitor@example.com',
    slots,
  });

const confirmation = async (viewingId: string) => {
  const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.refId, viewingId));
  const found = mails.filter((m) => m.kind === 'viewing-confirmed');
  expect(found).toHaveLength(1);
  return found[0]!;
};

const signToken = (text: string) => /\/sign\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

/** The viewing as the staff's list shows it. */
async function card(who: Person, viewingId: string) {
  const r = await call('GET', '/viewings', who);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.viewings.find((v: { _id: string }) => v._id === viewingId);
}

const sign = (token: string, extra: object = {}) =>
  call('POST', `/sign/${token}`, undefined, {
    method: 'typed',
    typedName: 'יעל לוי',
    consent: true,
    ...extra,
  });

describe('the order sent with the confirmation', () => {
  it('an instant booking mails the signing link; the visitor signs with ID and address; the card follows', async () => {
    const propertyId = await propertyOf(agent, 'instant');
    const phone = nextPhone();
    const [slot] = await laterSlots(propertyId);
    const r = await book(propertyId, [slot!], phone);
    expect(r.statusCode, r.body).toBe(201);
    const viewingId = r.json().data.viewing._id;
    const mail = await confirmation(viewingId);
    expect(mail.text).toContain(VIEWING_ORDER_MAIL.paragraph);
    expect(mail.text).toContain(`${VIEWING_ORDER_MAIL.button}: ${app.env.APP_ORIGIN}/sign/`);
    expect(mail.html).toContain(VIEWING_ORDER_MAIL.button);
    expect(mail.ics).toContain('BEGIN:VCALENDAR');
    const token = signToken(mail.text);
    expect(mail.html).toContain(`/sign/${token}`);

    const [order] = await app.db
      .select()
      .from(brokerageOrders)
      .where(eq(brokerageOrders.contactId, (await viewingRow(viewingId)).contactId!));
    expect(order).toMatchObject({
      side: 'buyer',
      transactionKind: 'purchase',
      clientName: 'יעל לוי',
      clientPhone: phone,
      clientIdNumber: '',
      agencyName: 'נדל״ן הכרמל בע״מ',
      brokerName: 'נועה ביטון',
      brokerLicence: '3023456',
      approxPrice: 1_500_000,
      feePercentHundredths: 200,
      feeAgorot: null,
      vatIncluded: false,
      status: 'sent',
      agentId: agent.id,
      properties: [{ propertyId, address: 'הרצל 12, חיפה' }],
    });
    expect(await card(agent, viewingId)).toMatchObject({
      order: { state: 'sent', id: order!.id, problem: null },
    });

    // The signing page asks for the ID number and the address; the signature refuses to go without them.
    const page = await app.inject({ method: 'GET', url: `/sign/${token}` });
    expect(page.body).toContain('name="clientIdNumber"');
    expect(page.body).toContain('name="clientAddress"');
    const noId = await sign(token);
    expect(noId.statusCode).toBe(400);
    expect(noId.json().fieldErrors.clientIdNumber).toBe(ORDER_MESSAGES.signerIdNumber);
    const badId = await sign(token, { clientIdNumber: '123456789', clientAddress: 'הנביאים 5, חיפה' });
    expect(badId.json().fieldErrors.clientIdNumber).toBe(ORDER_MESSAGES.clientIdInvalid);
    const noAddress = await sign(token, { clientIdNumber: '39337423' });
    expect(noAddress.json().fieldErrors.clientAddress).toBe(ORDER_MESSAGES.signerAddress);
    const signed = await sign(token, { clientIdNumber: '39337423', clientAddress: 'הנביאים 5, חיפה' });
    expect(signed.statusCode, signed.body).toBe(200);
    const [after] = await app.db.select().from(brokerageOrders).where(eq(brokerageOrders.id, order!.id));
    expect(after).toMatchObject({
      status: 'signed',
      clientIdNumber: '039337423',
      clientAddress: 'הנביאים 5, חיפה',
    });
    expect(after!.htmlSnapshot).toContain('תעודת זהות 039337423');
    expect(await card(agent, viewingId)).toMatchObject({ order: { state: 'signed', id: order!.id } });

    // A second booking of the same visitor for the same property keeps the signed order: no new one, no link.
    const cancel = await call('POST', `/viewings/${viewingId}/cancel`, agent);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const again = await book(propertyId, [slot!], phone);
    expect(again.statusCode, again.body).toBe(201);
    const againId = again.json().data.viewing._id;
    expect((await confirmation(againId)).text).not.toContain(VIEWING_ORDER_MAIL.button);
    expect(await card(agent, againId)).toMatchObject({ order: { state: 'signed', id: order!.id } });
    const orders = await app.db.select().from(brokerageOrders).where(eq(brokerageOrders.clientPhone, phone));
    expect(orders).toHaveLength(1);
  });

  it('a request gets its order when the agent confirms it; an unsigned order is reused with a new link', async () => {
    const propertyId = await propertyOf(agent, 'request', { typeTransaction: 'השכרה', price: 6_500 });
    const phone = nextPhone();
    const slots = await laterSlots(propertyId);
    const r = await book(propertyId, [slots[0]!, slots[1]!], phone);
    expect(r.statusCode, r.body).toBe(201);
    const viewingId = r.json().data.viewing._id;
    expect((await viewingRow(viewingId)).orderId).toBeNull();
    expect(await card(agent, viewingId)).toMatchObject({ order: { state: 'none', id: null, problem: null } });
    const confirmed = await call('POST', `/viewings/${viewingId}/confirm`, agent, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.viewing.order.state).toBe('sent');
    const first = signToken((await confirmation(viewingId)).text);
    expect(first).not.toBe('');
    const [order] = await app.db.select().from(brokerageOrders).where(eq(brokerageOrders.clientPhone, phone));
    // A tenant's order: one month's rent.
    expect(order).toMatchObject({ side: 'tenant', transactionKind: 'rent', feeAgorot: 650_000 });

    // Booked again (another slot) before signing: the same order, a fresh link; the first link is retired.
    const again = await book(propertyId, [slots[2]!], phone);
    const againId = again.json().data.viewing._id;
    const confirmedAgain = await call('POST', `/viewings/${againId}/confirm`, agent, {});
    expect(confirmedAgain.statusCode, confirmedAgain.body).toBe(200);
    expect(confirmedAgain.json().data.viewing.order).toMatchObject({ state: 'sent', id: order!.id });
    const second = signToken((await confirmation(againId)).text);
    expect(second).not.toBe(first);
    expect((await app.inject({ method: 'GET', url: `/sign/${first}` })).statusCode).toBe(410);
    expect((await app.inject({ method: 'GET', url: `/sign/${second}` })).statusCode).toBe(200);
  });

  it('a branch without a licensed broker: the booking stands, the card says why, the mail has no order', async () => {
    const propertyId = await propertyOf(bareAgent, 'instant');
    const [slot] = await laterSlots(propertyId);
    const r = await book(propertyId, [slot!], nextPhone());
    expect(r.statusCode, r.body).toBe(201);
    const viewingId = r.json().data.viewing._id;
    expect((await viewingRow(viewingId)).status).toBe('confirmed');
    expect((await confirmation(viewingId)).text).not.toContain(VIEWING_ORDER_MAIL.button);
    expect(await card(bareAgent, viewingId)).toMatchObject({
      order: { state: 'none', id: null, problem: ORDER_MESSAGES.broker },
    });
  });
});

async function viewingRow(id: string) {
  const [row] = await app.db.select().from(viewings).where(eq(viewings.id, id));
  return row!;
}
