import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { israelWallTime } from '@shared/domain/israel-calendar';
import { maySendAt, PERSONAL_SEND_RULES } from '@shared/domain/send-window';
import { reminderTime } from '@shared/domain/viewing-reminder';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import {
  branches,
  leadActivities,
  mailOutbox,
  pushOutbox,
  pushSubscriptions,
  smsOutbox,
  viewings,
} from '../../db/schema';
import { createProperty, createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { openTestDatabase } from '../../test/test-app';
import { runViewingEscalation } from './escalation';

// Requests left unanswered go to the branch manager after the set office hours (4 by default), and the SMS leg
// of the reminders (docs/viewings.md), on both databases. Two app instances on one database stand for two
// server processes; `first` has an SMS provider configured, `second` none.
let first: FastifyInstance;
let second: FastifyInstance;
const handles: DatabaseHandle[] = [];
const ORIGIN = 'https://agency.example';
const HOUR = 3_600_000;
const SMS_ON = { appOrigin: ORIGIN, smsOn: true };
const SMS_OFF = { appOrigin: ORIGIN, smsOn: false };

type Person = { id: string; cookie: string };
let branchId = '';
let agent: Person;
let earlyAgent: Person;
let managerA: Person;
let managerB: Person;
let managerDevice = '';
let phoneCounter = 4_100_000;
const nextPhone = () => `052${phoneCounter++}`;

const call = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  who?: Person,
  payload?: object,
) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });

async function person(role: 'agent' | 'admin', inBranch: string) {
  const user = await createUser(first.db, { branchId: inBranch, role, networkAccess: false });
  return { id: user.id, cookie: await sessionCookieFor(first.db, user.id) };
}

beforeAll(async () => {
  const db = await openTestDatabase();
  handles.push(db);
  const other = db.url ? await openDatabase({ databaseUrl: db.url, poolSize: 2 }) : db;
  if (other !== db) handles.unshift(other);
  const options = {
    webRoot: null,
    logger: false as const,
    maxEventLoopDelayMs: 0,
    rateLimits: { formsPerIp: { max: 100_000, windowMs: 60_000 } },
  };
  const env = {
    NODE_ENV: 'test' as const,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'escalation-')),
    APP_ORIGIN: ORIGIN,
  };
  first = await buildApp({
    ...options,
    database: db,
    env: {
      ...env,
      SMS_PROVIDER: 'http',
      SMS_PROVIDER_URL: 'http://127.0.0.1:9/sms',
      SMS_PROVIDER_TOKEN: 'test-sms-token',
    },
  });
  second = await buildApp({ ...options, database: other, env });
  const [branch, otherBranch] = await first.db
    .insert(branches)
    .values([
      { name: 'סניף ההעברות', slug: 'viewing-escalation' },
      { name: 'סניף שכן', slug: 'viewing-escalation-other' },
    ])
    .returning();
  branchId = branch!.id;
  agent = await person('agent', branchId);
  earlyAgent = await person('agent', branchId);
  managerA = await person('admin', branchId);
  managerB = await person('admin', otherBranch!.id);
  const weekdays = [0, 1, 2, 3, 4];
  for (const [who, from, to] of [
    [agent, '10:00', '12:00'],
    [earlyAgent, '08:00', '09:00'],
  ] as const) {
    const set = await call(first, 'PUT', `/agents/${who.id}/viewing-availability`, who, {
      windows: weekdays.map((weekday) => ({ weekday, from, to })),
    });
    expect(set.statusCode, set.body).toBe(200);
  }
  const [device] = await first.db
    .insert(pushSubscriptions)
    .values({ userId: managerA.id, endpoint: 'https://push.example/manager-a', p256dh: 'k', auth: 'a' })
    .returning();
  managerDevice = device!.id;
});

afterAll(async () => {
  await first.close();
  await second.close();
  for (const handle of handles) await handle.close();
});

async function propertyOf(who: Person, bookingMode: 'instant' | 'request') {
  const property = await createProperty(first.db, {
    agentId: who.id,
    branchId,
    address: 'הנביאים 7',
    city: 'חיפה',
  });
  const set = await call(first, 'PUT', `/property/${property.id}/viewing-settings`, who, {
    bookingMode,
    capacity: 1,
    slotMinutes: 30,
  });
  expect(set.statusCode, set.body).toBe(200);
  return property.id;
}

type Slot = { start: string; end: string };
async function laterSlots(propertyId: string): Promise<Slot[]> {
  const r = await call(first, 'GET', `/property/${propertyId}/viewing-slots`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.slots.filter((s: Slot) => new Date(s.start).getTime() > Date.now() + 3 * HOUR);
}

async function book(
  app: FastifyInstance,
  propertyId: string,
  slots: string[],
  email = 'visitor@example.com',
) {
  const r = await call(app, 'POST', `/property/${propertyId}/viewings`, undefined, {
    name: 'אורי לוי',
    phone: nextPhone(),
    slots,
    ...(email ? { email } : {}),
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().data.viewing._id as string;
}

/** A request through the API (with its lead), then dated as the test needs. */
async function request(createdAt: Date, proposals: Date[], email = 'visitor@example.com') {
  const propertyId = await propertyOf(agent, 'request');
  const [slot] = await laterSlots(propertyId);
  const id = await book(first, propertyId, [slot!.start], email);
  await first.db
    .update(viewings)
    .set({
      createdAt,
      proposals: proposals.map((p) => p.toISOString()),
      startsAt: proposals[0]!,
      endsAt: new Date(proposals[0]!.getTime() + 30 * 60_000),
    })
    .where(eq(viewings.id, id));
  return id;
}

const rowOf = async (id: string) => (await first.db.select().from(viewings).where(eq(viewings.id, id)))[0]!;
const mailsOf = (id: string, kind: string) =>
  first.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.refId, id), eq(mailOutbox.kind, kind)));
const smsOf = (id: string, kind: string) =>
  first.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.refId, id), eq(smsOutbox.kind, kind)));
const managerPushOf = (id: string) =>
  first.db
    .select()
    .from(pushOutbox)
    .where(
      and(eq(pushOutbox.subscriptionId, managerDevice), eq(pushOutbox.dedupeKey, `viewing-escalated:${id}`)),
    );

// 2027-01-14 is a Thursday; the office (9:00-16:00, Sunday to Thursday) opens again on Sunday 2027-01-17.
const israel = (date: string, clock: string) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return israelWallTime(date, h * 60 + m);
};

describe('an unanswered request goes to the branch manager', () => {
  it('not before 4 office hours passed (across Shabbat), then once with two processes at once', async () => {
    const id = await request(israel('2027-01-14', '14:00'), [israel('2027-01-19', '10:00')]);
    // 32 hours on the clock by Saturday night, but only 2 of office time; Sunday 10:59 is 3:59.
    for (const at of [israel('2027-01-16', '22:00'), israel('2027-01-17', '10:59')]) {
      await runViewingEscalation(first.db, SMS_ON, at);
      expect((await rowOf(id)).escalatedAt, at.toISOString()).toBeNull();
    }
    const at = israel('2027-01-17', '11:01');
    await Promise.all([
      runViewingEscalation(first.db, SMS_ON, at),
      runViewingEscalation(second.db, SMS_ON, at),
    ]);
    await runViewingEscalation(second.db, SMS_ON, new Date(at.getTime() + HOUR));
    const row = await rowOf(id);
    expect(row.escalatedAt).toEqual(at);
    expect(row.status).toBe('requested');
    // The branch manager: one push and one mail, naming the visitor, the hours and the proposed time.
    expect(await managerPushOf(id)).toHaveLength(1);
    const managerMails = await mailsOf(id, 'viewing-escalation');
    expect(managerMails).toHaveLength(1);
    expect(managerMails[0]!.subject).toBe('בקשת ביקור ממתינה לאישור: הנביאים 7');
    expect(managerMails[0]!.text).toContain('לא נענתה תוך 4 שעות משרד');
    expect(managerMails[0]!.text).toContain('אורי לוי');
    expect(managerMails[0]!.text).toContain(`${ORIGIN}/MyDay`);
    // The visitor is told, by mail and (a provider being configured) by SMS, in Hebrew.
    const told = await mailsOf(id, 'viewing-escalated');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ to: 'visitor@example.com' });
    expect(told[0]!.subject).toMatch(/^בקשת הביקור הועברה למנהל הסניף – /);
    expect(told[0]!.text).toContain('העברנו אותה למנהל הסניף');
    const sms = await smsOf(id, 'viewing-escalated');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain('הועברה למנהל הסניף');
    expect(sms[0]!.to).toMatch(/^\+9725/);
    // The lead's timeline says so, once.
    const notes = await first.db
      .select({ note: leadActivities.note })
      .from(leadActivities)
      .where(and(eq(leadActivities.leadId, row.leadId!), eq(leadActivities.kind, 'note')));
    expect(notes.filter((n) => n.note?.includes('הועברה למנהל הסניף'))).toHaveLength(1);
  });

  it('queues no SMS when no provider is configured; the mail still goes', async () => {
    const id = await request(israel('2027-01-14', '09:00'), [israel('2027-01-19', '10:00')]);
    await runViewingEscalation(second.db, SMS_OFF, israel('2027-01-14', '13:30'));
    expect((await rowOf(id)).escalatedAt).not.toBeNull();
    expect(await smsOf(id, 'viewing-escalated')).toEqual([]);
    expect(await mailsOf(id, 'viewing-escalated')).toHaveLength(1);
  });

  it('does not tell a visitor at night: the messages wait for the morning', async () => {
    const id = await request(israel('2027-01-14', '09:00'), [israel('2027-01-19', '10:00')]);
    const night = israel('2027-01-14', '23:00');
    await runViewingEscalation(first.db, SMS_ON, night);
    const [sms] = await smsOf(id, 'viewing-escalated');
    expect(sms!.nextAttemptAt).toEqual(israel('2027-01-15', '08:00'));
    expect(maySendAt(sms!.nextAttemptAt, PERSONAL_SEND_RULES)).toBe(true);
  });

  it('a request whose proposed times all passed is left alone', async () => {
    const id = await request(israel('2027-01-14', '09:00'), [israel('2027-01-14', '10:00')]);
    await runViewingEscalation(first.db, SMS_ON, israel('2027-01-14', '15:00'));
    expect((await rowOf(id)).escalatedAt).toBeNull();
  });

  it("the branch's manager confirms it like the agent; another branch's manager gets 404", async () => {
    const propertyId = await propertyOf(agent, 'request');
    const [slot] = await laterSlots(propertyId);
    const id = await book(first, propertyId, [slot!.start]);
    await first.db
      .update(viewings)
      .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(viewings.id, id));
    await runViewingEscalation(first.db, SMS_ON);
    expect((await rowOf(id)).escalatedAt).not.toBeNull();
    const confirm = (who: Person) => call(first, 'POST', `/viewings/${id}/confirm`, who, {});
    const outside = await confirm(managerB);
    expect(outside.statusCode).toBe(404);
    expect((await rowOf(id)).status).toBe('requested');
    const listB = await call(first, 'GET', '/viewings', managerB);
    expect(listB.json().data.viewings.map((v: { _id: string }) => v._id)).not.toContain(id);
    const listA = await call(first, 'GET', '/viewings', managerA);
    const seen = listA.json().data.viewings.find((v: { _id: string }) => v._id === id);
    expect(seen.escalatedAt).toEqual((await rowOf(id)).escalatedAt!.toISOString());
    const confirmed = await confirm(managerA);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.viewing).toMatchObject({
      status: 'confirmed',
      startsAt: slot!.start,
      agentId: agent.id,
    });
    // Confirmed, it is reminded like any other: one SMS to the visitor.
    expect(await smsOf(id, 'viewing-reminder')).toHaveLength(1);
  });
});

describe('the SMS reminder', () => {
  it('is queued with the mail two hours before, only when a provider is configured, and taken back on cancel', async () => {
    const propertyId = await propertyOf(agent, 'instant');
    const [slot, , third] = await laterSlots(propertyId);
    const id = await book(first, propertyId, [slot!.start], '');
    const twoHoursBefore = new Date(new Date(slot!.start).getTime() - 2 * HOUR);
    const [sms] = await smsOf(id, 'viewing-reminder');
    expect(sms!.nextAttemptAt).toEqual(twoHoursBefore);
    expect(sms!.expiresAt).toEqual(new Date(slot!.start));
    expect(sms!.holdsQuietHours).toBe(true);
    expect(sms!.text).toContain('תזכורת: הביקור שלכם בנכס הנביאים 7, חיפה היום ב־');
    // Booked through a process without a provider: no SMS.
    const withoutProvider = await book(second, propertyId, [third!.start]);
    expect(await smsOf(withoutProvider, 'viewing-reminder')).toEqual([]);
    expect(await mailsOf(withoutProvider, 'viewing-reminder')).toHaveLength(1);
    expect((await rowOf(id)).status).toBe('confirmed');
    const cancel = await call(first, 'POST', `/viewings/${id}/cancel`, agent);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await smsOf(id, 'viewing-reminder')).toEqual([]);
  });

  it('never leaves in quiet hours: an early viewing is reminded the evening before, as the mail is', async () => {
    const propertyId = await propertyOf(earlyAgent, 'instant');
    const [slot] = await laterSlots(propertyId);
    const start = new Date(slot!.start);
    const id = await book(first, propertyId, [slot!.start]);
    const row = await rowOf(id);
    const [sms] = await smsOf(id, 'viewing-reminder');
    const [mail] = await mailsOf(id, 'viewing-reminder');
    // Two hours before an 8:00 viewing is 6:00, in quiet hours (21:00-08:00).
    expect(maySendAt(new Date(start.getTime() - 2 * HOUR), PERSONAL_SEND_RULES)).toBe(false);
    expect(sms!.nextAttemptAt).toEqual(reminderTime(start, row.createdAt));
    expect(sms!.nextAttemptAt).toEqual(mail!.nextAttemptAt);
    expect(maySendAt(sms!.nextAttemptAt, PERSONAL_SEND_RULES)).toBe(true);
    expect(sms!.nextAttemptAt.getTime()).toBeLessThan(start.getTime() - 2 * HOUR);
  });
});
