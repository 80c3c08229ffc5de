import { israelInstant } from '@shared/domain/israel-calendar';
import { MAX_DAYS_AHEAD } from '@shared/domain/viewing-slots';
import { MAX_DAYS_BACK, RECORD_MESSAGES, type RecordViewingBody } from '@shared/schemas/viewing-record';
import { VIEWING_MESSAGES } from '@shared/schemas/viewings';
import { and, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contacts, leadActivities, type leads, properties, viewings } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { leadForViewer } from '../leads';
import type { Transaction } from '../mail';
import { assertManagesProperty } from './access';
import { announceBooking, type Outward } from './announce';
import { advanceToTour, leadForViewing, lockAgent, tellAgent, type ViewingOrigin } from './booking';
import { hashViewingToken, newViewingToken } from './link-token';
import {
  HOLDING,
  orderStatusOf,
  type PropertyRow,
  propertyRow,
  staffView,
  viewingSettingsOf,
  whenText,
} from './rules';

const DAY = 86_400_000;

/** Refuses a start outside the bounds: up to 14 days back (it took place), up to 60 days ahead. */
function assertWithinBounds(start: Date, now: Date) {
  if (start.getTime() < now.getTime() - MAX_DAYS_BACK * DAY)
    throw badRequest(RECORD_MESSAGES.tooFarBack, { startsAt: RECORD_MESSAGES.tooFarBack });
  if (start.getTime() > now.getTime() + MAX_DAYS_AHEAD * DAY)
    throw badRequest(RECORD_MESSAGES.tooFarAhead, { startsAt: RECORD_MESSAGES.tooFarAhead });
}

/**
 * Refuses a time that overlaps a confirmed (or done) viewing of the same agent or of the same property; the very
 * same slot of an open house takes visitors up to its capacity. Read under the agent's and the property's locks.
 */
async function assertFree(
  tx: Transaction,
  property: PropertyRow,
  agentId: string,
  span: { start: Date; end: Date },
  capacity: number,
) {
  const overlapping = await tx
    .select({
      propertyId: viewings.propertyId,
      start: viewings.startsAt,
      end: viewings.endsAt,
      seats: viewings.seats,
    })
    .from(viewings)
    .where(
      and(
        or(eq(viewings.agentId, agentId), eq(viewings.propertyId, property.id)),
        inArray(viewings.status, HOLDING),
        lt(viewings.startsAt, span.end),
        gt(viewings.endsAt, span.start),
      ),
    );
  let seats = 0;
  for (const v of overlapping) {
    const sameSlot =
      v.propertyId === property.id &&
      v.start.getTime() === span.start.getTime() &&
      v.end.getTime() === span.end.getTime();
    if (!sameSlot) throw conflict(RECORD_MESSAGES.overlap, { startsAt: RECORD_MESSAGES.overlap });
    seats += v.seats;
  }
  if (seats + 1 > capacity) throw conflict(RECORD_MESSAGES.overlap, { startsAt: RECORD_MESSAGES.overlap });
}

/** The visitor of an existing lead: its contact's name, mobile and e-mail. */
async function visitorOfLead(db: Database, lead: typeof leads.$inferSelect) {
  const [contact] = await db.select().from(contacts).where(eq(contacts.id, lead.contactId));
  return {
    name: contact?.name || lead.name,
    phone: contact?.phone || lead.phone,
    email: contact?.email || null,
  };
}

/**
 * POST /viewings (docs/viewings.md, "Recorded by staff"): a viewing the agent arranged by phone. The property's
 * agent or second agent (she becomes the viewing's agent), an admin of its branch or a network admin (the
 * property's agent). Ahead: confirmed, with the confirmation mail, invitation, order and reminders of a booking.
 * Past (up to 14 days): confirmed and waiting for its outcome, nothing sent. Stored whole or not at all.
 */
export async function recordViewing(
  db: Database,
  actor: SessionUser,
  body: RecordViewingBody,
  out: Outward,
  now = new Date(),
) {
  const property = await propertyRow(db, body.propertyId);
  assertManagesProperty(actor, property, VIEWING_MESSAGES.propertyNotFound);
  if (property.sold) throw notFound(VIEWING_MESSAGES.propertyNotFound);
  const agentId = actor.role === 'admin' ? property.agentId : actor.id;
  if (!agentId) throw badRequest(RECORD_MESSAGES.noAgent, { propertyId: RECORD_MESSAGES.noAgent });
  const givenLead = body.leadId ? await leadForViewer(db, actor, body.leadId) : null;
  const visitor = givenLead
    ? await visitorOfLead(db, givenLead)
    : { name: body.contact!.name, phone: body.contact!.mobile, email: body.contact!.email || null };
  const start = israelInstant(body.startsAt.trim())!;
  assertWithinBounds(start, now);
  const settings = await viewingSettingsOf(db, property.id);
  const end = new Date(start.getTime() + (body.minutes ?? settings.slotMinutes) * 60_000);
  const ahead = start.getTime() > now.getTime();
  const origin: ViewingOrigin = {
    stageNote: RECORD_MESSAGES.stageNote,
    pushTitle: RECORD_MESSAGES.stageNote,
    nextTouchAt: ahead ? start : null,
  };
  const token = newViewingToken();
  return db.transaction(async (tx) => {
    // The agent's lock serializes with bookings; the property's with a recording by another agent of it.
    await lockAgent(tx, agentId);
    await tx
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.id, property.id))
      .for('update');
    await assertFree(tx, property, agentId, { start, end }, settings.capacity);
    const lead = givenLead
      ? await advanceToTour(tx, givenLead, now, origin)
      : await leadForViewing(tx, property, visitor, now, origin);
    const [viewing] = await tx
      .insert(viewings)
      .values({
        propertyId: property.id,
        agentId,
        branchId: property.branchId,
        startsAt: start,
        endsAt: end,
        proposals: [start.toISOString()],
        visitorName: visitor.name,
        visitorPhone: visitor.phone,
        visitorEmail: visitor.email,
        contactId: lead.contactId,
        leadId: lead.id,
        status: 'confirmed',
        tokenHash: hashViewingToken(token),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(leadActivities).values({
      leadId: lead.id,
      kind: 'note',
      agentId,
      occurredAt: now,
      note: (ahead ? RECORD_MESSAGES.noteAhead : RECORD_MESSAGES.notePast)(whenText(start)),
      createdBy: actor.id,
      createdAt: now,
    });
    if (ahead) {
      // Someone else recorded it for the agent: she hears of it as of a booking.
      if (actor.id !== agentId) await tellAgent(tx, agentId, viewing!, property, lead, now);
      await announceBooking({ tx, property, ...out, now }, viewing!, token);
    }
    const [stored] = await tx.select().from(viewings).where(eq(viewings.id, viewing!.id));
    return staffView(stored!, property, await orderStatusOf(tx, stored!));
  });
}
