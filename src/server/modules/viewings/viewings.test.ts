import { israelWallTime } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import { SLOT_REFUSAL_MESSAGES, VIEWING_MESSAGES } from '@shared/schemas/viewings';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches, contacts, leads, pushOutbox, pushSubscriptions, viewings } from '../../db/schema';
import { createProperty, createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

// Viewings booked from the property page (docs/viewings.md), on both databases: staff set hours, modes and
// blocked times within their branch; visitors book or ask, get refused in Hebrew, and race for one slot.

let app: TestApp;
type Person = { id: string; cookie: string };
let branchA = '';
let agent: Person;
let otherAgent: Person;
let managerA: Person;
let managerB: Person;
let network: Person;
let phoneCounter = 2_000_000;
const nextPhone = () => `052${phoneCounter++}`;
const plenty = { max: 100_000, windowMs: 60_000 };

async function person(branchId: string, role: 'agent' | 'admin' = 'agent', networkAccess = false) {
  const user = await createUser(app.db, { branchId, role, networkAccess });
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Person, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });

const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, from: '08:00', to: '20:00' }));

/** A property of the agent with the given mode and capacity, and the agent's hours every day. */
async function propertyWith(bookingMode: 'instant' | 'request', capacity = 1) {
  const property = await createProperty(app.db, { agentId: agent.id, branchId: branchA });
  const set = await call('PUT', `/property/${property.id}/viewing-settings`, agent, {
    bookingMode,
    capacity,
    slotMinutes: 30,
  });
  expect(set.statusCode, set.body).toBe(200);
  return property.id;
}

type Slot = { start: string; end: string; seatsLeft: number };
async function slotsOf(propertyId: string): Promise<Slot[]> {
  const r = await call('GET', `/property/${propertyId}/viewing-slots`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.slots;
}

const book = (propertyId: string, slots: string[], phone = nextPhone(), extra: object = {}) =>
  call('POST', `/property/${propertyId}/viewings`, undefined, { name: 'מבקרת', phone, slots, ...extra });

beforeAll(async () => {
  app = await createTestApp({ rateLimits: { formsPerIp: plenty } });
  await app.ready();
  const [a, b] = await app.db
    .insert(branches)
    .values([
      { name: 'סניף צפון', slug: 'north-viewings' },
      { name: 'סניף דרום', slug: 'south-viewings' },
    ])
    .returning();
  branchA = a!.id;
  agent = await person(branchA);
  otherAgent = await person(branchA);
  managerA = await person(branchA, 'admin');
  managerB = await person(b!.id, 'admin');
  network = await person(b!.id, 'admin', true);
  const hours = await call('PUT', `/agents/${agent.id}/viewing-availability`, agent, { windows: everyDay });
  expect(hours.statusCode, hours.body).toBe(200);
});

describe('staff settings', () => {
  it('the agent, the branch manager and the network set hours; another agent and another branch do not', async () => {
    const body = { windows: [{ weekday: 1, from: '09:00', to: '12:00' }] };
    expect(
      (await call('PUT', `/agents/${otherAgent.id}/viewing-availability`, otherAgent, body)).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/agents/${otherAgent.id}/viewing-availability`, managerA, body)).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/agents/${otherAgent.id}/viewing-availability`, network, body)).statusCode,
    ).toBe(200);
    const byAgent = await call('PUT', `/agents/${otherAgent.id}/viewing-availability`, agent, body);
    expect(byAgent.statusCode).toBe(403);
    expect(byAgent.json().message).toBe(VIEWING_MESSAGES.notYourHours);
    expect(
      (await call('PUT', `/agents/${otherAgent.id}/viewing-availability`, managerB, body)).statusCode,
    ).toBe(404);
    const read = await call('GET', `/agents/${otherAgent.id}/viewing-availability`, otherAgent);
    expect(read.json().data.windows).toEqual([{ weekday: 1, from: '09:00', to: '12:00' }]);
    const bad = await call('PUT', `/agents/${otherAgent.id}/viewing-availability`, otherAgent, {
      windows: [{ weekday: 1, from: '12:00', to: '09:00' }],
    });
    expect(bad.statusCode).toBe(400);
  });

  it("only the property's agent, its branch manager and the network set its booking mode", async () => {
    const property = await createProperty(app.db, { agentId: agent.id, branchId: branchA });
    const url = `/property/${property.id}/viewing-settings`;
    const body = { bookingMode: 'instant', capacity: 4, slotMinutes: 45 };
    expect((await call('GET', url, agent)).json().data).toMatchObject({
      bookingMode: 'request',
      capacity: 1,
    });
    expect((await call('PUT', url, otherAgent, body)).statusCode).toBe(403);
    expect((await call('PUT', url, managerB, body)).statusCode).toBe(404);
    expect((await call('PUT', url, managerA, body)).statusCode).toBe(200);
    expect((await call('PUT', url, network, { bookingMode: 'request' })).statusCode).toBe(200);
    const r = await call('PUT', url, agent, body);
    expect(r.json().data).toMatchObject(body);
  });
});

describe('booking', () => {
  it('an instant booking is confirmed, makes the contact and a lead at the tour stage, and takes the slot', async () => {
    const propertyId = await propertyWith('instant');
    const [slot] = await slotsOf(propertyId);
    const phone = nextPhone();
    const r = await book(propertyId, [slot!.start], phone, { email: 'Visitor@Example.com' });
    expect(r.statusCode, r.body).toBe(201);
    const { viewing, cancelToken } = r.json().data;
    expect(r.json().message).toBe(VIEWING_MESSAGES.booked);
    expect(viewing).toMatchObject({ status: 'confirmed', startsAt: slot!.start, endsAt: slot!.end });
    expect(cancelToken.length).toBeGreaterThan(30);
    const [row] = await app.db.select().from(viewings).where(eq(viewings.id, viewing._id));
    expect(row).toMatchObject({ agentId: agent.id, branchId: branchA, visitorEmail: 'visitor@example.com' });
    const [lead] = await app.db.select().from(leads).where(eq(leads.id, row!.leadId!));
    expect(lead).toMatchObject({ status: 'tour', source: 'viewing', propertyId, ownerId: agent.id });
    expect(lead!.nextTouchAt!.toISOString()).toBe(slot!.start);
    expect(row!.contactId).toBe(lead!.contactId);
    expect((await slotsOf(propertyId)).map((s) => s.start)).not.toContain(slot!.start);
    // A second booking of the same visitor on the property reuses the contact and the lead, and never moves
    // the lead back from a later stage.
    await app.db.update(leads).set({ status: 'offer' }).where(eq(leads.id, lead!.id));
    const later = (await slotsOf(propertyId))[3]!;
    const again = await book(propertyId, [later.start], phone);
    expect(again.statusCode, again.body).toBe(201);
    const [second] = await app.db
      .select()
      .from(viewings)
      .where(eq(viewings.id, again.json().data.viewing._id));
    expect(second!.leadId).toBe(row!.leadId);
    const [after] = await app.db.select().from(leads).where(eq(leads.id, lead!.id));
    expect(after!.status).toBe('offer');
    expect(after!.nextTouchAt!.toISOString()).toBe(later.start);
    const ofContact = await app.db.select().from(contacts).where(eq(contacts.id, lead!.contactId));
    expect(ofContact).toHaveLength(1);
  });

  it('the agent hears of each booking on the phone, once', async () => {
    const [device] = await app.db
      .insert(pushSubscriptions)
      .values({
        userId: agent.id,
        endpoint: `https://push.example/viewings-${nextPhone()}`,
        p256dh: 'k',
        auth: 'a',
      })
      .returning();
    const pushes = async () =>
      (await app.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, device!.id))).map((p) => ({
        key: p.dedupeKey,
        title: (p.payload as { title: string }).title,
      }));
    const propertyId = await propertyWith('request');
    const slots = await slotsOf(propertyId);
    const phone = nextPhone();
    const first = await book(propertyId, [slots[0]!.start], phone);
    expect(first.statusCode, first.body).toBe(201);
    const [row] = await app.db.select().from(viewings).where(eq(viewings.id, first.json().data.viewing._id));
    // A new lead routed to the property's agent: the lead's own push says it, and no second one follows.
    expect(await pushes()).toEqual([{ key: `lead-assigned:${row!.leadId}`, title: 'הזמנת ביקור חדשה' }]);
    const second = await book(propertyId, [slots[2]!.start], phone);
    expect(second.statusCode, second.body).toBe(201);
    const id = second.json().data.viewing._id;
    expect(await pushes()).toContainEqual({
      key: `viewing:${id}`,
      title: expect.stringMatching(/^בקשה לביקור: /),
    });
    expect(await pushes()).toHaveLength(2);
  });

  it('two visitors firing at once for one slot: exactly one wins, the other is told and offered the next slots', async () => {
    const propertyId = await propertyWith('instant');
    const [slot] = await slotsOf(propertyId);
    const answers = await Promise.all([book(propertyId, [slot!.start]), book(propertyId, [slot!.start])]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!.json();
    expect(loser.message).toBe(SLOT_REFUSAL_MESSAGES.taken);
    expect(loser.slots.length).toBeGreaterThan(0);
    expect(loser.slots.map((s: Slot) => s.start)).not.toContain(slot!.start);
    const stored = await app.db
      .select()
      .from(viewings)
      .where(and(eq(viewings.propertyId, propertyId), eq(viewings.status, 'confirmed')));
    expect(stored).toHaveLength(1);
  });

  it('an open house takes visitors up to its capacity', async () => {
    const propertyId = await propertyWith('instant', 2);
    const [slot] = await slotsOf(propertyId);
    expect(slot!.seatsLeft).toBe(2);
    expect((await book(propertyId, [slot!.start])).statusCode).toBe(201);
    expect((await slotsOf(propertyId))[0]).toMatchObject({ start: slot!.start, seatsLeft: 1 });
    expect((await book(propertyId, [slot!.start])).statusCode).toBe(201);
    expect((await book(propertyId, [slot!.start])).statusCode).toBe(409);
  });

  it('refuses in Hebrew: the past, beyond 60 days, a blocked time, a phone that is not a mobile, outside hours', async () => {
    const propertyId = await propertyWith('instant');
    const past = await book(propertyId, [new Date(Date.now() - 3_600_000).toISOString()]);
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(SLOT_REFUSAL_MESSAGES.past);
    const far = israelWallTime(israelDate(new Date(Date.now() + 70 * 86_400_000)), 10 * 60);
    const tooFar = await book(propertyId, [far.toISOString()]);
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().message).toBe(SLOT_REFUSAL_MESSAGES.tooFar);
    const [slot] = await slotsOf(propertyId);
    const block = await call('POST', `/property/${propertyId}/viewing-blocks`, agent, {
      startsAt: slot!.start,
      endsAt: slot!.end,
      note: 'המוכרים בבית',
    });
    expect(block.statusCode, block.body).toBe(201);
    const blocked = await book(propertyId, [slot!.start]);
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().message).toBe(SLOT_REFUSAL_MESSAGES.blocked);
    expect((await slotsOf(propertyId)).map((s) => s.start)).not.toContain(slot!.start);
    const landline = await book(propertyId, [(await slotsOf(propertyId))[0]!.start], '03-6123456');
    expect(landline.statusCode).toBe(400);
    expect(landline.json().fieldErrors.phone).toBe(VIEWING_MESSAGES.mobile);
    const night = israelWallTime(israelDate(new Date(Date.now() + 3 * 86_400_000)), 23 * 60);
    expect((await book(propertyId, [night.toISOString()])).statusCode).toBe(400);
    // The block removed, the slot is free again.
    const removed = await call('DELETE', `/viewing-blocks/${block.json().data.block._id}`, managerA);
    expect(removed.statusCode).toBe(200);
    expect((await slotsOf(propertyId)).map((s) => s.start)).toContain(slot!.start);
    expect(await app.db.select().from(viewings).where(eq(viewings.propertyId, propertyId))).toHaveLength(0);
  });

  it("an agent's blocked time removes the slots of every property of the agent", async () => {
    const propertyId = await propertyWith('instant');
    const [slot] = await slotsOf(propertyId);
    const byOther = await call('POST', `/agents/${agent.id}/viewing-blocks`, otherAgent, {
      startsAt: slot!.start,
      endsAt: slot!.end,
    });
    expect(byOther.statusCode).toBe(403);
    const block = await call('POST', `/agents/${agent.id}/viewing-blocks`, agent, {
      startsAt: slot!.start,
      endsAt: slot!.end,
    });
    expect(block.statusCode).toBe(201);
    expect((await slotsOf(propertyId)).map((s) => s.start)).not.toContain(slot!.start);
    await call('DELETE', `/viewing-blocks/${block.json().data.block._id}`, agent);
  });

  it('a request proposes up to three slots; the agent confirms one in a call and may cancel it', async () => {
    const propertyId = await propertyWith('request');
    const slots = (await slotsOf(propertyId)).slice(0, 4).map((s) => s.start);
    const four = await book(propertyId, slots);
    expect(four.statusCode).toBe(400);
    expect(four.json().fieldErrors.slots).toBe(VIEWING_MESSAGES.threeSlots);
    const r = await book(propertyId, slots.slice(0, 3));
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().message).toBe(VIEWING_MESSAGES.requested);
    const id = r.json().data.viewing._id;
    expect(r.json().data.viewing).toMatchObject({ status: 'requested', proposals: slots.slice(0, 3) });
    // A request holds no slot until it is confirmed.
    expect((await slotsOf(propertyId)).map((s) => s.start)).toContain(slots[1]);
    expect(
      (await call('POST', `/viewings/${id}/confirm`, otherAgent, { startsAt: slots[1] })).statusCode,
    ).toBe(403);
    expect((await call('POST', `/viewings/${id}/confirm`, managerB, { startsAt: slots[1] })).statusCode).toBe(
      404,
    );
    const wrong = await call('POST', `/viewings/${id}/confirm`, agent, { startsAt: slots[3] });
    expect(wrong.json().message).toBe(VIEWING_MESSAGES.notProposed);
    const confirmed = await call('POST', `/viewings/${id}/confirm`, agent, { startsAt: slots[1] });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.viewing).toMatchObject({ status: 'confirmed', startsAt: slots[1] });
    expect((await slotsOf(propertyId)).map((s) => s.start)).not.toContain(slots[1]);
    const mine = await call('GET', '/viewings', agent);
    expect(mine.json().data.viewings.map((v: { _id: string }) => v._id)).toContain(id);
    expect(
      (await call('GET', '/viewings', managerB)).json().data.viewings.map((v: { _id: string }) => v._id),
    ).not.toContain(id);
    const cancelled = await call('POST', `/viewings/${id}/cancel`, managerA);
    expect(cancelled.json().data.viewing.status).toBe('cancelled');
    expect((await slotsOf(propertyId)).map((s) => s.start)).toContain(slots[1]);
  });

  it("the visitor's link shows only their own viewing and cancels it", async () => {
    const propertyId = await propertyWith('instant');
    const slots = await slotsOf(propertyId);
    const [first, second] = [slots[0], slots[5]];
    const other = await book(propertyId, [second!.start], nextPhone(), { name: 'שכנה אחרת' });
    expect(other.statusCode).toBe(201);
    const r = await book(propertyId, [first!.start]);
    const token = r.json().data.cancelToken;
    const link = await call('GET', `/viewings/link/${token}`);
    expect(link.statusCode).toBe(200);
    expect(link.json().data.viewing).toMatchObject({ status: 'confirmed', startsAt: first!.start });
    expect(link.body).not.toContain('שכנה אחרת');
    expect(link.body).not.toContain('מבקרת');
    expect(link.headers['cache-control']).toBe('no-store');
    const cancel = await call('POST', `/viewings/link/${token}/cancel`);
    expect(cancel.json().data.viewing.status).toBe('cancelled');
    expect((await call('POST', `/viewings/link/${token}/cancel`)).json().message).toBe(
      VIEWING_MESSAGES.alreadyCancelled,
    );
    expect((await call('GET', `/viewings/link/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await slotsOf(propertyId)).map((s) => s.start)).toContain(first!.start);
  });
});

describe('the public booking is rate-limited like the other public forms', () => {
  it('counts per address, malformed posts included, and answers 429 past the limit', async () => {
    const limited = await createTestApp({ rateLimits: { formsPerIp: { max: 2, windowMs: 60_000 } } });
    try {
      const property = await createProperty(limited.db);
      const send = () =>
        limited.inject({
          method: 'POST',
          url: `/api/v1/property/${property.id}/viewings`,
          payload: { name: '', phone: 'x', slots: [] },
          remoteAddress: '10.8.0.1',
        });
      expect((await send()).statusCode).toBe(400);
      expect((await send()).statusCode).toBe(400);
      const third = await send();
      expect(third.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
