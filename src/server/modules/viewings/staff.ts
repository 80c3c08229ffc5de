import { israelInstant } from '@shared/domain/israel-calendar';
import { minutesOfClock } from '@shared/domain/office-clock';
import { checkSlot, freeSlots } from '@shared/domain/viewing-slots';
import { MAX_DAYS_BACK } from '@shared/schemas/viewing-record';
import {
  type AvailabilityBody,
  type BlockBody,
  VIEWING_MESSAGES,
  type viewingSettingsBodySchema,
} from '@shared/schemas/viewings';
import { and, asc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import {
  agentAvailability,
  brokerageOrders,
  leadActivities,
  properties,
  propertyViewingSettings,
  viewingBlocks,
  viewings,
} from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { inBranchScope } from '../branches';
import { assertManagesAgent, assertManagesProperty } from './access';
import { announceConfirmed, type Outward } from './announce';
import { cancelViewingRow, lockAgent, SlotRefused } from './booking';
import {
  blockView,
  orderStatusOf,
  propertyRow,
  slotRulesOf,
  staffView,
  viewingSettingsOf,
  whenText,
  windowView,
} from './rules';

const futureBlocks = (where: SQL) => and(where, gte(viewingBlocks.endsAt, new Date()));

export async function agentAvailabilityOf(db: Database, actor: SessionUser, agentId: string) {
  await assertManagesAgent(db, actor, agentId);
  const windows = await db
    .select()
    .from(agentAvailability)
    .where(eq(agentAvailability.agentId, agentId))
    .orderBy(asc(agentAvailability.weekday), asc(agentAvailability.fromMinute));
  const blocks = await db
    .select()
    .from(viewingBlocks)
    .where(futureBlocks(eq(viewingBlocks.agentId, agentId)))
    .orderBy(asc(viewingBlocks.startsAt));
  return { windows: windows.map(windowView), blocks: blocks.map(blockView) };
}

/** Replaces the agent's weekly hours with the given windows. */
export async function setAgentAvailability(
  db: Database,
  actor: SessionUser,
  agentId: string,
  body: AvailabilityBody,
) {
  await assertManagesAgent(db, actor, agentId);
  await db.transaction(async (tx) => {
    await tx.delete(agentAvailability).where(eq(agentAvailability.agentId, agentId));
    if (body.windows.length > 0)
      await tx.insert(agentAvailability).values(
        body.windows.map((w) => ({
          agentId,
          weekday: w.weekday,
          fromMinute: minutesOfClock(w.from),
          toMinute: minutesOfClock(w.to),
        })),
      );
  });
  return agentAvailabilityOf(db, actor, agentId);
}

const blockValues = (body: BlockBody, actor: SessionUser) => ({
  startsAt: israelInstant(body.startsAt)!,
  endsAt: israelInstant(body.endsAt)!,
  note: body.note ?? '',
  createdBy: actor.id,
});

export async function addAgentBlock(db: Database, actor: SessionUser, agentId: string, body: BlockBody) {
  await assertManagesAgent(db, actor, agentId);
  const [row] = await db
    .insert(viewingBlocks)
    .values({ agentId, ...blockValues(body, actor) })
    .returning();
  return blockView(row!);
}

export async function addPropertyBlock(
  db: Database,
  actor: SessionUser,
  propertyId: string,
  body: BlockBody,
) {
  assertManagesProperty(actor, await propertyRow(db, propertyId), VIEWING_MESSAGES.propertyNotFound);
  const [row] = await db
    .insert(viewingBlocks)
    .values({ propertyId, ...blockValues(body, actor) })
    .returning();
  return blockView(row!);
}

export async function deleteBlock(db: Database, actor: SessionUser, id: string) {
  const [row] = await db.select().from(viewingBlocks).where(eq(viewingBlocks.id, id));
  if (!row) throw notFound(VIEWING_MESSAGES.blockNotFound);
  if (row.propertyId)
    assertManagesProperty(actor, await propertyRow(db, row.propertyId), VIEWING_MESSAGES.blockNotFound);
  else
    await assertManagesAgent(db, actor, row.agentId!).catch(() => {
      throw notFound(VIEWING_MESSAGES.blockNotFound);
    });
  await db.delete(viewingBlocks).where(eq(viewingBlocks.id, id));
}

export async function propertyViewingSettingsOf(db: Database, actor: SessionUser, propertyId: string) {
  assertManagesProperty(actor, await propertyRow(db, propertyId), VIEWING_MESSAGES.propertyNotFound);
  const blocks = await db
    .select()
    .from(viewingBlocks)
    .where(futureBlocks(eq(viewingBlocks.propertyId, propertyId)))
    .orderBy(asc(viewingBlocks.startsAt));
  return { ...(await viewingSettingsOf(db, propertyId)), blocks: blocks.map(blockView) };
}

export async function setPropertyViewingSettings(
  db: Database,
  actor: SessionUser,
  propertyId: string,
  body: z.output<typeof viewingSettingsBodySchema>,
) {
  assertManagesProperty(actor, await propertyRow(db, propertyId), VIEWING_MESSAGES.propertyNotFound);
  const values = { ...body, updatedAt: new Date() };
  await db
    .insert(propertyViewingSettings)
    .values({ propertyId, ...values })
    .onConflictDoUpdate({ target: propertyViewingSettings.propertyId, set: values });
  return propertyViewingSettingsOf(db, actor, propertyId);
}

/** Viewings the actor works: an agent's own, an admin's branch (all for the network), in a time range. */
export async function listViewings(
  db: Database,
  actor: SessionUser,
  range: { from?: string; to?: string; leadId?: string },
) {
  const back = range.leadId ? (MAX_DAYS_BACK + 1) * 86_400_000 : 86_400_000;
  const from = range.from ? israelInstant(range.from)! : new Date(Date.now() - back);
  const to = range.to ? israelInstant(range.to)! : new Date(from.getTime() + 61 * 86_400_000);
  const rows = await db
    .select({
      viewing: viewings,
      address: properties.address,
      city: properties.city,
      orderStatus: brokerageOrders.status,
    })
    .from(viewings)
    .innerJoin(properties, eq(properties.id, viewings.propertyId))
    .leftJoin(brokerageOrders, eq(brokerageOrders.id, viewings.orderId))
    .where(
      and(
        inBranchScope(actor.branchScope, viewings.branchId),
        actor.role === 'admin' ? undefined : eq(viewings.agentId, actor.id),
        range.leadId ? eq(viewings.leadId, range.leadId) : undefined,
        gte(viewings.endsAt, from),
        lt(viewings.startsAt, to),
        inArray(viewings.status, ['requested', 'confirmed', 'done', 'no_show']),
      ),
    )
    .orderBy(asc(viewings.startsAt))
    .limit(500);
  return rows.map((r) => staffView(r.viewing, r, r.orderStatus));
}

export async function managedViewing(db: Database, actor: SessionUser, id: string) {
  const [row] = await db.select().from(viewings).where(eq(viewings.id, id));
  if (!row) throw notFound(VIEWING_MESSAGES.viewingNotFound);
  const property = await propertyRow(db, row.propertyId);
  assertManagesProperty(actor, property, VIEWING_MESSAGES.viewingNotFound);
  return { row, property };
}

/** Confirms a request at one of its proposed slots (the first when none is named), checked under the lock. */
export async function confirmViewing(
  db: Database,
  actor: SessionUser,
  id: string,
  startsAt: string | undefined,
  out: Outward,
) {
  const { row, property } = await managedViewing(db, actor, id);
  if (row.status !== 'requested') throw badRequest(VIEWING_MESSAGES.notRequested);
  const start = startsAt ? israelInstant(startsAt)! : new Date(row.proposals[0] ?? row.startsAt);
  if (!row.proposals.some((p) => new Date(p).getTime() === start.getTime()))
    throw badRequest(VIEWING_MESSAGES.notProposed, { startsAt: VIEWING_MESSAGES.notProposed });
  const agentId = row.agentId ?? property.agentId;
  if (!agentId) throw badRequest(VIEWING_MESSAGES.noAgent);
  const now = new Date();
  const after = await db.transaction(async (tx) => {
    await lockAgent(tx, agentId);
    const rules = await slotRulesOf(tx, property, agentId, now);
    const verdict = checkSlot(start, rules, row.seats);
    if (verdict.refusal) throw new SlotRefused(verdict.refusal, freeSlots(rules, 6));
    const [updated] = await tx
      .update(viewings)
      .set({
        status: 'confirmed',
        agentId,
        startsAt: start,
        endsAt: new Date(start.getTime() + rules.slotMinutes * 60_000),
        updatedAt: now,
      })
      .where(and(eq(viewings.id, id), eq(viewings.status, 'requested')))
      .returning();
    if (!updated) throw badRequest(VIEWING_MESSAGES.notRequested);
    if (row.leadId)
      await tx.insert(leadActivities).values({
        leadId: row.leadId,
        kind: 'note',
        agentId,
        occurredAt: now,
        note: `הביקור בנכס אושר ל־${whenText(start)}`,
        createdBy: actor.id,
        createdAt: now,
      });
    await announceConfirmed({ tx, property, ...out, now }, updated);
    // The confirmation set the viewing's order (announce.ts): the card reads it as stored.
    const [withOrder] = await tx.select().from(viewings).where(eq(viewings.id, id));
    return withOrder!;
  });
  return staffView(after, property, await orderStatusOf(db, after));
}

export async function cancelViewing(db: Database, actor: SessionUser, id: string, appOrigin: string) {
  const { row, property } = await managedViewing(db, actor, id);
  const after = await db.transaction((tx) => cancelViewingRow(tx, row, appOrigin, new Date()));
  return staffView(after, property, await orderStatusOf(db, after));
}
