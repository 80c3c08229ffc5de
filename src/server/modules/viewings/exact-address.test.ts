import { VIEWING_ORDER_FEE_MESSAGES } from '@shared/schemas/settings';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches, brokerageOrders, mailOutbox, viewings } from '../../db/schema';
import { createPagesApp } from '../../pages/test-pages';
import { PERSONAL } from '../../plugins/etag';
import { createProperty, createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import type { TestApp } from '../../test/test-app';

// The exact address only after the order is signed (docs/viewings.md, "The order and the address"; decision
// 0066), and the order's fees as settings; on both databases.

let app: TestApp;
type Person = { id: string; cookie: string };
let agent: Person;
let network: Person;
let branchId: string;
let phoneCounter = 4_300_000;
const nextPhone = () => `052${phoneCounter++}`;
const plenty = { max: 100_000, windowMs: 60_000 };
const HOUR = 3_600_000;
const EXACT = 'הגפן 487 כניסה ב';
const STREET = 'הגפן';

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, who?: Person, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });

const setSettings = async (payload: object) => {
  const r = await call('PATCH', '/settings', network, payload);
  expect(r.statusCode, r.body).toBe(200);
  return r;
};

beforeAll(async () => {
  app = await createPagesApp({ rateLimits: { formsPerIp: plenty } });
  await app.ready();
  const [branch] = await app.db
    .insert(branches)
    .values({
      name: 'סניף הכתובות',
      slug: 'exact-address',
      city: 'חיפה',
      address: 'שדרות מוריה 50',
      legalEntity: 'נדל״ן הכרמל בע״מ',
      brokers: [{ name: 'נועה ביטון', licenceNumber: '3023456' }],
    })
    .returning();
  branchId = branch!.id;
  const user = await createUser(app.db, {
    branchId,
    role: 'agent',
    name: 'רון לוי',
    phoneNumber: '050-777-4321',
  });
  agent = { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
  const admin = await createUser(app.db, { role: 'admin' });
  network = { id: admin.id, cookie: await sessionCookieFor(app.db, admin.id) };
  const hours = await call('PUT', `/agents/${agent.id}/viewing-availability`, agent, {
    windows: [1, 2, 3].map((weekday) => ({ weekday, from: '10:00', to: '13:00' })),
  });
  expect(hours.statusCode, hours.body).toBe(200);
});

async function listing(extra: { typeTransaction?: string; price?: number; address?: string } = {}) {
  const property = await createProperty(app.db, {
    agentId: agent.id,
    branchId,
    address: EXACT,
    city: 'חיפה',
    price: 1_750_000,
    ...extra,
  });
  const set = await call('PUT', `/property/${property.id}/viewing-settings`, agent, {
    bookingMode: 'instant',
    capacity: 1,
    slotMinutes: 30,
  });
  expect(set.statusCode, set.body).toBe(200);
  return property.id;
}

async function book(propertyId: string) {
  const slots = await call('GET', `/property/${propertyId}/viewing-slots`);
  expect(slots.statusCode, slots.body).toBe(200);
  const slot = slots
    .json()
    .data.slots.map((s: { start: string }) => s.start)
    .find((s: string) => new Date(s).getTime() > Date.now() + 3 * HOUR);
  const r = await call('POST', `/property/${propertyId}/viewings`, undefined, {
    name: 'יעל לוי',
    phone: nextPhone(),
    email: 'visitor@example.com',
    slots: [slot],
  });
  expect(r.statusCode, r.body).toBe(201);
  return { viewingId: r.json().data.viewing._id as string, token: r.json().data.cancelToken as string, r };
}

const mailOf = async (viewingId: string, kind: string) => {
  const rows = await app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.refId, viewingId), eq(mailOutbox.kind, kind)));
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

/** Every public answer and page of a listing (API, SSR HTML with its head and JSON-LD, lists, sitemap). */
async function publicReads(propertyId: string) {
  const urls = [
    `/api/v1/property/${propertyId}`,
    '/api/v1/property/search?type=sale&pageSize=50&sort=newest',
    '/api/v1/property',
    `/api/v1/property/getMyProperties/${agent.id}`,
    `/PropertyView/${propertyId}`,
    '/sitemap.xml',
    '/Sale',
    `/branches/exact-address`,
  ];
  const answers = [];
  for (const url of urls) {
    const r = await app.inject({ url });
    expect(r.statusCode, `${url}: ${r.body.slice(0, 200)}`).toBe(200);
    answers.push({ url, body: r.body });
  }
  return answers;
}

const hidden = (body: string) => !body.includes(EXACT) && !body.includes('487 כניסה');

describe('the exact address only after signing', () => {
  it('is off by default: every public surface shows the exact address, as before', async () => {
    const propertyId = await listing();
    const single = await app.inject({ url: `/api/v1/property/${propertyId}` });
    expect(single.json().data.data.address).toBe(EXACT);
    const page = await app.inject({ url: `/PropertyView/${propertyId}` });
    expect(page.body).toContain(`"streetAddress":"${EXACT}"`);
    const { viewingId, token } = await book(propertyId);
    const confirmed = await mailOf(viewingId, 'viewing-confirmed');
    expect(confirmed.text).toContain(`בנכס ${EXACT}, חיפה`);
    expect(confirmed.ics).toContain(`LOCATION:${EXACT}\\, חיפה`);
    const link = await app.inject({ url: `/viewing/${token}` });
    expect(link.body).toContain(`הנכס: ${EXACT}, חיפה`);
  });

  it('on: public answers, pages, lists, mails and the invitation give the street; staff read the exact address', async () => {
    const propertyId = await listing();
    // A public read cached before the change is dropped with it: the next read shows the other form.
    const before = await app.inject({ url: `/api/v1/property/${propertyId}` });
    expect(before.json().data.data.address).toBe(EXACT);
    await setSettings({ exactAddressAfterSigning: true });
    const after = await app.inject({ url: `/api/v1/property/${propertyId}` });
    expect(after.json().data.data.address).toBe(STREET);
    expect(after.json().data.data.city).toBe('חיפה');

    const answers = await publicReads(propertyId);
    for (const { url, body } of answers) expect(hidden(body), url).toBe(true);
    // The lists do hold the listing, by its street.
    for (const { url, body } of answers.filter((a) => a.url.startsWith('/api/')))
      expect(body, url).toContain(`"address":"${STREET}"`);
    expect(answers.find((a) => a.url === '/Sale')!.body).toContain(`"address":"${STREET}"`);
    const page = answers.find((a) => a.url.startsWith('/PropertyView'))!.body;
    expect(page).toContain(`"streetAddress":"${STREET}"`);
    expect(page).toMatch(/<title>[^<]*הגפן, חיפה/);

    // The street filter cannot probe house numbers: a number typed with the street is dropped.
    const probe = await app.inject({
      url: `/api/v1/property/search?type=sale&city=${encodeURIComponent('חיפה')}&street=${encodeURIComponent('הגפן 999')}`,
    });
    expect(probe.json().data.items.map((p: { _id: string }) => p._id)).toContain(propertyId);

    const similarSource = await listing({ address: 'הגפן 9' });
    const similar = await app.inject({ url: `/api/v1/property/${similarSource}/similar` });
    expect(similar.statusCode).toBe(200);
    expect(hidden(similar.body)).toBe(true);

    // Staff: the edit card's read is exact, personal, never the visitors' cached body.
    const staff = await call('GET', `/property/${propertyId}`, agent);
    expect(staff.json().data.data.address).toBe(EXACT);
    expect(staff.headers['cache-control']).toBe(PERSONAL);
    const visitorAgain = await app.inject({ url: `/api/v1/property/${propertyId}` });
    expect(visitorAgain.json().data.data.address).toBe(STREET);

    // The booking: the answer, the confirmation mail and its .ics, the link page give the street.
    const { viewingId, token, r } = await book(propertyId);
    expect(r.json().data.viewing.address).toBe(STREET);
    const confirmed = await mailOf(viewingId, 'viewing-confirmed');
    for (const part of [confirmed.subject, confirmed.text, confirmed.html ?? '', confirmed.ics ?? ''])
      expect(hidden(part)).toBe(true);
    expect(confirmed.text).toContain(`בנכס ${STREET}, חיפה`);
    expect(confirmed.ics).toContain(`LOCATION:${STREET}\\, חיפה`);
    const reminder = await mailOf(viewingId, 'viewing-reminder');
    expect(reminder.text).toContain(`בנכס ${STREET}, חיפה`);
    const link = await app.inject({ url: `/viewing/${token}` });
    expect(link.body).toContain(`הנכס: ${STREET}, חיפה`);
    expect(hidden(link.body)).toBe(true);
    // The staff's viewing card reads the exact address.
    const cards = await call('GET', '/viewings', agent);
    expect(cards.json().data.viewings.find((v: { _id: string }) => v._id === viewingId).address).toBe(EXACT);

    // The visitor signs the order sent with the viewing: the link page and the queued reminder give the
    // exact address.
    const orderToken = /\/sign\/([A-Za-z0-9_-]{43})/.exec(confirmed.text)?.[1] ?? '';
    const signed = await call('POST', `/sign/${orderToken}`, undefined, {
      method: 'typed',
      typedName: 'יעל לוי',
      consent: true,
      clientIdNumber: '39337423',
      clientAddress: 'הנביאים 5, חיפה',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const signedLink = await app.inject({ url: `/viewing/${token}` });
    expect(signedLink.body).toContain(`הנכס: ${EXACT}, חיפה`);
    const rewritten = await mailOf(viewingId, 'viewing-reminder');
    expect(rewritten.status).toBe('pending');
    expect(rewritten.nextAttemptAt).toEqual(reminder.nextAttemptAt);
    expect(rewritten.text).toContain(`בנכס ${EXACT}, חיפה`);
    expect(rewritten.text).toContain(`/viewing/${token}`);
    // The public pages stay as they were: only the visitor who signed reads the exact address.
    const stillPublic = await app.inject({ url: `/api/v1/property/${propertyId}` });
    expect(stillPublic.json().data.data.address).toBe(STREET);

    // Off again: the next public read is exact.
    await setSettings({ exactAddressAfterSigning: false });
    const off = await app.inject({ url: `/api/v1/property/${propertyId}` });
    expect(off.json().data.data.address).toBe(EXACT);
    const offPage = await app.inject({ url: `/PropertyView/${propertyId}` });
    expect(offPage.body).toContain(`"streetAddress":"${EXACT}"`);
  });
});

describe("the order's fees as settings", () => {
  it('refuses fees out of range with Hebrew field messages', async () => {
    const cases: [object, string, string][] = [
      [
        { viewingOrderBuyerFeePercent: 0 },
        'viewingOrderBuyerFeePercent',
        VIEWING_ORDER_FEE_MESSAGES.buyerPercent,
      ],
      [
        { viewingOrderBuyerFeePercent: 10.5 },
        'viewingOrderBuyerFeePercent',
        VIEWING_ORDER_FEE_MESSAGES.buyerPercent,
      ],
      [
        { viewingOrderBuyerFeePercent: 1.255 },
        'viewingOrderBuyerFeePercent',
        VIEWING_ORDER_FEE_MESSAGES.buyerPercent,
      ],
      [
        { viewingOrderTenantFeeMonths: 0 },
        'viewingOrderTenantFeeMonths',
        VIEWING_ORDER_FEE_MESSAGES.tenantMonths,
      ],
      [
        { viewingOrderTenantFeeMonths: 3.5 },
        'viewingOrderTenantFeeMonths',
        VIEWING_ORDER_FEE_MESSAGES.tenantMonths,
      ],
      [
        { viewingOrderTenantFeeMonths: 1.25 },
        'viewingOrderTenantFeeMonths',
        VIEWING_ORDER_FEE_MESSAGES.tenantMonths,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const r = await call('PATCH', '/settings', network, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json().fieldErrors[field]).toBe(message);
    }
    const read = await call('GET', '/settings/network', network);
    expect(read.json().data.settings).toMatchObject({
      viewingOrderBuyerFeePercent: 2,
      viewingOrderTenantFeeMonths: 1,
    });
    // Internal terms: never in the settings a visitor reads.
    const open = await call('GET', '/settings');
    expect(open.json().data.settings).not.toHaveProperty('viewingOrderBuyerFeePercent');
    expect(open.json().data.settings).not.toHaveProperty('exactAddressAfterSigning');
  });

  it('the order prepared with a viewing uses the fees in force then', async () => {
    await setSettings({ viewingOrderBuyerFeePercent: 1.75, viewingOrderTenantFeeMonths: 1.5 });
    const sale = await listing({ address: 'הגפן 3' });
    const rent = await listing({ address: 'הגפן 5', typeTransaction: 'השכרה', price: 6_200 });
    const orderOf = async (propertyId: string) => {
      const { viewingId } = await book(propertyId);
      const [row] = await app.db.select().from(viewings).where(eq(viewings.id, viewingId));
      const [order] = await app.db
        .select()
        .from(brokerageOrders)
        .where(eq(brokerageOrders.id, row!.orderId!));
      return order!;
    };
    expect(await orderOf(sale)).toMatchObject({ side: 'buyer', feePercentHundredths: 175, feeAgorot: null });
    expect(await orderOf(rent)).toMatchObject({
      side: 'tenant',
      feeAgorot: 930_000,
      feePercentHundredths: null,
    });
    // A later change leaves the issued orders as they were.
    await setSettings({ viewingOrderBuyerFeePercent: 2, viewingOrderTenantFeeMonths: 1 });
    expect(await orderOf(await listing({ address: 'הגפן 7' }))).toMatchObject({ feePercentHundredths: 200 });
  });
});
