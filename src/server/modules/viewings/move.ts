import { israelInstant } from '@shared/domain/israel-calendar';
import { checkSlot, freeSlots, type SlotRules } from '@shared/domain/viewing-slots';
import { VIEWING_MOVE_MESSAGES } from '@shared/schemas/viewing-move';
import { VIEWING_MESSAGES } from '@shared/schemas/viewings';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { leadActivities, leads, viewings } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { announceMoved, type Outward } from './announce';
import { lockAgent, SlotRefused, viewingByToken } from './booking';
import {
  orderStatusOf,
  type PropertyRow,
  propertyRow,
  slotRulesOf,
  staffView,
  type ViewingRow,
  visitorPlaceOf,
  visitorView,
  whenText,
} from './rules';
import { managedViewing } from './staff';

/** The slot rule as it stands for this viewing's move: its own seat is not counted against it. */
async function rulesWithout(
  db: Parameters<typeof slotRulesOf>[0],
  property: PropertyRow,
  row: ViewingRow,
  agentId: string,
  now: Date,
): Promise<SlotRules> {
  const rules = await slotRulesOf(db, property, agentId, now);
  const own = rules.taken.findIndex(
    (t) =>
      t.propertyId === row.propertyId &&
      t.start.getTime() === row.startsAt.getTime() &&
      t.seats === row.seats,
  );
  return own < 0 ? rules : { ...rules, taken: rules.taken.filter((_, i) => i !== own) };
}

/** The free slots a confirmed viewing can move to (the visitor's page lists them). */
export async function moveOptions(db: Database, row: ViewingRow, now = new Date()) {
  if (row.status !== 'confirmed' || !row.agentId) return [];
  const property = await propertyRow(db, row.propertyId);
  const rules = await rulesWithout(db, property, row, row.agentId, now);
  return freeSlots(rules, 12).filter((s) => s.start.getTime() !== row.startsAt.getTime());
}

type MoveInput = {
  viewingId: string;
  slot: string;
  token: string | null;
  actorId: string | null;
  out: Outward;
};

/**
 * Moves a confirmed viewing to another free slot of the same property, with the same agent, checked under the
 * agent's lock like a booking; the old slot is free again, the lead's timeline and next touch follow it, and
 * the visitor gets the updated invitation.
 */
async function moveViewing(db: Database, input: MoveInput, now: Date) {
  const start = israelInstant(input.slot.trim())!;
  return db.transaction(async (tx) => {
    const [first] = await tx.select().from(viewings).where(eq(viewings.id, input.viewingId));
    const agentId = first!.agentId;
    if (first!.status !== 'confirmed') throw badRequest(VIEWING_MOVE_MESSAGES.notConfirmed);
    if (!agentId) throw badRequest(VIEWING_MESSAGES.noAgent);
    await lockAgent(tx, agentId);
    // Read again under the lock: a cancellation or another move may have come first.
    const [row] = await tx.select().from(viewings).where(eq(viewings.id, input.viewingId));
    if (row!.status !== 'confirmed') throw badRequest(VIEWING_MOVE_MESSAGES.notConfirmed);
    if (row!.startsAt.getTime() === start.getTime())
      throw badRequest(VIEWING_MOVE_MESSAGES.sameSlot, { slot: VIEWING_MOVE_MESSAGES.sameSlot });
    const property = await propertyRow(tx, row!.propertyId);
    const rules = await rulesWithout(tx, property, row!, agentId, now);
    const verdict = checkSlot(start, rules, row!.seats);
    if (verdict.refusal) throw new SlotRefused(verdict.refusal, freeSlots(rules, 6));
    const [moved] = await tx
      .update(viewings)
      .set({
        startsAt: start,
        endsAt: new Date(start.getTime() + rules.slotMinutes * 60_000),
        updatedAt: now,
      })
      .where(eq(viewings.id, row!.id))
      .returning();
    if (row!.leadId) {
      await tx.insert(leadActivities).values({
        leadId: row!.leadId,
        kind: 'note',
        agentId,
        occurredAt: now,
        note: `מועד הביקור בנכס הועבר מ־${whenText(row!.startsAt)} ל־${whenText(start)}${input.actorId ? '' : ' (על ידי המבקר)'}`,
        createdBy: input.actorId,
        createdAt: now,
      });
      await tx.update(leads).set({ nextTouchAt: start, updatedAt: now }).where(eq(leads.id, row!.leadId));
    }
    await announceMoved({ tx, property, ...input.out, now }, row!, moved!, input.token);
    return { moved: moved!, property };
  });
}

/** The visitor moves their viewing through the link. */
export async function moveByLink(db: Database, token: string, slot: string, out: Outward, now = new Date()) {
  const row = await viewingByToken(db, token);
  const { moved, property } = await moveViewing(
    db,
    { viewingId: row.id, slot, token, actorId: null, out },
    now,
  );
  return visitorView(moved, await visitorPlaceOf(db, moved.id, property));
}

/** The agent (or a manager of the property) moves a viewing. */
export async function moveByStaff(db: Database, actor: SessionUser, id: string, slot: string, out: Outward) {
  const { row } = await managedViewing(db, actor, id);
  const { moved, property } = await moveViewing(
    db,
    { viewingId: row.id, slot, token: null, actorId: actor.id, out },
    new Date(),
  );
  return staffView(moved, property, await orderStatusOf(db, moved));
}
