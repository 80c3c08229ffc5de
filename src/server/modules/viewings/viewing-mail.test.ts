import { israelMinuteOfDay } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import { SLOT_REFUSAL_MESSAGES, VIEWING_MESSAGES } from '@shared/schemas/viewings';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  branches,
  leadActivities,
  mailOutbox,
  pushOutbox,
  pushSubscriptions,
  users,
  viewings,
} from '../../db/schema';
import { createProperty, createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// Before the viewing (docs/viewings.md): the visitor's mail with a calendar invitation, the link that cancels
// or moves the viewing, and the reminders two hours before; on both databases.

let app: TestApp;
type Person = { id: string; cookie: string };
let branchId = '';
let agent: Person;
let otherAgent: Person;
let managerA: Person;
let managerB: Person;
let networkB: Person;
let device = '';
let phoneCounter = 3_000_000;
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

async function person(role: 'agent' | 'admin' = 'agent', inBranch = branchId, networkAccess = false) {
  const user = await createUser(app.db, {
    branchId: inBranch,
    role,
    networkAccess,
    name: 'דנה כהן',
    phoneNumber: '050-777-1234',
  });
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
}

beforeAll(async () => {
  app = await createTestApp({ rateLimits: { formsPerIp: plenty } });
  await app.ready();
  const [branch, other] = await app.db
    .insert(branches)
    .values([
      { name: 'סניף מייל', slug: 'viewing-mail' },
      { name: 'סניף אחר', slug: 'viewing-mail-other' },
    ])
    .returning();
  branchId = branch!.id;
  agent = await person();
  otherAgent = await person();
  managerA = await person('admin');
  managerB = await person('admin', other!.id);
  networkB = await person('admin', other!.id, true);
  await app.db.update(users).set({ gender: 'female' }).where(eq(users.id, agent.id));
  // Mondays 10:00-12:00 only: every slot is at least a day or two away, its reminder at 08:00 the same day.
  const hours = await call('PUT', `/agents/${agent.id}/viewing-availability`, agent, {
    windows: [{ weekday: 1, from: '10:00', to: '12:00' }],
  });
  expect(hours.statusCode, hours.body).toBe(200);
  const [sub] = await app.db
    .insert(pushSubscriptions)
    .values({ userId: agent.id, endpoint: 'https://push.example/viewing-mail', p256dh: 'k', auth: 'a' })
    .returning();
  device = sub!.id;
});

async function propertyWith(bookingMode: 'instant' | 'request') {
  const property = await createProperty(app.db, {
    agentId: agent.id,
    branchId,
    address: 'הרצל 12',
    city: 'חיפה',
  });
  const set = await call('PUT', `/property/${property.id}/viewing-settings`, agent, {
    bookingMode,
    capacity: 1,
    slotMinutes: 30,
  });
  expect(set.statusCode, set.body).toBe(200);
  return property.id;
}

type Slot = { start: string; end: string };
/** The property's free slots at least three hours away. */
async function laterSlots(propertyId: string): Promise<Slot[]> {
  const r = await call('GET', `/property/${propertyId}/viewing-slots`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.slots.filter((s: Slot) => new Date(s.start).getTime() > Date.now() + 3 * HOUR);
}

const book = (propertyId: string, slots: string[], email = 'visitor@example.com') =>
  call('POST', `/property/${propertyId}/viewings`, undefined, {
    name: 'יעל לוי',
    phone: nextPhone(),
    slots,
    ...(email ? { email } : {}),
  });

const mailsOf = (viewingId: string) =>
  app.db.select().from(mailOutbox).where(eq(mailOutbox.refId, viewingId)).orderBy(mailOutbox.createdAt);

const mailOfKind = async (viewingId: string, kind: string) => {
  const found = (await mailsOf(viewingId)).filter((m) => m.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0]!;
};

const remindersOf = async (viewingId: string) => ({
  mail: (await mailsOf(viewingId)).filter((m) => m.kind === 'viewing-reminder'),
  push: (await app.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, device))).filter((p) =>
    p.dedupeKey?.startsWith(`viewing-reminder:${viewingId}:`),
  ),
});

/** Parses an invitation with ical.js: the calendar's METHOD and its one event. */
function parseInvite(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const timezone = calendar.getFirstSubcomponent('vtimezone')!;
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  ICAL.TimezoneService.register(new ICAL.Timezone(timezone));
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method'),
    tzid: vevent.getFirstProperty('dtstart')!.getParameter('tzid'),
    event,
    sequence: event.sequence,
    start: event.startDate,
    location: event.location,
    description: event.description,
  };
}

/** The Israel wall-clock time of an instant, as 'YYYY-MM-DD HH:MM'. */
const israelClock = (at: Date) => {
  const m = israelMinuteOfDay(at);
  return `${israelDate(at)} ${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const icalClock = (t: ICAL.Time) =>
  `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')} ${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;

const tokenIn = (text: string) => /\/viewing\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

describe('the confirmation mail and its invitation', () => {
  it('an instant booking mails a valid .ics in Israel time with the address, the agent and the link', async () => {
    const propertyId = await propertyWith('instant');
    const [slot] = await laterSlots(propertyId);
    const r = await book(propertyId, [slot!.start]);
    expect(r.statusCode, r.body).toBe(201);
    const { viewing, cancelToken } = r.json().data;
    const mail = await mailOfKind(viewing._id, 'viewing-confirmed');
    expect(mail).toMatchObject({ to: 'visitor@example.com', status: 'pending' });
    expect(mail.subject).toMatch(/^הביקור בנכס נקבע – /);
    expect(mail.text).toContain('הסוכנת: דנה כהן, טלפון 050-777-1234');
    const link = `${app.env.APP_ORIGIN}/viewing/${cancelToken}`;
    expect(mail.text).toContain(link);
    const invite = parseInvite(mail.ics!);
    expect(invite).toMatchObject({
      method: 'REQUEST',
      tzid: 'Asia/Jerusalem',
      sequence: 0,
      location: 'הרצל 12, חיפה',
    });
    expect(icalClock(invite.start)).toBe(israelClock(new Date(slot!.start)));
    expect(invite.start.toJSDate().toISOString()).toBe(slot!.start);
    expect(invite.event.endDate.toJSDate().toISOString()).toBe(slot!.end);
    expect(invite.description).toContain('דנה כהן, טלפון 050-777-1234');
    expect(invite.description).toContain(link);
    expect(invite.event.uid).toBe(`viewing-${viewing._id}@${new URL(app.env.APP_ORIGIN).hostname}`);
    // The link in the mail opens the visitor's viewing.
    expect((await call('GET', `/viewings/link/${tokenIn(mail.text)}`)).json().data.viewing._id).toBe(
      viewing._id,
    );
  });

  it('a request is acknowledged without an invitation; the confirmation carries one and a fresh link', async () => {
    const propertyId = await propertyWith('request');
    const slots = await laterSlots(propertyId);
    const r = await book(propertyId, [slots[0]!.start, slots[1]!.start]);
    expect(r.statusCode, r.body).toBe(201);
    const { viewing, cancelToken } = r.json().data;
    const received = await mailOfKind(viewing._id, 'viewing-requested');
    expect(received.ics).toBeNull();
    expect(received.text).toContain('הבקשה ממתינה לאישור');
    expect(received.text).toContain(cancelToken);
    expect((await remindersOf(viewing._id)).mail).toEqual([]);
    const confirmed = await call('POST', `/viewings/${viewing._id}/confirm`, agent, {
      startsAt: slots[1]!.start,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const mail = await mailOfKind(viewing._id, 'viewing-confirmed');
    expect(icalClock(parseInvite(mail.ics!).start)).toBe(israelClock(new Date(slots[1]!.start)));
    const fresh = tokenIn(mail.text);
    expect(fresh).not.toBe(cancelToken);
    expect((await call('GET', `/viewings/link/${fresh}`)).statusCode).toBe(200);
    expect((await call('GET', `/viewings/link/${cancelToken}`)).statusCode).toBe(404);
  });

  it('a visitor without an e-mail gets no mail, and the agent still gets the reminder', async () => {
    const propertyId = await propertyWith('instant');
    const [slot] = await laterSlots(propertyId);
    const r = await book(propertyId, [slot!.start], '');
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().data.viewing._id;
    expect(await mailsOf(id)).toEqual([]);
    expect((await remindersOf(id)).push).toHaveLength(1);
  });
});

describe('reminders', () => {
  it('are queued two hours before for both sides, and a cancelled viewing sends none', async () => {
    const propertyId = await propertyWith('instant');
    const [slot] = await laterSlots(propertyId);
    const r = await book(propertyId, [slot!.start]);
    const id = r.json().data.viewing._id;
    const twoHoursBefore = new Date(new Date(slot!.start).getTime() - 2 * HOUR).getTime();
    const queued = await remindersOf(id);
    expect(queued.mail.map((m) => m.nextAttemptAt.getTime())).toEqual([twoHoursBefore]);
    expect(queued.mail[0]!.text).toContain('תזכורת');
    expect(queued.push.map((p) => p.nextAttemptAt.getTime())).toEqual([twoHoursBefore]);
    expect(queued.push[0]!.kind).toBe('nextTouchDue');
    const cancel = await call('POST', `/viewings/link/${r.json().data.cancelToken}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await remindersOf(id)).toEqual({ mail: [], push: [] });
    const cancelled = parseInvite((await mailOfKind(id, 'viewing-cancelled')).ics!);
    expect(cancelled).toMatchObject({ method: 'CANCEL', sequence: 1 });
    expect(cancelled.event.uid).toBe(`viewing-${id}@${new URL(app.env.APP_ORIGIN).hostname}`);
  });
});

describe('moving a viewing', () => {
  it('the visitor moves it by the link: same agent, the old slot free again, a new invitation and reminders', async () => {
    const propertyId = await propertyWith('instant');
    const [first, , third] = await laterSlots(propertyId);
    const r = await book(propertyId, [first!.start]);
    const { viewing, cancelToken } = r.json().data;
    const moved = await call('POST', `/viewings/link/${cancelToken}/move`, undefined, { slot: third!.start });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.viewing).toMatchObject({
      status: 'confirmed',
      startsAt: third!.start,
      endsAt: third!.end,
    });
    expect(JSON.stringify(moved.json())).not.toContain('יעל');
    const [row] = await app.db.select().from(viewings).where(eq(viewings.id, viewing._id));
    expect(row).toMatchObject({ agentId: agent.id, sequence: 1 });
    // The old slot is free again: another visitor books it.
    expect((await book(propertyId, [first!.start])).statusCode).toBe(201);
    const mail = await mailOfKind(viewing._id, 'viewing-moved');
    const invite = parseInvite(mail.ics!);
    expect(invite).toMatchObject({ method: 'REQUEST', sequence: 1 });
    expect(icalClock(invite.start)).toBe(israelClock(new Date(third!.start)));
    expect(tokenIn(mail.text)).toBe(cancelToken);
    const reminders = await remindersOf(viewing._id);
    expect(reminders.mail.map((m) => m.nextAttemptAt.getTime())).toEqual([
      new Date(third!.start).getTime() - 2 * HOUR,
    ]);
    expect(reminders.push.map((p) => p.dedupeKey)).toEqual([`viewing-reminder:${viewing._id}:1`]);
    const notes = await app.db
      .select({ note: leadActivities.note })
      .from(leadActivities)
      .where(and(eq(leadActivities.leadId, row!.leadId!), eq(leadActivities.kind, 'note')));
    expect(notes.map((n) => n.note)).toContainEqual(expect.stringMatching(/^מועד הביקור בנכס הועבר מ־/));
  });

  it('refuses a taken slot with the next free ones, the past, and a slot outside the hours', async () => {
    const propertyId = await propertyWith('instant');
    const [first] = await laterSlots(propertyId);
    const mine = await book(propertyId, [first!.start]);
    // Another visitor takes a slot that is free after this booking (its neighbours are the buffer).
    const [second] = await laterSlots(propertyId);
    expect((await book(propertyId, [second!.start])).statusCode).toBe(201);
    const url = `/viewings/link/${mine.json().data.cancelToken}/move`;
    const taken = await call('POST', url, undefined, { slot: second!.start });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(SLOT_REFUSAL_MESSAGES.taken);
    expect(taken.json().slots.length).toBeGreaterThan(0);
    const past = await call('POST', url, undefined, { slot: new Date(Date.now() - HOUR).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(SLOT_REFUSAL_MESSAGES.past);
    const late = new Date(first!.start);
    late.setUTCHours(late.getUTCHours() + 6);
    expect((await call('POST', url, undefined, { slot: late.toISOString() })).json().message).toBe(
      SLOT_REFUSAL_MESSAGES.outsideHours,
    );
    const bad = await call('POST', url, undefined, { slot: 'מחר' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.slot).toBe(VIEWING_MESSAGES.slotInvalid);
  });

  it('staff move it too; another agent may not', async () => {
    const propertyId = await propertyWith('instant');
    const [first, , , fourth] = await laterSlots(propertyId);
    const id = (await book(propertyId, [first!.start])).json().data.viewing._id;
    const move = (who: Person, slot: Slot) => call('POST', `/viewings/${id}/move`, who, { slot: slot.start });
    expect((await move(otherAgent, fourth!)).statusCode).toBe(403);
    expect((await move(managerB, fourth!)).statusCode).toBe(404);
    const moved = await move(agent, fourth!);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.viewing).toMatchObject({ startsAt: fourth!.start, agentId: agent.id });
    expect((await move(networkB, first!)).statusCode).toBe(200);
    const byManager = await move(managerA, fourth!);
    expect(byManager.json().data.viewing).toMatchObject({ startsAt: fourth!.start, agentId: agent.id });
    const sequences = (await mailsOf(id))
      .filter((m) => m.kind === 'viewing-moved')
      .map((m) => parseInvite(m.ics!).sequence);
    expect(sequences).toEqual([1, 2, 3]);
  });
});

describe("the visitor's page", () => {
  it('shows the viewing without other visitors, moves and cancels it with plain forms', async () => {
    const propertyId = await propertyWith('instant');
    const [first, second] = await laterSlots(propertyId);
    const token = (await book(propertyId, [first!.start])).json().data.cancelToken;
    const page = await app.inject({ method: 'GET', url: `/viewing/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('הרצל 12, חיפה');
    expect(page.body).not.toContain('יעל');
    expect(page.body).toContain(`value="${second!.start}"`);
    const form = (url: string, body: string) =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
    const moved = await form(`/viewing/${token}/move`, `slot=${encodeURIComponent(second!.start)}`);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.body).toContain('מועד הביקור שונה');
    const again = await form(`/viewing/${token}/move`, `slot=${encodeURIComponent(second!.start)}`);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('זה כבר מועד הביקור');
    const cancelled = await form(`/viewing/${token}/cancel`, '');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toContain('מצב: בוטל');
    expect(
      (await app.inject({ method: 'GET', url: '/viewing/unknown-token-aaaaaaaaaaaaaaaaaaaa' })).statusCode,
    ).toBe(404);
  });
});
