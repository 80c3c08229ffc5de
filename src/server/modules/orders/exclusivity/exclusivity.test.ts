import {
  addDays,
  addMonths,
  EXCLUSIVITY_MESSAGES,
  overlapMessage,
  thirdOfTermDate,
} from '@shared/domain/exclusivity';
import { israelDate } from '@shared/domain/israel-time';
import type { CreateExclusivityInput } from '@shared/schemas/exclusivities';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  branches,
  brokerageOrders,
  exclusivityActions,
  exclusivityNotices,
  mailOutbox,
  properties,
} from '../../../db/schema';
import { createProperty, createUser } from '../../../test/factories';
import { sessionCookieFor } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { runExclusivityNotices } from './job';

// Exclusivities through the API, on both databases: the term refused beyond its limit with nothing stored, the
// signature making the property exclusive, a marketing action logged, the no-action notice told once, and the
// end of the term clearing the flag.

let app: TestApp;
type Person = { id: string; cookie: string };
let agent: Person;
let manager: Person;
let stranger: Person;
let branchId = '';
let inkPng = '';
const today = israelDate();

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });

async function person(overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(app.db, { branchId, ...overrides });
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
}

const newProperty = async (overrides: Parameters<typeof createProperty>[1] = {}) =>
  (await createProperty(app.db, { agentId: agent.id, branchId, ...overrides })).id;

const exclusivity = (
  propertyId: string,
  overrides: Partial<CreateExclusivityInput> = {},
): CreateExclusivityInput => ({
  propertyId,
  side: 'seller',
  clientName: 'משה לוי',
  clientIdNumber: '39337423',
  clientAddress: 'הנביאים 5, חיפה',
  clientPhone: '052-7654321',
  clientEmail: 'moshe@example.com',
  approxPrice: 2_000_000,
  feeKind: 'percent',
  feeValue: 2,
  vatIncluded: false,
  termStart: today,
  termEnd: addMonths(today, 6),
  marketingActions: ['sign', 'internet'],
  ...overrides,
});

const countRows = async (propertyId: string) =>
  (await app.db.select().from(brokerageOrders).where(eq(brokerageOrders.kind, 'exclusivity'))).filter(
    (r) => r.properties[0]?.propertyId === propertyId,
  ).length;

/** Issues an exclusivity and sends it: its id and its signing link's token. */
async function issueAndSend(propertyId: string, overrides: Partial<CreateExclusivityInput> = {}) {
  const created = await call('POST', '/exclusivities', agent.cookie, exclusivity(propertyId, overrides));
  expect(created.statusCode).toBe(201);
  const id = created.json().data.exclusivity._id as string;
  const sent = await call('POST', `/orders/${id}/send`, agent.cookie);
  expect(sent.statusCode).toBe(200);
  const token = new URL(sent.json().data.link as string).pathname.split('/').pop()!;
  return { id, token };
}

const signWith = (token: string) =>
  call('POST', `/sign/${token}`, undefined, { method: 'drawn', signaturePng: inkPng, consent: true });

async function issueAndSign(propertyId: string, overrides: Partial<CreateExclusivityInput> = {}) {
  const { id, token } = await issueAndSend(propertyId, overrides);
  const page = await app.inject({ method: 'GET', url: `/sign/${token}` });
  expect(page.body).toContain('הזמנת שירותי תיווך בבלעדיות');
  const signed = await signWith(token);
  expect(signed.statusCode).toBe(200);
  return id;
}

const isExclusive = async (propertyId: string) =>
  (await app.db.select().from(properties).where(eq(properties.id, propertyId)))[0]!.exclusive;

const flagAudit = (propertyId: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'property'), eq(auditLog.entityId, propertyId)))
    .orderBy(auditLog.createdAt);

beforeAll(async () => {
  app = await createTestApp();
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
  branchId = branch!.id;
  agent = await person({ name: 'סוכן חיפה', email: 'agent-excl@example.com' });
  manager = await person({
    role: 'admin',
    networkAccess: false,
    name: 'מנהלת חיפה',
    email: 'manager-excl@example.com',
  });
  stranger = await person({ name: 'סוכנת אחרת' });
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><path d="M10 60 C 60 10, 120 110, 290 50" stroke="#111" stroke-width="4" fill="none"/></svg>';
  inkPng = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
});

describe('issuing an exclusivity', () => {
  it('refuses an apartment beyond 6 months, on the end field, and stores nothing', async () => {
    const propertyId = await newProperty();
    const res = await call(
      'POST',
      '/exclusivities',
      agent.cookie,
      exclusivity(propertyId, { termEnd: addDays(addMonths(today, 6), 1) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.termEnd).toBe(EXCLUSIVITY_MESSAGES.termDwelling);
    expect(await countRows(propertyId)).toBe(0);
  });

  it('allows offices 12 months and refuses a day more', async () => {
    const propertyId = await newProperty({ category: 'משרדים' });
    const over = await call(
      'POST',
      '/exclusivities',
      agent.cookie,
      exclusivity(propertyId, { termEnd: addDays(addMonths(today, 12), 1) }),
    );
    expect(over.json().fieldErrors.termEnd).toBe(EXCLUSIVITY_MESSAGES.termOther);
    const ok = await call(
      'POST',
      '/exclusivities',
      agent.cookie,
      exclusivity(propertyId, { termEnd: addMonths(today, 12) }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.exclusivity).toMatchObject({
      status: 'sent',
      termEnd: addMonths(today, 12),
      propertyId,
    });
  });

  it('refuses fewer than two committed actions and a property that is not the agent’s', async () => {
    const propertyId = await newProperty();
    const one = await call(
      'POST',
      '/exclusivities',
      agent.cookie,
      exclusivity(propertyId, { marketingActions: ['sign'] }),
    );
    expect(one.statusCode).toBe(400);
    expect(one.json().fieldErrors.marketingActions).toBe(EXCLUSIVITY_MESSAGES.actionsMin);
    const notMine = await call('POST', '/exclusivities', stranger.cookie, exclusivity(propertyId));
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().fieldErrors.propertyId).toBe(EXCLUSIVITY_MESSAGES.property);
    expect(await countRows(propertyId)).toBe(0);
  });
});

describe('signing and logging', () => {
  it('a signed exclusivity makes the property exclusive (audited) and is not listed as an order', async () => {
    const propertyId = await newProperty();
    const id = await issueAndSign(propertyId);
    const [property] = await app.db.select().from(properties).where(eq(properties.id, propertyId));
    expect(property!.exclusive).toBe(true);
    const [row] = await app.db.select().from(brokerageOrders).where(eq(brokerageOrders.id, id));
    expect(row!.htmlSnapshot).toContain('פעולות השיווק שהמתווך מתחייב לבצע');
    expect(row!.htmlSnapshot).toContain(addMonths(today, 6).split('-').reverse().join('.'));
    expect(row!.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    const verify = await call('GET', `/orders/verify/${row!.pdfSha256}`);
    expect(verify.json().data.verification).toMatchObject({ verdict: 'issued', orderId: id });
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'property'), eq(auditLog.entityId, propertyId)));
    expect(audit.map((a) => a.changes.exclusive)).toEqual([{ before: false, after: true }]);
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.refId, id));
    expect(mails.map((m) => m.to).sort()).toEqual(['agent-excl@example.com', 'moshe@example.com']);
    const orders = await call('GET', `/orders?propertyId=${propertyId}`, agent.cookie);
    expect(orders.json().data.orders).toEqual([]);
    const list = await call('GET', `/exclusivities?propertyId=${propertyId}`, manager.cookie);
    expect(
      list.json().data.exclusivities.map((e: { _id: string; status: string }) => [e._id, e.status]),
    ).toEqual([[id, 'signed']]);
  });

  it('logs an action that was committed, refuses one that was not, a future date and a stranger', async () => {
    const propertyId = await newProperty();
    const id = await issueAndSign(propertyId);
    const logged = await call('POST', `/exclusivities/${id}/actions`, agent.cookie, {
      date: today,
      action: 'internet',
      evidenceUrl: 'https://example.com/ad/1',
    });
    expect(logged.statusCode).toBe(201);
    const byManager = await call('POST', `/exclusivities/${id}/actions`, manager.cookie, {
      date: today,
      action: 'sign',
    });
    expect(byManager.statusCode).toBe(201);
    const notCommitted = await call('POST', `/exclusivities/${id}/actions`, agent.cookie, {
      date: today,
      action: 'newspaper',
    });
    expect(notCommitted.json().fieldErrors.action).toBe(EXCLUSIVITY_MESSAGES.actionNotCommitted);
    const future = await call('POST', `/exclusivities/${id}/actions`, agent.cookie, {
      date: addDays(today, 2),
      action: 'sign',
    });
    expect(future.json().fieldErrors.date).toBe(EXCLUSIVITY_MESSAGES.actionDate);
    const stranger404 = await call('POST', `/exclusivities/${id}/actions`, stranger.cookie, {
      date: today,
      action: 'sign',
    });
    expect(stranger404.statusCode).toBe(404);
    const rows = await app.db.select().from(exclusivityActions).where(eq(exclusivityActions.orderId, id));
    expect(rows.map((r) => r.action).sort()).toEqual(['internet', 'sign']);
    expect(rows.find((r) => r.action === 'internet')!.evidenceUrl).toBe('https://example.com/ad/1');
  });

  it('refuses an action on an exclusivity not yet signed', async () => {
    const propertyId = await newProperty();
    const created = await call('POST', '/exclusivities', agent.cookie, exclusivity(propertyId));
    const id = created.json().data.exclusivity._id as string;
    const res = await call('POST', `/exclusivities/${id}/actions`, agent.cookie, {
      date: today,
      action: 'sign',
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('the exclusivity job', () => {
  const atIsraelNoon = (day: string) => new Date(`${day}T10:00:00Z`);

  it('tells the agent and the branch manager once when a third of the term passes with no action', async () => {
    const propertyId = await newProperty();
    const id = await issueAndSign(propertyId);
    const third = thirdOfTermDate(today, addMonths(today, 6));
    await runExclusivityNotices(app.db, 'https://app.example', atIsraelNoon(addDays(third, -1)));
    const kindMails = () =>
      app.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.refId, id), eq(mailOutbox.kind, 'exclusivity-third-no-action')));
    expect(await kindMails()).toEqual([]);
    await runExclusivityNotices(app.db, 'https://app.example', atIsraelNoon(third));
    await runExclusivityNotices(app.db, 'https://app.example', atIsraelNoon(addDays(third, 1)));
    const mails = await kindMails();
    expect(mails.map((m) => m.to).sort()).toEqual(['agent-excl@example.com', 'manager-excl@example.com']);
    expect(mails[0]!.text).toContain(`/PropertyView/${propertyId}`);
  });

  it('stays quiet when an action was logged, and at the end clears the flag once, audited', async () => {
    const propertyId = await newProperty();
    const end = addMonths(today, 3);
    const id = await issueAndSign(propertyId, { termEnd: end });
    await call('POST', `/exclusivities/${id}/actions`, agent.cookie, { date: today, action: 'sign' });
    await runExclusivityNotices(app.db, 'https://app.example', atIsraelNoon(addDays(end, -3)));
    const notices = await app.db.select().from(exclusivityNotices).where(eq(exclusivityNotices.orderId, id));
    expect(notices.map((n) => n.notice)).toEqual(['week-before-end']);
    const [before] = await app.db.select().from(properties).where(eq(properties.id, propertyId));
    expect(before!.exclusive).toBe(true);
    await runExclusivityNotices(app.db, 'https://app.example', atIsraelNoon(end));
    await runExclusivityNotices(app.db, 'https://app.example', atIsraelNoon(addDays(end, 1)));
    const [after] = await app.db.select().from(properties).where(eq(properties.id, propertyId));
    expect(after!.exclusive).toBe(false);
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'property'), eq(auditLog.entityId, propertyId)))
      .orderBy(auditLog.createdAt);
    expect(audit.map((a) => a.changes.exclusive)).toEqual([
      { before: false, after: true },
      { before: true, after: false },
    ]);
    const weekMails = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.refId, id), eq(mailOutbox.kind, 'exclusivity-week-before-end')));
    expect(weekMails.map((m) => m.to)).toEqual(['agent-excl@example.com']);
  });
});

describe('revoking an exclusivity', () => {
  it('clears the property’s flag, audited with the admin who revoked it', async () => {
    const propertyId = await newProperty();
    const id = await issueAndSign(propertyId);
    expect(await isExclusive(propertyId)).toBe(true);
    const byAgent = await call('POST', `/orders/${id}/revoke`, agent.cookie, { reason: 'טעות' });
    expect(byAgent.statusCode).toBe(403);
    const noReason = await call('POST', `/orders/${id}/revoke`, manager.cookie, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(await isExclusive(propertyId)).toBe(true);
    const revoked = await call('POST', `/orders/${id}/revoke`, manager.cookie, { reason: 'המוכר חזר בו' });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.order).toMatchObject({ status: 'revoked', revokeReason: 'המוכר חזר בו' });
    expect(await isExclusive(propertyId)).toBe(false);
    const audit = await flagAudit(propertyId);
    expect(audit.map((a) => [a.changes.exclusive, a.actorId])).toEqual([
      [{ before: false, after: true }, null],
      [{ before: true, after: false }, manager.id],
    ]);
    const orderAudit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, id)));
    expect(orderAudit.map((a) => a.action)).toEqual(['revoke']);
  });

  it('keeps the flag while another signed exclusivity of the property runs, and leaves an unsigned one alone', async () => {
    const propertyId = await newProperty();
    const first = await issueAndSign(propertyId, { termEnd: addMonths(today, 3) });
    const correction = await issueAndSign(propertyId, { replacesOrderId: first });
    await call('POST', `/orders/${first}/revoke`, manager.cookie, { reason: 'הוחלפה בבלעדיות מתקנת' });
    expect(await isExclusive(propertyId)).toBe(true);
    await call('POST', `/orders/${correction}/revoke`, manager.cookie, { reason: 'הבלעדיות בוטלה' });
    expect(await isExclusive(propertyId)).toBe(false);
    // An exclusivity never signed does not touch a flag an admin set by hand.
    await app.db.update(properties).set({ exclusive: true }).where(eq(properties.id, propertyId));
    const { id: unsigned } = await issueAndSend(propertyId);
    await call('POST', `/orders/${unsigned}/revoke`, manager.cookie, { reason: 'לא נחתמה' });
    expect(await isExclusive(propertyId)).toBe(true);
  });
});

describe('one signed exclusivity at a time', () => {
  it('refuses a term that overlaps a signed one (409, on the start field), storing nothing', async () => {
    const propertyId = await newProperty();
    const end = addMonths(today, 3);
    await issueAndSign(propertyId, { termEnd: end });
    const overlapping = await call(
      'POST',
      '/exclusivities',
      agent.cookie,
      exclusivity(propertyId, { termStart: addDays(end, -1), termEnd: addMonths(end, 1) }),
    );
    expect(overlapping.statusCode).toBe(409);
    const message = overlapMessage({ termStart: today, termEnd: end });
    expect(overlapping.json()).toMatchObject({ message, fieldErrors: { termStart: message } });
    expect(await countRows(propertyId)).toBe(1);
    // The next term may start on the day this one ends.
    const next = await call(
      'POST',
      '/exclusivities',
      agent.cookie,
      exclusivity(propertyId, { termStart: end, termEnd: addMonths(end, 3) }),
    );
    expect(next.statusCode).toBe(201);
  });

  it('allows a correction naming the one it replaces, not one naming another property’s', async () => {
    const propertyId = await newProperty();
    const first = await issueAndSign(propertyId);
    const correction = await call(
      'POST',
      '/exclusivities',
      agent.cookie,
      exclusivity(propertyId, { replacesOrderId: first, marketingActions: ['sign', 'newspaper'] }),
    );
    expect(correction.statusCode).toBe(201);
    expect(correction.json().data.exclusivity.replacesOrderId).toBe(first);
    const otherProperty = await newProperty();
    const wrong = await call(
      'POST',
      '/exclusivities',
      agent.cookie,
      exclusivity(otherProperty, { replacesOrderId: first }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.replacesOrderId).toBe(EXCLUSIVITY_MESSAGES.replacesOther);
    expect(await countRows(otherProperty)).toBe(0);
  });

  it('refuses to send or sign the second of two overlapping exclusivities issued before either was signed', async () => {
    const propertyId = await newProperty();
    const { token: firstToken } = await issueAndSend(propertyId);
    const { id: second, token: secondToken } = await issueAndSend(propertyId, {
      termEnd: addMonths(today, 2),
    });
    expect((await signWith(firstToken)).statusCode).toBe(200);
    const signing = await signWith(secondToken);
    expect(signing.statusCode).toBe(409);
    expect(signing.json().message).toBe(EXCLUSIVITY_MESSAGES.overlapAtSigning);
    const [row] = await app.db.select().from(brokerageOrders).where(eq(brokerageOrders.id, second));
    expect(row!.signedAt).toBeNull();
    const resend = await call('POST', `/orders/${second}/send`, agent.cookie);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().fieldErrors.termStart).toBe(
      overlapMessage({ termStart: today, termEnd: addMonths(today, 6) }),
    );
  });
});
