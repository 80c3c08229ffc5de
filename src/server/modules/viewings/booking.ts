import { israelInstant } from '@shared/domain/israel-calendar';
import { formatDate, formatTime } from '@shared/domain/israel-time';
import { LEAD_CATEGORIES } from '@shared/domain/lead-categories';
import { normalizeIsraeliMobile } from '@shared/domain/phone';
import { CLOSED_STATUSES, LEAD_STATUSES } from '@shared/domain/pipeline';
import { TRANSACTION_TYPES } from '@shared/domain/property-options';
import { checkSlot, type FreeSlot, freeSlots, type SlotRefusal } from '@shared/domain/viewing-slots';
import { paths } from '@shared/paths';
import { type BookViewingBody, SLOT_REFUSAL_MESSAGES, VIEWING_MESSAGES } from '@shared/schemas/viewings';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contacts, leadActivities, leads, users, viewings } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { addLead } from '../leads';
import type { Transaction } from '../mail';
import { enqueuePush } from '../push';
import { announceBooking, announceCancelled, type Outward } from './announce';
import { hashViewingToken, newViewingToken } from './link-token';
import {
  type PropertyRow,
  propertyRow,
  slotRulesOf,
  viewingSettingsOf,
  visitorView,
  whenText,
} from './rules';

/** A slot refused: 409 with the next free slots when it was just taken, else 400; both in Hebrew. */
export class SlotRefused extends AppError {
  constructor(
    readonly refusal: SlotRefusal,
    readonly slots: FreeSlot[],
  ) {
    super(
      refusal === 'taken' ? 409 : 400,
      refusal === 'taken' ? 'CONFLICT' : 'VALIDATION',
      SLOT_REFUSAL_MESSAGES[refusal],
      {
        slots: SLOT_REFUSAL_MESSAGES[refusal],
      },
    );
  }
}

export const slotView = (s: FreeSlot) => ({
  start: s.start.toISOString(),
  end: s.end.toISOString(),
  seatsLeft: s.seatsLeft,
});

/** A property a visitor may book: it exists, is not sold and has an agent. */
async function bookableProperty(db: Database | Transaction, id: string) {
  const property = await propertyRow(db, id);
  if (property.sold) throw notFound(VIEWING_MESSAGES.propertyNotFound);
  return property;
}

/** The next free slots of a property (none when it has no agent). */
export async function viewingSlots(db: Database, propertyId: string, now = new Date(), limit = 12) {
  const property = await bookableProperty(db, propertyId);
  const settings = await viewingSettingsOf(db, propertyId);
  const slots = property.agentId
    ? freeSlots(await slotRulesOf(db, property, property.agentId, now), limit)
    : [];
  return { ...settings, slots: slots.map(slotView) };
}

/**
 * Serializes every booking with one agent: the agent's row is locked (FOR NO KEY UPDATE, which leaves the
 * foreign-key checks of other writers alone) until the transaction ends, so the second of two visitors reads
 * the first one's viewing before it checks the slot (docs/decisions/0050-viewing-booking.md).
 */
export async function lockAgent(tx: Transaction, agentId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, agentId)).for('no key update');
}

/** How a viewing came: the visitor's booking on the site, or staff recording one arranged by phone. */
export type ViewingOrigin = { stageNote: string; pushTitle: string; nextTouchAt: Date | null };
const BOOKED_ON_SITE = { stageNote: 'ביקור בנכס נקבע באתר', pushTitle: 'הזמנת ביקור חדשה' };

/**
 * The open lead of this contact on this property, else a new one routed by the rules; either at 'tour', with
 * its next touch at the viewing (left alone when `nextTouchAt` is null).
 */
export async function leadForViewing(
  tx: Transaction,
  property: PropertyRow,
  body: Pick<BookViewingBody, 'name' | 'phone'>,
  now: Date,
  origin: ViewingOrigin,
) {
  const [existing] = await tx
    .select({ lead: leads })
    .from(leads)
    .innerJoin(contacts, eq(contacts.id, leads.contactId))
    .where(
      and(
        eq(leads.propertyId, property.id),
        eq(contacts.phoneKey, normalizeIsraeliMobile(body.phone) ?? ''),
        notInArray(leads.status, CLOSED_STATUSES as string[] as never[]),
      ),
    )
    .orderBy(desc(leads.createdAt))
    .limit(1);
  const lead = existing
    ? existing.lead
    : (
        await addLead(tx, {
          name: body.name,
          phone: body.phone,
          category:
            property.typeTransaction === TRANSACTION_TYPES.rent
              ? LEAD_CATEGORIES.rental
              : LEAD_CATEGORIES.buyer,
          source: 'viewing',
          message: `ביקור בנכס: ${property.address}, ${property.city}`,
          propertyId: property.id,
          hints: { propertyAgentId: property.agentId, secondAgentId: property.agentSecendId },
          push: { title: origin.pushTitle, body: `${body.name}, ${body.phone}: ${property.address}` },
          now,
        })
      ).lead;
  await advanceToTour(tx, lead, now, origin);
  return lead;
}

/** The lead moves to the tour stage (never back) with its next touch at the viewing, on its timeline. */
export async function advanceToTour(
  tx: Transaction,
  lead: typeof leads.$inferSelect,
  now: Date,
  origin: ViewingOrigin,
) {
  // The lead moves forward to the tour stage, never back (a lead already at an offer stays there).
  const forward = LEAD_STATUSES.indexOf(lead.status) < LEAD_STATUSES.indexOf('tour');
  if (forward) {
    await tx.insert(leadActivities).values({
      leadId: lead.id,
      kind: 'status',
      agentId: lead.ownerId,
      occurredAt: now,
      fromStatus: lead.status,
      toStatus: 'tour',
      note: origin.stageNote,
      createdAt: now,
    });
  }
  await tx
    .update(leads)
    .set({
      ...(forward ? { status: 'tour' as const } : {}),
      ...(origin.nextTouchAt ? { nextTouchAt: origin.nextTouchAt } : {}),
      updatedAt: now,
    })
    .where(eq(leads.id, lead.id));
  return lead;
}

/**
 * A visitor's booking (instant: one slot, confirmed at once) or request (up to three proposed slots, waiting
 * for the agent). Each slot is checked under the agent's lock; the contact and the lead are made or reused.
 */
export async function bookViewing(
  db: Database,
  propertyId: string,
  body: BookViewingBody,
  out: Outward,
  now = new Date(),
) {
  const property = await bookableProperty(db, propertyId);
  const agentId = property.agentId;
  if (!agentId) throw badRequest(VIEWING_MESSAGES.noAgent);
  const settings = await viewingSettingsOf(db, propertyId);
  if (settings.bookingMode === 'instant' && body.slots.length > 1)
    throw badRequest(VIEWING_MESSAGES.oneSlot, { slots: VIEWING_MESSAGES.oneSlot });
  const starts = body.slots.map((s) => israelInstant(s.trim())!);
  if (new Set(starts.map((s) => s.getTime())).size < starts.length)
    throw badRequest(VIEWING_MESSAGES.sameSlotTwice, { slots: VIEWING_MESSAGES.sameSlotTwice });
  const token = newViewingToken();
  return db.transaction(async (tx) => {
    await lockAgent(tx, agentId);
    const rules = await slotRulesOf(tx, property, agentId, now);
    for (const start of starts) {
      const verdict = checkSlot(start, rules);
      if (verdict.refusal) throw new SlotRefused(verdict.refusal, freeSlots(rules, 6));
    }
    const start = starts[0]!;
    const end = new Date(start.getTime() + rules.slotMinutes * 60_000);
    const lead = await leadForViewing(tx, property, body, now, { ...BOOKED_ON_SITE, nextTouchAt: start });
    const [viewing] = await tx
      .insert(viewings)
      .values({
        propertyId,
        agentId,
        branchId: property.branchId,
        startsAt: start,
        endsAt: end,
        proposals: starts.map((s) => s.toISOString()),
        visitorName: body.name,
        visitorPhone: body.phone,
        visitorEmail: body.email || null,
        contactId: lead.contactId,
        leadId: lead.id,
        status: settings.bookingMode === 'instant' ? 'confirmed' : 'requested',
        tokenHash: hashViewingToken(token),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tellAgent(tx, agentId, viewing!, property, lead, now);
    await announceBooking({ tx, property, ...out, now }, viewing!, token);
    return { viewing: visitorView(viewing!, property), cancelToken: token };
  });
}

/**
 * The property's agent hears of the booking on the phone (through the push outbox: held in quiet hours, Shabbat
 * and holidays, once per viewing); a brand-new lead routed to the same agent already said so.
 */
export async function tellAgent(
  tx: Transaction,
  agentId: string,
  viewing: typeof viewings.$inferSelect,
  property: { address: string },
  lead: { id: string; ownerId: string | null; createdAt: Date },
  now: Date,
) {
  if (lead.ownerId === agentId && lead.createdAt.getTime() === now.getTime()) return;
  const when = `${formatDate(viewing.startsAt)} ${formatTime(viewing.startsAt)}`;
  await enqueuePush(
    tx,
    agentId,
    'leadAssigned',
    {
      title:
        viewing.status === 'confirmed'
          ? `ביקור נקבע: ${property.address}`
          : `בקשה לביקור: ${property.address}`,
      body: `${viewing.visitorName}, ${viewing.visitorPhone}: ${when}`,
      url: paths.myDay(),
    },
    { dedupeKey: `viewing:${viewing.id}`, now },
  );
}

export async function viewingByToken(db: Database | Transaction, token: string) {
  const [row] = await db
    .select()
    .from(viewings)
    .where(eq(viewings.tokenHash, hashViewingToken(token)));
  if (!row) throw notFound(VIEWING_MESSAGES.linkNotFound);
  return row;
}

/** The visitor's own viewing, by the link's token. */
export async function viewingOfLink(db: Database, token: string) {
  const row = await viewingByToken(db, token);
  return visitorView(row, await propertyRow(db, row.propertyId));
}

/**
 * Cancels a viewing (its slot is free again); a viewing that took place or was missed is refused. Its reminders
 * are taken back and the visitor gets the calendar's cancellation.
 */
export async function cancelViewingRow(
  tx: Transaction,
  row: typeof viewings.$inferSelect,
  appOrigin: string,
  now: Date,
) {
  if (row.status === 'cancelled') throw badRequest(VIEWING_MESSAGES.alreadyCancelled);
  if (row.status === 'done' || row.status === 'no_show') throw badRequest(VIEWING_MESSAGES.cannotCancel);
  const [after] = await tx
    .update(viewings)
    .set({ status: 'cancelled', updatedAt: now })
    .where(eq(viewings.id, row.id))
    .returning();
  if (row.leadId)
    await tx.insert(leadActivities).values({
      leadId: row.leadId,
      kind: 'note',
      agentId: row.agentId,
      occurredAt: now,
      note: `הביקור בנכס ב־${whenText(row.startsAt)} בוטל`,
      createdAt: now,
    });
  await announceCancelled({ tx, property: await propertyRow(tx, row.propertyId), appOrigin, now }, row);
  return after!;
}

/** The visitor cancels through the link. */
export async function cancelByLink(db: Database, token: string, appOrigin: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const row = await viewingByToken(tx, token);
    const after = await cancelViewingRow(tx, row, appOrigin, now);
    return visitorView(after, await propertyRow(tx, row.propertyId));
  });
}
