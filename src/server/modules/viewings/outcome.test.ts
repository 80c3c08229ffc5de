import { addDays } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import { OUTCOME_MESSAGES } from '@shared/schemas/viewing-outcome';
import { VIEWING_MESSAGES } from '@shared/schemas/viewings';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches, indicators, leadActivities, leads, viewings } from '../../db/schema';
import { createProperty, createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { followUpAt } from './outcome';

// After the viewing (docs/viewings.md), on both databases: the outcome logs exactly one tour through the
// pipeline's path (the agent's indicator for the day rises by 1), a no-show counts nowhere, the rule of who may
// record it, and the seller's report shows the feedback without the visitor's details.

let app: TestApp;
type Person = { id: string; cookie: string };
let branchA = '';
let agent: Person;
let otherAgent: Person;
let managerA: Person;
let managerB: Person;
let phoneCounter = 3_000_000;
let addressCounter = 1;

async function person(branchId: string, role: 'agent' | 'admin' = 'agent') {
  const user = await createUser(app.db, { branchId, role, networkAccess: false });
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.id) };
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Person, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });

const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, from: '00:00', to: '24:00' }));
const VISITOR = 'מבקרת סודית';

/** A confirmed viewing of the agent's property, booked through the API, then moved to `startMinutesAgo`. */
async function viewingAgo(startMinutesAgo: number) {
  const property = await createProperty(app.db, {
    agentId: agent.id,
    branchId: branchA,
    address: `הגפן ${addressCounter++}`,
  });
  const set = await call('PUT', `/property/${property.id}/viewing-settings`, agent, {
    bookingMode: 'instant',
    capacity: 1,
    slotMinutes: 30,
  });
  expect(set.statusCode, set.body).toBe(200);
  const slots = await call('GET', `/property/${property.id}/viewing-slots`);
  const slot = slots.json().data.slots[0];
  expect(slot, slots.body).toBeDefined();
  const phone = `054${phoneCounter++}`;
  const booked = await call('POST', `/property/${property.id}/viewings`, undefined, {
    name: VISITOR,
    phone,
    slots: [slot.start],
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const id: string = booked.json().data.viewing._id;
  const startsAt = new Date(Date.now() - startMinutesAgo * 60_000);
  const [row] = await app.db
    .update(viewings)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) })
    .where(eq(viewings.id, id))
    .returning();
  return { id, row: row!, property, phone };
}

/** The agent's buyer tours on an Israel date, as the daily indicators hold them. */
async function toursOn(agentId: string, date: string) {
  const rows = await app.db.select().from(indicators).where(eq(indicators.agentId, agentId));
  return rows.filter((r) => israelDate(r.createdAt) === date).reduce((sum, r) => sum + r.buyerTours, 0);
}

const weeklyTours = async (who: Person) => {
  const r = await call('POST', '/indicators/summary/weekly', who, { id: who.id });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.totalBuyerTours as number;
};

const outcome = (id: string, who: Person | undefined, body: object) =>
  call('POST', `/viewings/${id}/outcome`, who, body);

const toursOfLead = (leadId: string) =>
  app.db
    .select()
    .from(leadActivities)
    .where(and(eq(leadActivities.leadId, leadId), eq(leadActivities.kind, 'buyerTour')));

beforeAll(async () => {
  app = await createTestApp({ rateLimits: { formsPerIp: { max: 100_000, windowMs: 60_000 } } });
  await app.ready();
  const [a, b] = await app.db
    .insert(branches)
    .values([
      { name: 'סניף צפון', slug: 'north-outcome' },
      { name: 'סניף דרום', slug: 'south-outcome' },
    ])
    .returning();
  branchA = a!.id;
  agent = await person(branchA);
  otherAgent = await person(branchA);
  managerA = await person(branchA, 'admin');
  managerB = await person(b!.id, 'admin');
  const hours = await call('PUT', `/agents/${agent.id}/viewing-availability`, agent, { windows: everyDay });
  expect(hours.statusCode, hours.body).toBe(200);
});

describe('POST /viewings/:id/outcome', () => {
  it('took place: done with the interest, exactly one tour for the agent at the viewing, the next touch set', async () => {
    const { id, row } = await viewingAgo(120);
    const day = israelDate(row.startsAt);
    const before = await toursOn(agent.id, day);
    const weeklyBefore = await weeklyTours(agent);

    const r = await outcome(id, agent, { tookPlace: true, interest: 4, notes: 'אהבו את המרפסת' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.viewing).toMatchObject({
      status: 'done',
      outcome: { tookPlace: true, interest: 4, notes: 'אהבו את המרפסת' },
    });

    expect(await toursOn(agent.id, day)).toBe(before + 1);
    // The cached weekly figure moves at once, as with a typed tour.
    expect(await weeklyTours(agent)).toBe(weeklyBefore + 1);
    const tours = await toursOfLead(row.leadId!);
    expect(tours).toHaveLength(1);
    expect(tours[0]!.agentId).toBe(agent.id);
    expect(tours[0]!.occurredAt.toISOString()).toBe(row.startsAt.toISOString());
    const [stored] = await app.db.select().from(viewings).where(eq(viewings.id, id));
    expect(stored).toMatchObject({ status: 'done', interest: 4, tourActivityId: tours[0]!.id });
    const [lead] = await app.db.select().from(leads).where(eq(leads.id, row.leadId!));
    expect(lead!.nextTouchAt!.getTime()).toBeGreaterThan(Date.now());
    expect(israelDate(lead!.nextTouchAt!) > israelDate()).toBe(true);

    // A second call corrects the same record: the interest and notes change, still one tour, no new count.
    const again = await outcome(id, agent, { tookPlace: true, interest: 2 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.viewing.outcome).toMatchObject({ interest: 2, notes: '' });
    expect(await toursOfLead(row.leadId!)).toHaveLength(1);
    expect(await toursOn(agent.id, day)).toBe(before + 1);
    // Turning it into a no-show is refused.
    const flip = await outcome(id, agent, { tookPlace: false });
    expect(flip.statusCode).toBe(409);
    expect(flip.json().message).toBe(OUTCOME_MESSAGES.alreadyDone);
  });

  it('a no-show is recorded and counts nowhere: no activity, no indicator', async () => {
    const { id, row } = await viewingAgo(90);
    const day = israelDate(row.startsAt);
    const before = await toursOn(agent.id, day);
    const activitiesBefore = await app.db
      .select()
      .from(leadActivities)
      .where(eq(leadActivities.leadId, row.leadId!));
    const r = await outcome(id, agent, { tookPlace: false });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.viewing).toMatchObject({ status: 'no_show', outcome: { tookPlace: false } });
    expect(await toursOn(agent.id, day)).toBe(before);
    const activitiesAfter = await app.db
      .select()
      .from(leadActivities)
      .where(eq(leadActivities.leadId, row.leadId!));
    expect(activitiesAfter).toHaveLength(activitiesBefore.length);
    expect((await outcome(id, agent, { tookPlace: false })).statusCode).toBe(200);
    const flip = await outcome(id, agent, { tookPlace: true, interest: 3 });
    expect(flip.statusCode).toBe(409);
    expect(flip.json().message).toBe(OUTCOME_MESSAGES.alreadyRecorded);
    expect(await toursOn(agent.id, day)).toBe(before);
  });

  it('refuses before the slot starts, bad input, another agent (403) and another branch (404)', async () => {
    const { id, row } = await viewingAgo(-60);
    const early = await outcome(id, agent, { tookPlace: true, interest: 3 });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(OUTCOME_MESSAGES.notStarted);
    await app.db
      .update(viewings)
      .set({ startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() - 1_800_000) })
      .where(eq(viewings.id, id));
    for (const body of [{ tookPlace: true }, { tookPlace: true, interest: 6 }, {}, { tookPlace: 'yes' }]) {
      const bad = await outcome(id, agent, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().message).toMatch(/[א-ת]/);
    }
    const long = await outcome(id, agent, { tookPlace: true, interest: 3, notes: 'א'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.notes).toMatch(/[א-ת]/);
    const byOther = await outcome(id, otherAgent, { tookPlace: true, interest: 3 });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toBe(OUTCOME_MESSAGES.notYours);
    const byOtherBranch = await outcome(id, managerB, { tookPlace: true, interest: 3 });
    expect(byOtherBranch.statusCode).toBe(404);
    expect(byOtherBranch.json().message).toBe(VIEWING_MESSAGES.viewingNotFound);
    expect((await outcome(id, undefined, { tookPlace: false })).statusCode).toBe(401);
    expect(await toursOfLead(row.leadId!)).toHaveLength(0);
    // The branch manager records it, for the agent.
    const byManager = await outcome(id, managerA, { tookPlace: true, interest: 5 });
    expect(byManager.statusCode, byManager.body).toBe(200);
    const tours = await toursOfLead(row.leadId!);
    expect(tours.map((t) => t.agentId)).toEqual([agent.id]);
  });

  it('a cancelled viewing has no outcome', async () => {
    const { id } = await viewingAgo(60);
    await app.db.update(viewings).set({ status: 'cancelled' }).where(eq(viewings.id, id));
    const r = await outcome(id, agent, { tookPlace: true, interest: 3 });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(OUTCOME_MESSAGES.notConfirmed);
  });
});

describe("the seller's report", () => {
  it('shows the feedback of viewings that took place, never the visitor', async () => {
    const { id, property, phone, row } = await viewingAgo(60);
    const noShow = await viewingAgo(30);
    await app.db.update(viewings).set({ propertyId: property.id }).where(eq(viewings.id, noShow.id));
    expect(
      (await outcome(id, agent, { tookPlace: true, interest: 4, notes: 'שאלו על החניה' })).statusCode,
    ).toBe(200);
    expect((await outcome(noShow.id, agent, { tookPlace: false })).statusCode).toBe(200);
    const created = await call('POST', '/reportContact/shares', agent, {
      address: property.address,
      from: addDays(israelDate(), -7),
      to: israelDate(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const shared = await call('GET', `/reportContact/shared/${created.json().data.token}`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().data.report.viewings).toEqual([
      { at: row.startsAt.toISOString(), interest: 4, notes: 'שאלו על החניה' },
    ]);
    expect(shared.body).not.toContain(VISITOR);
    expect(shared.body).not.toContain(phone.slice(3));
    expect(shared.headers['cache-control']).toBe('no-store');
  });
});

describe('the follow-up after a viewing', () => {
  const hours = { opens: 9 * 60, closes: 16 * 60, excludeHolidays: true };
  it('is the next office day at 10:00: Thursday and Friday go to Sunday', () => {
    // 2026-12-03 is a Thursday; 10:00 in Israel is 08:00Z in December.
    expect(followUpAt(new Date('2026-12-03T13:00:00Z'), hours).toISOString()).toBe(
      '2026-12-06T08:00:00.000Z',
    );
    expect(followUpAt(new Date('2026-12-04T09:00:00Z'), hours).toISOString()).toBe(
      '2026-12-06T08:00:00.000Z',
    );
    expect(followUpAt(new Date('2026-12-06T15:00:00Z'), hours).toISOString()).toBe(
      '2026-12-07T08:00:00.000Z',
    );
  });
  it("takes the office's opening when it opens after 10:00", () => {
    const late = { ...hours, opens: 11 * 60 };
    expect(followUpAt(new Date('2026-12-06T15:00:00Z'), late).toISOString()).toBe('2026-12-07T09:00:00.000Z');
  });
});
