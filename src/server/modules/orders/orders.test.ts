import { ORDER_MESSAGES } from '@shared/domain/brokerage-order';
import type { CreateOrderInput } from '@shared/schemas/orders';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  branches,
  brokerageOrderLinks,
  brokerageOrders,
  contacts,
  leads,
  mailOutbox,
} from '../../db/schema';
import { createProperty, createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hashLinkToken } from './tokens';

// Brokerage orders through the API, on both databases: issue, refuse, send, sign once, expire, revoke, and the
// branch boundary (an agent of another branch does not find the order).

let app: TestApp;
type Person = { id: string; cookie: string };
let admin: Person;
let agent: Person;
let otherAgent: Person;
let otherBranchAgent: Person;
const ids = { haifa: '', telAviv: '', lead: '', property: '' };
let inkPng = '';
let blankPng = '';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });

async function person(branchId: string, overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(app.db, { branchId, ...overrides });
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

const order = (overrides: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
  leadId: ids.lead,
  side: 'buyer',
  transactionKind: 'purchase',
  clientName: 'דנה כהן',
  clientIdNumber: '39337423',
  clientAddress: 'הנביאים 5, חיפה',
  clientPhone: '052-7654321',
  clientEmail: 'dana@example.com',
  properties: [{ propertyId: ids.property, address: 'מוריה 10, חיפה' }, { address: 'חורב 3, חיפה' }],
  approxPrice: 1_500_000,
  feeKind: 'percent',
  feeValue: 2,
  vatIncluded: false,
  ...overrides,
});

async function issueAndSend(cookie = agent.cookie) {
  const created = await call('POST', '/orders', cookie, order());
  expect(created.statusCode).toBe(201);
  const id = created.json().data.order._id as string;
  const sent = await call('POST', `/orders/${id}/send`, cookie);
  expect(sent.statusCode).toBe(200);
  const token = new URL(sent.json().data.link as string).pathname.split('/').pop()!;
  return { id, token, sent: sent.json().data };
}

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  const [haifa, telAviv] = await app.db
    .insert(branches)
    .values([
      {
        name: 'חיפה',
        slug: 'haifa',
        city: 'חיפה',
        address: 'שדרות מוריה 50',
        legalEntity: 'נדל״ן חיפה בע״מ',
        brokers: [
          { name: 'נועה ביטון', licenceNumber: '3023456' },
          { name: 'אבי מזרחי', licenceNumber: '3034567' },
        ],
      },
      { name: 'תל אביב', slug: 'tel-aviv', city: 'תל אביב-יפו' },
    ])
    .returning();
  ids.haifa = haifa!.id;
  ids.telAviv = telAviv!.id;
  admin = await person(ids.haifa, { role: 'admin', networkAccess: false, name: 'מנהלת חיפה' });
  agent = await person(ids.haifa, { name: 'סוכן חיפה', email: 'agent-haifa@example.com' });
  otherAgent = await person(ids.haifa, { name: 'סוכנת שנייה' });
  otherBranchAgent = await person(ids.telAviv, { name: 'סוכן תל אביב' });
  const [contact] = await app.db
    .insert(contacts)
    .values({ name: 'דנה כהן', phone: '052-7654321', email: 'dana@example.com', branchId: ids.haifa })
    .returning();
  ids.property = (await createProperty(app.db, { agentId: agent.id, branchId: ids.haifa })).id;
  const [lead] = await app.db
    .insert(leads)
    .values({
      contactId: contact!.id,
      name: 'דנה כהן',
      phone: '052-7654321',
      category: 'קונה',
      ownerId: agent.id,
      branchId: ids.haifa,
      propertyId: ids.property,
    })
    .returning();
  ids.lead = lead!.id;
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><path d="M10 60 C 60 10, 120 110, 290 50" stroke="#111" stroke-width="4" fill="none"/></svg>';
  inkPng = dataUrl(await sharp(Buffer.from(svg)).png().toBuffer());
  blankPng = dataUrl(
    await sharp({
      create: { width: 300, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer(),
  );
});

describe('issuing an order', () => {
  it('prefills a draft from the lead: client, property, price and the branch brokers', async () => {
    const res = await call('GET', `/orders/draft?leadId=${ids.lead}`, agent.cookie);
    expect(res.statusCode).toBe(200);
    const { draft } = res.json().data;
    expect(draft).toMatchObject({ side: 'buyer', transactionKind: 'purchase', clientName: 'דנה כהן' });
    expect(draft.clientEmail).toBe('dana@example.com');
    expect(draft.properties).toEqual([{ propertyId: ids.property, address: 'מוריה 10, חיפה' }]);
    expect(draft.approxPrice).toBe(1_500_000);
    expect(draft.brokers).toHaveLength(2);
    expect(draft.brokerAddress).toBe('שדרות מוריה 50, חיפה');
  });

  it('copies the branch broker at issue time, so a later branch change leaves the order as issued', async () => {
    const res = await call('POST', '/orders', agent.cookie, order({ brokerLicence: '3034567' }));
    expect(res.statusCode).toBe(201);
    const id = res.json().data.order._id;
    expect(res.json().data.order).toMatchObject({
      brokerName: 'אבי מזרחי',
      brokerLicence: '3034567',
      brokerAddress: 'שדרות מוריה 50, חיפה',
      agencyName: 'נדל״ן חיפה בע״מ',
      clientIdNumber: '039337423',
      feePercentHundredths: 200,
      feeAgorot: null,
      status: 'sent',
      sentAt: null,
    });
    await app.db
      .update(branches)
      .set({ address: 'כתובת חדשה', brokers: [] })
      .where(eq(branches.id, ids.haifa));
    const again = await call('GET', `/orders/${id}`, agent.cookie);
    expect(again.json().data.order.brokerAddress).toBe('שדרות מוריה 50, חיפה');
    await app.db
      .update(branches)
      .set({
        address: 'שדרות מוריה 50',
        brokers: [
          { name: 'נועה ביטון', licenceNumber: '3023456' },
          { name: 'אבי מזרחי', licenceNumber: '3034567' },
        ],
      })
      .where(eq(branches.id, ids.haifa));
  });

  it('refuses bad input with a Hebrew message on the field, storing nothing', async () => {
    const before = (await app.db.select().from(brokerageOrders)).length;
    const cases: [Partial<CreateOrderInput>, string, string][] = [
      [{ clientIdNumber: '123456789' }, 'clientIdNumber', ORDER_MESSAGES.clientIdInvalid],
      [{ feeValue: 101 }, 'feeValue', ORDER_MESSAGES.feePercentMax],
      [{ feeValue: -5, feeKind: 'amount' }, 'feeValue', ORDER_MESSAGES.feeNegative],
      [{ clientName: '' }, 'clientName', ORDER_MESSAGES.clientName],
      [{ properties: [] }, 'properties', ORDER_MESSAGES.properties],
      [{ brokerLicence: '999' }, 'brokerLicence', ORDER_MESSAGES.brokerUnknown],
    ];
    for (const [patch, field, message] of cases) {
      const res = await call('POST', '/orders', agent.cookie, order(patch));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fieldErrors[field]).toBe(message);
    }
    expect((await app.db.select().from(brokerageOrders)).length).toBe(before);
  });

  it('refuses an order for a branch with no licensed broker', async () => {
    const [contact] = await app.db
      .insert(contacts)
      .values({ name: 'יוסי', phone: '0503333333', branchId: ids.telAviv })
      .returning();
    const [lead] = await app.db
      .insert(leads)
      .values({
        contactId: contact!.id,
        name: 'יוסי',
        phone: '0503333333',
        category: 'קונה',
        ownerId: otherBranchAgent.id,
        branchId: ids.telAviv,
      })
      .returning();
    const res = await call(
      'POST',
      '/orders',
      otherBranchAgent.cookie,
      order({ leadId: lead!.id, properties: [{ address: 'דיזנגוף 1' }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.brokerLicence).toBe(ORDER_MESSAGES.broker);
  });

  it('keeps orders inside the branch and the agent: others get 404', async () => {
    const { id } = await issueAndSend();
    expect((await call('GET', `/orders/${id}`, otherBranchAgent.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/orders/${id}/send`, otherBranchAgent.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/orders/${id}`, otherAgent.cookie)).statusCode).toBe(404);
    expect((await call('POST', '/orders', otherBranchAgent.cookie, order())).statusCode).toBe(404);
    expect((await call('GET', `/orders?leadId=${ids.lead}`, otherBranchAgent.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/orders/${id}`, admin.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/orders/${id}`)).statusCode).toBe(401);
  });

  it('lists the orders of a lead and of a property', async () => {
    const { id } = await issueAndSend();
    const ofLead = await call('GET', `/orders?leadId=${ids.lead}`, agent.cookie);
    expect(ofLead.json().data.orders.map((o: { _id: string }) => o._id)).toContain(id);
    const ofProperty = await call('GET', `/orders?propertyId=${ids.property}`, admin.cookie);
    expect(ofProperty.json().data.orders.map((o: { _id: string }) => o._id)).toContain(id);
  });
});

describe('sending and signing', () => {
  it('sends a single-use link with a WhatsApp message, storing only its hash', async () => {
    const { id, token, sent } = await issueAndSend();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent.whatsappUrl).toMatch(/^https:\/\/wa\.me\/972527654321\?text=/);
    expect(decodeURIComponent(sent.whatsappUrl)).toContain(sent.link);
    expect(sent.smsSent).toBe(false);
    const links = await app.db.select().from(brokerageOrderLinks).where(eq(brokerageOrderLinks.orderId, id));
    expect(links).toHaveLength(1);
    expect(links[0]!.tokenHash).toBe(hashLinkToken(token));
    expect(JSON.stringify(links)).not.toContain(token);
  });

  it('shows the whole order on a private, uncached, unindexed page and marks it opened', async () => {
    const { id, token } = await issueAndSend();
    const page = await app.inject({ method: 'GET', url: `/sign/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('dir="rtl"');
    expect(page.body).toContain('039337423');
    expect(page.body).toContain('חורב 3, חיפה');
    expect(page.body).not.toMatch(/<script[^>]+src="https?:/);
    const view = await call('GET', `/orders/${id}`, agent.cookie);
    expect(view.json().data.order.status).toBe('opened');
  });

  it('refuses an empty drawing and no consent, then signs once and stores the evidence in one go', async () => {
    const { id, token } = await issueAndSend();
    const empty = await call('POST', `/sign/${token}`, undefined, {
      method: 'drawn',
      signaturePng: blankPng,
      consent: true,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.signaturePng).toBe(ORDER_MESSAGES.signatureEmpty);
    const noConsent = await call('POST', `/sign/${token}`, undefined, {
      method: 'drawn',
      signaturePng: inkPng,
      consent: false,
    });
    expect(noConsent.statusCode).toBe(400);
    const notPng = await call('POST', `/sign/${token}`, undefined, {
      method: 'drawn',
      signaturePng: 'data:image/png;base64,AAAA',
      consent: true,
    });
    expect(notPng.statusCode).toBe(400);

    const signed = await app.inject({
      method: 'POST',
      url: `/api/v1/sign/${token}`,
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone) test' },
      payload: { method: 'drawn', signaturePng: inkPng, consent: true },
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['cache-control']).toBe('no-store');
    const [row] = await app.db.select().from(brokerageOrders).where(eq(brokerageOrders.id, id));
    expect(row).toMatchObject({
      status: 'signed',
      phoneProof: 'link',
      signatureMethod: 'drawn',
      signerUserAgent: 'Mozilla/5.0 (iPhone) test',
    });
    expect(row!.signerIp).toBeTruthy();
    expect(row!.signedAtIsrael).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row!.htmlSnapshot).toContain('039337423');
    expect(row!.htmlSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.consentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.signatureKey).toMatch(/^orders\//);
    expect(await app.storage.read(row!.signatureKey!)).toBeDefined();
    // The signature is evidence, not a public upload.
    expect((await app.inject({ method: 'GET', url: `/uploads/${row!.signatureKey}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/uploads/x/../${row!.signatureKey}` })).statusCode).toBe(
      404,
    );
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.refId, id));
    expect(mails.map((m) => m.to).sort()).toEqual(['agent-haifa@example.com', 'dana@example.com']);

    // The same link again: refused, as a page and as a signature.
    const again = await call('POST', `/sign/${token}`, undefined, {
      method: 'drawn',
      signaturePng: inkPng,
      consent: true,
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(ORDER_MESSAGES.linkUsed);
    const page = await app.inject({ method: 'GET', url: `/sign/${token}` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(ORDER_MESSAGES.linkUsed);

    // A signed order cannot be changed or sent again, through the API or the database.
    expect((await call('PUT', `/orders/${id}`, agent.cookie, order())).statusCode).toBe(409);
    expect((await call('POST', `/orders/${id}/send`, agent.cookie)).statusCode).toBe(409);
    await expect(
      app.db.update(brokerageOrders).set({ clientName: 'אחר' }).where(eq(brokerageOrders.id, id)),
    ).rejects.toThrow();
  });

  it('accepts a typed name matching the client, refuses another name', async () => {
    const { token } = await issueAndSend();
    const wrong = await call('POST', `/sign/${token}`, undefined, {
      method: 'typed',
      typedName: 'מישהו אחר',
      consent: true,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.typedName).toBe(ORDER_MESSAGES.typedName);
    const ok = await call('POST', `/sign/${token}`, undefined, {
      method: 'typed',
      typedName: ' דנה  כהן ',
      consent: true,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an expired link (410, order expired) and a forged one (404)', async () => {
    const { id, token } = await issueAndSend();
    await app.db
      .update(brokerageOrderLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(brokerageOrderLinks.orderId, id));
    const page = await app.inject({ method: 'GET', url: `/sign/${token}` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(ORDER_MESSAGES.linkExpired);
    const sign = await call('POST', `/sign/${token}`, undefined, {
      method: 'drawn',
      signaturePng: inkPng,
      consent: true,
    });
    expect(sign.statusCode).toBe(410);
    expect((await call('GET', `/orders/${id}`, agent.cookie)).json().data.order.status).toBe('expired');
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await app.inject({ method: 'GET', url: `/sign/${forged}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/sign/short' })).statusCode).toBe(404);
    const forgedSign = await call('POST', `/sign/${forged}`, undefined, {
      method: 'drawn',
      signaturePng: inkPng,
      consent: true,
    });
    expect(forgedSign.statusCode).toBe(404);
  });

  it('retires the earlier link when the order is sent again', async () => {
    const { id, token } = await issueAndSend();
    const resent = await call('POST', `/orders/${id}/send`, agent.cookie);
    expect(resent.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/sign/${token}` })).statusCode).toBe(410);
  });
});

describe('revoking and correcting', () => {
  it('lets only an admin revoke, with a reason kept in the audit log; the link then stops', async () => {
    const { id, token } = await issueAndSend();
    expect((await call('POST', `/orders/${id}/revoke`, agent.cookie, { reason: 'טעות' })).statusCode).toBe(
      403,
    );
    const noReason = await call('POST', `/orders/${id}/revoke`, admin.cookie, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors.reason).toBe(ORDER_MESSAGES.revokeReason);
    const res = await call('POST', `/orders/${id}/revoke`, admin.cookie, { reason: 'הלקוח ביקש לבטל' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.order).toMatchObject({ status: 'revoked', revokeReason: 'הלקוח ביקש לבטל' });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, id)));
    expect(entry).toMatchObject({ action: 'revoke', actorId: admin.id });
    expect(entry!.changes.revokeReason).toEqual({ before: null, after: 'הלקוח ביקש לבטל' });
    const page = await app.inject({ method: 'GET', url: `/sign/${token}` });
    expect(page.statusCode).toBe(410);
    expect((await call('POST', `/orders/${id}/revoke`, admin.cookie, { reason: 'שוב' })).statusCode).toBe(
      409,
    );
  });

  it('issues a correction as a new order naming the one it replaces', async () => {
    const { id } = await issueAndSend();
    const res = await call('POST', '/orders', agent.cookie, order({ replacesOrderId: id, feeValue: 1.5 }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order).toMatchObject({ replacesOrderId: id, feePercentHundredths: 150 });
    expect(res.json().data.order._id).not.toBe(id);
  });

  it("lists the agent's orders sent over 24 hours ago and unsigned, not fresher ones", async () => {
    const { id } = await issueAndSend();
    const fresh = await call('GET', '/orders/unsigned', agent.cookie);
    expect(fresh.json().data.orders.map((o: { _id: string }) => o._id)).not.toContain(id);
    await app.db
      .update(brokerageOrders)
      .set({ sentAt: new Date(Date.now() - 24 * 3_600_000 - 60_000) })
      .where(eq(brokerageOrders.id, id));
    const due = await call('GET', '/orders/unsigned', agent.cookie);
    expect(due.json().data.orders.map((o: { _id: string }) => o._id)).toContain(id);
    expect((await call('GET', '/orders/unsigned', otherAgent.cookie)).json().data.orders).toEqual([]);
  });
});

describe('signature attempts', () => {
  it('are limited per address: the 31st attempt in 15 minutes gets 429', async () => {
    const limited = await createTestApp();
    await limited.ready();
    const post = () =>
      limited.inject({
        method: 'POST',
        url: `/api/v1/sign/${'A'.repeat(43)}`,
        remoteAddress: '203.0.113.9',
        payload: { method: 'typed', typedName: 'דנה', consent: true },
      });
    for (let i = 0; i < 30; i++) expect((await post()).statusCode).toBe(404);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
  });
});
