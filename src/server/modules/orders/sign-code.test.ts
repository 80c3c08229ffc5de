import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  codeLockedMessage,
  codeWrongMessage,
  ORDER_MESSAGES,
  SIGN_CODE,
} from '@shared/domain/brokerage-order';
import type { CreateOrderInput } from '@shared/schemas/orders';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  branches,
  brokerageOrderCodes,
  brokerageOrderLinks,
  brokerageOrders,
  smsOutbox,
} from '../../db/schema';
import { createProperty, createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { deliverDueSms, enqueueSms } from '../sms';
import { hashLinkToken } from './tokens';

// The one-time code by SMS (decision 0054), on both databases, with a stand-in provider: a local HTTP server
// that records what the product posts. The link and the code each go out once, a wrong code is refused with
// the tries left, the fifth locks the link for a wait, an expired code is refused, and a signature after the
// right code records the SMS proof.

type Received = { authorization: string | undefined; body: { id: string; to: string; text: string } };
const received: Received[] = [];
let failNext = 0;
let provider: Server;
let app: TestApp;
let agentCookie = '';
let propertyId = '';
let inkPng = '';

beforeAll(async () => {
  provider = createServer((request, response) => {
    let data = '';
    request.on('data', (chunk) => {
      data += chunk;
    });
    request.on('end', () => {
      if (failNext > 0) {
        failNext--;
        response.writeHead(500).end('{"error":"busy"}');
        return;
      }
      received.push({ authorization: request.headers.authorization, body: JSON.parse(data) });
      response.writeHead(202, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo;
  app = await createTestApp({
    env: {
      SMS_PROVIDER: 'http',
      SMS_PROVIDER_URL: `http://127.0.0.1:${port}/sms`,
      SMS_PROVIDER_TOKEN: 'test-sms-token',
    },
  });
  await app.ready();
  const [branch] = await app.db
    .insert(branches)
    .values({
      name: 'חיפה',
      slug: 'haifa',
      city: 'חיפה',
      address: 'שדרות מוריה 50',
      brokers: [{ name: 'נועה ביטון', licenceNumber: '3023456' }],
    })
    .returning();
  const agent = await createUser(app.db, { branchId: branch!.id });
  agentCookie = await sessionCookieFor(app.db, agent.id);
  propertyId = (await createProperty(app.db, { agentId: agent.id, branchId: branch!.id })).id;
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><path d="M10 60 C 60 10, 120 110, 290 50" stroke="#111" stroke-width="4" fill="none"/></svg>';
  inkPng = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
});

afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

beforeEach(() => {
  failNext = 0;
});

const order = (): CreateOrderInput => ({
  propertyId,
  side: 'seller',
  transactionKind: 'sale',
  clientName: 'דנה כהן',
  clientIdNumber: '39337423',
  clientAddress: 'הנביאים 5, חיפה',
  clientPhone: '052-7654321',
  properties: [{ propertyId, address: 'מוריה 10, חיפה' }],
  approxPrice: 1_500_000,
  feeKind: 'percent',
  feeValue: 2,
  vatIncluded: false,
});

/** What reached the provider for one order, once the sends in flight are done. */
async function sentFor(orderId: string, kind: string, count: number) {
  const deadline = Date.now() + 5_000;
  let rows: (typeof smsOutbox.$inferSelect)[] = [];
  while (Date.now() < deadline) {
    rows = await app.db.select().from(smsOutbox).where(eq(smsOutbox.refId, orderId));
    if (rows.filter((r) => r.kind === kind && r.status === 'sent').length >= count) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const ids = new Set(rows.filter((r) => r.kind === kind).map((r) => r.id));
  return received.filter((r) => ids.has(r.body.id));
}

async function issueAndSend() {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { cookie: agentCookie },
    payload: order(),
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().data.order._id as string;
  const sent = await app.inject({
    method: 'POST',
    url: `/api/v1/orders/${id}/send`,
    headers: { cookie: agentCookie },
  });
  expect(sent.json().data.smsSent).toBe(true);
  const token = new URL(sent.json().data.link as string).pathname.split('/').pop()!;
  return { id, token };
}

const form = (url: string, body: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(body).toString(),
  });

const askCode = (token: string) => form(`/sign/${token}/code`);
const tryCode = (token: string, code: string) => form(`/sign/${token}/verify`, { code });
const sign = (token: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/sign/${token}`,
    payload: { method: 'drawn', signaturePng: inkPng, consent: true },
  });

/** Asks for a code and reads it from what the provider received. */
async function codeFor(id: string, token: string, nth: number) {
  const asked = await askCode(token);
  expect(asked.statusCode).toBe(303);
  expect(asked.headers.location).toBe(`/sign/${token}`);
  const messages = await sentFor(id, 'order-sign-code', nth);
  expect(messages).toHaveLength(nth);
  return /\b(\d{6})\b/.exec(messages.at(-1)!.body.text)![1]!;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the phone proven by a code sent by SMS', () => {
  it('sends the link and the code once each, refuses a wrong code, and records the SMS proof', async () => {
    const { id, token } = await issueAndSend();
    await Promise.all([deliverDueSms(app), deliverDueSms(app)]);
    const links = await sentFor(id, 'order-sign-link', 1);
    expect(links).toHaveLength(1);
    expect(links[0]!.authorization).toBe('Bearer test-sms-token');
    expect(links[0]!.body).toMatchObject({ to: '+972527654321' });
    expect(links[0]!.body.text).toContain(`/sign/${token}`);

    // The order is not shown before the phone is proven, and cannot be signed.
    const page = await app.inject({ method: 'GET', url: `/sign/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('אימות הטלפון');
    expect(page.body).toContain('<bdi>321</bdi>');
    expect(page.body).not.toContain('39337423');
    expect(page.body).not.toContain('sign-form');
    const early = await sign(token);
    expect(early.statusCode).toBe(400);
    expect(early.json().fieldErrors.code).toBe(ORDER_MESSAGES.phoneNotProven);
    const none = await tryCode(token, '123456');
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(ORDER_MESSAGES.codeNone);

    const code = await codeFor(id, token, 1);
    await Promise.all([deliverDueSms(app), deliverDueSms(app)]);
    expect(await sentFor(id, 'order-sign-code', 1)).toHaveLength(1);
    // Nothing of the code is kept: its HMAC only, and the message's text is emptied once sent.
    const [stored] = await app.db.select().from(brokerageOrderCodes);
    expect(stored!.codeHash).not.toContain(code);
    const rows = await app.db.select().from(smsOutbox).where(eq(smsOutbox.refId, id));
    expect(rows.map((r) => [r.kind, r.status, r.text])).toEqual(
      expect.arrayContaining([
        ['order-sign-link', 'sent', ''],
        ['order-sign-code', 'sent', ''],
      ]),
    );

    const again = await askCode(token);
    expect(again.statusCode).toBe(429);
    expect(again.body).toContain(ORDER_MESSAGES.codeTooSoon);
    const waiting = await app.inject({ method: 'GET', url: `/sign/${token}` });
    expect(waiting.body).toContain('autocomplete="one-time-code"');

    const bad = await tryCode(token, wrong(code));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(codeWrongMessage(SIGN_CODE.attempts - 1));
    expect(bad.body).toContain('aria-invalid="true"');
    expect(bad.body).toContain('aria-describedby="code-error"');
    const malformed = await tryCode(token, '12ab');
    expect(malformed.body).toContain(ORDER_MESSAGES.codeMissing);

    const right = await tryCode(token, code.replace(/(\d{3})/, '$1 '));
    expect(right.statusCode).toBe(303);
    const signingPage = await app.inject({ method: 'GET', url: `/sign/${token}` });
    expect(signingPage.body).toContain('sign-form');
    expect(signingPage.body).toContain('39337423');
    const signed = await sign(token);
    expect(signed.statusCode).toBe(200);
    const [row] = await app.db.select().from(brokerageOrders).where(eq(brokerageOrders.id, id));
    expect(row!.phoneProof).toBe('otp_sms');
  });

  it('locks the link for a wait after five wrong codes, then sends a new one', async () => {
    const { id, token } = await issueAndSend();
    const code = await codeFor(id, token, 1);
    for (let left = SIGN_CODE.attempts - 1; left > 0; left--)
      expect((await tryCode(token, wrong(code))).body).toContain(codeWrongMessage(left));
    const fifth = await tryCode(token, wrong(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.body).toContain(codeLockedMessage(SIGN_CODE.waitMinutes));
    // The right code no longer helps, and no new code is sent during the wait.
    expect((await tryCode(token, code)).statusCode).toBe(429);
    const locked = await askCode(token);
    expect(locked.statusCode).toBe(429);
    expect(locked.body).toContain('יותר מדי ניסיונות שגויים');
    expect(await sentFor(id, 'order-sign-code', 1)).toHaveLength(1);
    const page = await app.inject({ method: 'GET', url: `/sign/${token}` });
    expect(page.body).toContain(codeLockedMessage(SIGN_CODE.waitMinutes));
    expect(page.body).not.toContain('autocomplete="one-time-code"');

    // The wait over (and the last code a while ago), a new code works.
    const [link] = await app.db
      .update(brokerageOrderLinks)
      .set({ codesLockedUntil: new Date(Date.now() - 1000) })
      .where(eq(brokerageOrderLinks.tokenHash, hashLinkToken(token)))
      .returning();
    await app.db
      .update(brokerageOrderCodes)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(brokerageOrderCodes.linkId, link!.id));
    const fresh = await codeFor(id, token, 2);
    expect((await tryCode(token, fresh)).statusCode).toBe(303);
  });

  it('refuses an expired code, and drops an SMS whose time passed without sending it', async () => {
    const { id, token } = await issueAndSend();
    const code = await codeFor(id, token, 1);
    await app.db
      .update(brokerageOrderCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        eq(brokerageOrderCodes.codeHash, (await app.db.select().from(brokerageOrderCodes)).at(-1)!.codeHash),
      );
    const expired = await tryCode(token, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain(ORDER_MESSAGES.codeExpired);

    const before = received.length;
    const smsId = await enqueueSms(app.db, {
      kind: 'test-expired',
      to: '+972527654321',
      text: 'קוד 123456',
      expiresAt: new Date(Date.now() - 1000),
    });
    await deliverDueSms(app);
    const [row] = await app.db.select().from(smsOutbox).where(eq(smsOutbox.id, smsId));
    expect(row).toMatchObject({ status: 'expired', text: '' });
    expect(received.length).toBe(before);
  });

  it('retries a message the provider refused, after a backoff, and keeps no text in the error', async () => {
    failNext = 1;
    const smsId = await enqueueSms(app.db, { kind: 'test-retry', to: '+972527654321', text: 'קוד 654321' });
    await deliverDueSms(app);
    const [failed] = await app.db.select().from(smsOutbox).where(eq(smsOutbox.id, smsId));
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'SMS provider answered HTTP 500',
    });
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await deliverDueSms(app);
    expect(received.some((r) => r.body.id === smsId)).toBe(false);
    await app.db.update(smsOutbox).set({ nextAttemptAt: new Date() }).where(eq(smsOutbox.id, smsId));
    await deliverDueSms(app);
    const [sent] = await app.db.select().from(smsOutbox).where(eq(smsOutbox.id, smsId));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, text: '' });
    expect(received.filter((r) => r.body.id === smsId)).toHaveLength(1);
  });
});
