import { addDays } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import { RECORD_MESSAGES } from '@shared/schemas/viewing-record';
import { VIEWING_MESSAGES } from '@shared/schemas/viewings';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches, contacts, leadActivities, leads, mailOutbox, viewings } from '../../db/schema';
import { createProperty, createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { whenText } from './rules';

// A viewing the agent arranged by phone, recorded by staff (docs/viewings.md, "Recorded by staff"), on both
// databases: who may record one, the bounds (14 days back, 60 ahead), overlaps (two at once: exactly one wins),
// the mail only for a viewing ahead with an e-mail, and the whole chain of a past one: its outcome logs the
// agent's tour for that day and the seller's report shows the feedback.

let app: TestApp;
type Person = { id: string; cookie: string };
let branchA = '';
let branchB = '';
let agent: Person;
let otherAgent: Person;
let managerA: Person;
let managerB: Person;
let phoneCounter = 4_100_000;
let addressCounter = 1;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

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

const propertyOf = (agentId: string, branchId = branchA) =>
  createProperty(app.db, { agentId, branchId, address: `הרימון ${addressCounter++}` });

async function createLead(o: { ownerId?: string; branchId: string; phone: string }) {
  const [person] = await app.db.insert(contacts).values({ name: 'יעל כהן', phone: o.phone }).returning();
  const [lead] = await app.db
    .insert(leads)
    .values({
      contactId: person!.id,
      name: 'יעל כהן',
      phone: o.phone,
      category: 'קונה',
      ownerId: o.ownerId ?? null,
      branchId: o.branchId,
    })
    .returning();
  return lead!;
}

const nextPhone = () => `052${phoneCounter++}`;
/** A whole minute, so the stored times compare exactly. */
const at = (offsetMs: number) => new Date(Math.floor((Date.now() + offsetMs) / 60_000) * 60_000);

const record = (who: Person | undefined, body: Record<string, unknown>) =>
  call('POST', '/viewings', who, body);
const contact = (extra: object = {}) => ({ name: 'נועה לוי', mobile: nextPhone(), ...extra });

const viewingsOf = (propertyId: string) =>
  app.db.select().from(viewings).where(eq(viewings.propertyId, propertyId));
const mailsTo = (to: string) => app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

beforeAll(async () => {
  app = await createTestApp({ rateLimits: { formsPerIp: { max: 100_000, windowMs: 60_000 } } });
  await app.ready();
  const [a, b] = await app.db
    .insert(branches)
    .values([
      { name: 'סניף מרכז', slug: 'center-record' },
      { name: 'סניף ים', slug: 'sea-record' },
    ])
    .returning();
  branchA = a!.id;
  branchB = b!.id;
  agent = await person(branchA);
  otherAgent = await person(branchA);
  managerA = await person(branchA, 'admin');
  managerB = await person(branchB, 'admin');
});

describe('POST /viewings: who records a viewing', () => {
  it('the agent of the property: a confirmed viewing, a lead at the tour stage, the note on its timeline', async () => {
    const property = await propertyOf(agent.id);
    const startsAt = at(2 * DAY);
    const visitor = contact();
    const r = await record(agent, {
      propertyId: property.id,
      contact: visitor,
      startsAt: startsAt.toISOString(),
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().message).toBe(RECORD_MESSAGES.recorded);
    const [row] = await viewingsOf(property.id);
    expect(row).toMatchObject({ status: 'confirmed', agentId: agent.id, visitorName: 'נועה לוי' });
    expect(row!.startsAt.getTime()).toBe(startsAt.getTime());
    // The property's slot length by default (30 minutes).
    expect(row!.endsAt.getTime() - row!.startsAt.getTime()).toBe(30 * 60_000);
    const [lead] = await app.db.select().from(leads).where(eq(leads.id, row!.leadId!));
    expect(lead).toMatchObject({ status: 'tour', propertyId: property.id });
    expect(lead!.nextTouchAt?.getTime()).toBe(startsAt.getTime());
    const notes = await app.db.select().from(leadActivities).where(eq(leadActivities.leadId, lead!.id));
    expect(notes.map((n) => n.note)).toContain(RECORD_MESSAGES.noteAhead(whenText(startsAt)));
  });

  it('another agent of the branch 403, the branch manager records it for the property agent, another branch 404', async () => {
    const property = await propertyOf(agent.id);
    const body = (offset: number) => ({
      propertyId: property.id,
      contact: contact(),
      startsAt: at(3 * DAY + offset).toISOString(),
    });
    const other = await record(otherAgent, body(0));
    expect(other.statusCode, other.body).toBe(403);
    const far = await record(managerB, body(0));
    expect(far.statusCode, far.body).toBe(404);
    expect(far.json().message).toBe(VIEWING_MESSAGES.propertyNotFound);
    expect(await viewingsOf(property.id)).toHaveLength(0);
    const manager = await record(managerA, body(0));
    expect(manager.statusCode, manager.body).toBe(201);
    expect(manager.json().data.viewing.agentId).toBe(agent.id);
    const anonymous = await record(undefined, body(2 * HOUR));
    expect(anonymous.statusCode).toBe(401);
  });

  it("an existing lead: the agent's own is used; another agent's is 403, another branch's 404", async () => {
    const property = await propertyOf(agent.id);
    const own = await createLead({ ownerId: agent.id, branchId: branchA, phone: nextPhone() });
    const others = await createLead({ ownerId: otherAgent.id, branchId: branchA, phone: nextPhone() });
    const far = await createLead({ branchId: branchB, phone: nextPhone() });
    const startsAt = at(4 * DAY).toISOString();
    expect((await record(agent, { propertyId: property.id, leadId: others.id, startsAt })).statusCode).toBe(
      403,
    );
    expect((await record(managerA, { propertyId: property.id, leadId: far.id, startsAt })).statusCode).toBe(
      404,
    );
    const r = await record(agent, { propertyId: property.id, leadId: own.id, startsAt });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data.viewing.leadId).toBe(own.id);
    const [after] = await app.db.select().from(leads).where(eq(leads.id, own.id));
    expect(after!.status).toBe('tour');
  });
});

describe('POST /viewings: refusals, nothing stored', () => {
  it('beyond 14 days back or 60 days ahead, a mobile that is not one, neither lead nor visitor: 400 on the field', async () => {
    const property = await propertyOf(agent.id);
    const leadsBefore = (await app.db.select().from(leads)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ contact: contact(), startsAt: at(-15 * DAY).toISOString() }, 'startsAt', RECORD_MESSAGES.tooFarBack],
      [{ contact: contact(), startsAt: at(61 * DAY).toISOString() }, 'startsAt', RECORD_MESSAGES.tooFarAhead],
      [
        { contact: { name: 'דן', mobile: '03-5551234' }, startsAt: at(DAY).toISOString() },
        'contact.mobile',
        VIEWING_MESSAGES.mobile,
      ],
      [{ startsAt: at(DAY).toISOString() }, 'leadId', RECORD_MESSAGES.leadOrContact],
      [
        { contact: contact(), startsAt: at(DAY).toISOString(), minutes: 5 },
        'minutes',
        RECORD_MESSAGES.minutes,
      ],
    ];
    for (const [body, field, message] of cases) {
      const r = await record(agent, { propertyId: property.id, ...body });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().fieldErrors[field]).toBe(message);
    }
    expect(await viewingsOf(property.id)).toHaveLength(0);
    expect((await app.db.select().from(leads)).length).toBe(leadsBefore);
    // 13 days back is inside the bound.
    const ok = await record(agent, {
      propertyId: property.id,
      contact: contact(),
      startsAt: at(-13 * DAY).toISOString(),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    // The lead's page lists it (its range reaches back past the 14 days), waiting for its outcome.
    const leadId = ok.json().data.viewing.leadId;
    const listed = await call('GET', `/viewings?leadId=${leadId}`, agent);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.viewings).toEqual([
      expect.objectContaining({
        _id: ok.json().data.viewing._id,
        leadId,
        status: 'confirmed',
        outcome: null,
      }),
    ]);
  });

  it("overlapping the agent's confirmed viewing (another property) or the property's: 409, nothing stored", async () => {
    const first = await propertyOf(agent.id);
    const second = await propertyOf(agent.id);
    const startsAt = at(5 * DAY);
    expect(
      (await record(agent, { propertyId: first.id, contact: contact(), startsAt: startsAt.toISOString() }))
        .statusCode,
    ).toBe(201);
    const leadsBefore = (await app.db.select().from(leads)).length;
    const clash = await record(agent, {
      propertyId: second.id,
      contact: contact(),
      startsAt: new Date(startsAt.getTime() + 10 * 60_000).toISOString(),
    });
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json().fieldErrors.startsAt).toBe(RECORD_MESSAGES.overlap);
    // The branch manager records on the same property at the same time for its agent: the same clash.
    const same = await record(managerA, {
      propertyId: first.id,
      contact: contact(),
      startsAt: startsAt.toISOString(),
    });
    expect(same.statusCode).toBe(409);
    expect(await viewingsOf(second.id)).toHaveLength(0);
    expect((await app.db.select().from(leads)).length).toBe(leadsBefore);
    // Right after it ends is free.
    const after = await record(agent, {
      propertyId: second.id,
      contact: contact(),
      startsAt: new Date(startsAt.getTime() + 30 * 60_000).toISOString(),
    });
    expect(after.statusCode, after.body).toBe(201);
  });

  it('an open house takes more visitors in the very same slot, up to its capacity', async () => {
    const property = await propertyOf(agent.id);
    const set = await call('PUT', `/property/${property.id}/viewing-settings`, agent, {
      bookingMode: 'instant',
      capacity: 2,
      slotMinutes: 45,
    });
    expect(set.statusCode, set.body).toBe(200);
    const startsAt = at(6 * DAY).toISOString();
    const one = () => record(agent, { propertyId: property.id, contact: contact(), startsAt });
    expect((await one()).statusCode).toBe(201);
    expect((await one()).statusCode).toBe(201);
    expect((await one()).statusCode).toBe(409);
    const rows = await viewingsOf(property.id);
    expect(rows.map((r) => r.endsAt.getTime() - r.startsAt.getTime())).toEqual([45 * 60_000, 45 * 60_000]);
  });

  it('two overlapping recordings of one agent at once: exactly one wins', async () => {
    const first = await propertyOf(agent.id);
    const second = await propertyOf(agent.id);
    const startsAt = at(7 * DAY);
    const answers = await Promise.all([
      record(agent, { propertyId: first.id, contact: contact(), startsAt: startsAt.toISOString() }),
      record(agent, {
        propertyId: second.id,
        contact: contact(),
        startsAt: new Date(startsAt.getTime() + 15 * 60_000).toISOString(),
      }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const stored = [...(await viewingsOf(first.id)), ...(await viewingsOf(second.id))];
    expect(stored).toHaveLength(1);
  });
});

describe('POST /viewings: what is sent', () => {
  it('a viewing ahead with an e-mail gets the confirmation with the invitation; none without an e-mail', async () => {
    const property = await propertyOf(agent.id);
    const email = `phone-visitor-${phoneCounter}@example.com`;
    const withMail = await record(agent, {
      propertyId: property.id,
      contact: contact({ email }),
      startsAt: at(8 * DAY).toISOString(),
    });
    expect(withMail.statusCode, withMail.body).toBe(201);
    const mails = await mailsTo(email);
    const confirmation = mails.find((m) => m.subject.includes('הביקור בנכס נקבע'));
    expect(confirmation, JSON.stringify(mails.map((m) => m.subject))).toBeDefined();
    expect(confirmation!.ics).toContain('METHOD:REQUEST');
    const visitor = contact();
    const without = await record(agent, {
      propertyId: property.id,
      contact: visitor,
      startsAt: at(9 * DAY).toISOString(),
    });
    expect(without.statusCode).toBe(201);
    const row = (await viewingsOf(property.id)).find((v) => v.visitorPhone === visitor.mobile);
    expect(row!.visitorEmail).toBeNull();
  });

  it('a past viewing: confirmed and waiting for its outcome, no mail and no reminder', async () => {
    const property = await propertyOf(agent.id);
    const email = `past-visitor-${phoneCounter}@example.com`;
    const r = await record(agent, {
      propertyId: property.id,
      contact: contact({ email }),
      startsAt: at(-3 * HOUR).toISOString(),
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data.viewing).toMatchObject({ status: 'confirmed', outcome: null });
    expect(await mailsTo(email)).toEqual([]);
    const notes = await app.db
      .select()
      .from(leadActivities)
      .where(and(eq(leadActivities.leadId, r.json().data.viewing.leadId), eq(leadActivities.kind, 'note')));
    expect(notes.map((n) => n.note).join('\n')).toContain('נרשם ביקור בנכס שנקבע בטלפון');
  });
});

describe('a past viewing recorded by phone, to the seller report', () => {
  it("record -> outcome interest 4 -> the agent's tours that day +1 -> the seller report's feedback", async () => {
    const property = await propertyOf(agent.id);
    const startsAt = at(-2 * HOUR);
    const day = israelDate(startsAt);
    const [year, month] = day.split('-').map(Number);
    const toursThatDay = async () => {
      const r = await call(
        'GET',
        `/indicators/filterByDate?agent=${agent.id}&year=${year}&month=${month}&last7DaysOnly=false`,
        agent,
      );
      expect(r.statusCode, r.body).toBe(200);
      return (r.json().data.indicators as { createdAt: string; buyerTours: number }[])
        .filter((i) => israelDate(new Date(i.createdAt)) === day)
        .reduce((sum, i) => sum + i.buyerTours, 0);
    };
    const before = await toursThatDay();
    const r = await record(agent, {
      propertyId: property.id,
      contact: contact(),
      startsAt: startsAt.toISOString(),
    });
    expect(r.statusCode, r.body).toBe(201);
    const id: string = r.json().data.viewing._id;
    const done = await call('POST', `/viewings/${id}/outcome`, agent, {
      tookPlace: true,
      interest: 4,
      notes: 'אהבו את המרפסת',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await toursThatDay()).toBe(before + 1);
    const created = await call('POST', '/reportContact/shares', agent, {
      address: property.address,
      from: addDays(day, -1),
      to: israelDate(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const shared = await call('GET', `/reportContact/shared/${created.json().data.token}`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().data.report.viewings).toEqual([
      { at: startsAt.toISOString(), interest: 4, notes: 'אהבו את המרפסת' },
    ]);
  });
});
