import { type ActivityKind, indicatorOfActivity, isContactActivity } from '@shared/domain/activities';
import { SIDE_LABELS } from '@shared/domain/brokerage-order';
import { israelDate } from '@shared/domain/israel-time';
import type { LeadStatus } from '@shared/domain/pipeline';
import { ROUTING_REASONS } from '@shared/domain/routing';
import {
  amountRule,
  type CreateActivityBody,
  commissionOfSides,
  type UpdateActivityBody,
} from '@shared/schemas/activities';
import { DEAL_MESSAGES } from '@shared/schemas/deals';
import type { CreateLeadBody, UpdateLeadBody } from '@shared/schemas/pipeline';
import { PIPELINE_MESSAGES } from '@shared/schemas/pipeline-fields';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { dealRecords, indicators, leadActivities, leads, properties, users } from '../../../db/schema';
import { recordAudit } from '../../../lib/audit';
import { AppError, badRequest, forbidden, notFound } from '../../../lib/errors';
import type { SessionUser } from '../../../plugins/session';
import { assertInScope, inBranchScope, inScopeOrShared } from '../../branches';
import type { Transaction } from '../../mail';
import { dealOrderSides, sidesWithoutOrder } from '../../money';
import { enqueuePush } from '../../push';
import { addLead, leadUrl } from '../intake/intake';
import { refuseDealOnOtherBranchProperty } from './deal-property-branch';
import { activitiesWhere, type LeadRow } from './reads';
import { assertReadable, mayReadLead } from './visibility';

const isAdmin = (user: SessionUser) => user.role === 'admin';

/** An active user a lead or an activity may be given to; else 400 on the field. */
/** An active user of the actor's branch scope (an owner from another branch is unknown here). */
async function activeUser(tx: Transaction | Database, actor: SessionUser, id: string, field: string) {
  const [user] = await tx
    .select({ id: users.id, name: users.name, branchId: users.branchId })
    .from(users)
    .where(and(eq(users.id, id), eq(users.active, true), inBranchScope(actor.branchScope, users.branchId)))
    .limit(1);
  if (!user) throw badRequest(PIPELINE_MESSAGES.ownerNotAgent, { [field]: PIPELINE_MESSAGES.ownerNotAgent });
  return user;
}

/** The lead, locked for this transaction, if the actor may work on it. */
async function lockLead(tx: Transaction, actor: SessionUser, id: string): Promise<LeadRow> {
  const [lead] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
  if (lead) assertInScope(actor.branchScope, lead.branchId, PIPELINE_MESSAGES.leadNotFound);
  return assertReadable(actor, lead);
}

/** POST /pipeline/leads: a walk-in or a phone call, added by an agent (its own) or an admin. */
export async function createManualLead(db: Database, actor: SessionUser, body: CreateLeadBody) {
  if (!isAdmin(actor) && body.ownerId && body.ownerId !== actor.id)
    throw forbidden(PIPELINE_MESSAGES.ownerForAgentsOnly);
  return db.transaction(async (tx) => {
    // A listing of the actor's branch scope, or another branch's shared one (decision 0052).
    let property: { agentId: string | null; agentSecendId: string | null; branchId: string } | undefined;
    if (body.propertyId) {
      [property] = await tx
        .select({
          agentId: properties.agentId,
          agentSecendId: properties.agentSecendId,
          branchId: properties.branchId,
        })
        .from(properties)
        .where(
          and(
            eq(properties.id, body.propertyId),
            inScopeOrShared(actor.branchScope, properties.branchId, properties.sharedWithNetwork),
          ),
        );
      if (!property)
        throw badRequest(PIPELINE_MESSAGES.propertyNotFound, {
          propertyId: PIPELINE_MESSAGES.propertyNotFound,
        });
    }
    const ownerId = isAdmin(actor) ? body.ownerId : actor.id;
    const owner = ownerId ? await activeUser(tx, actor, ownerId, 'ownerId') : null;
    // The lead is the asking branch's (decision 0052): a branch's staff file it under their branch, a network
    // admin under the owner's she chose, else under the property's. A deal on another branch's listing then
    // goes by the referral rules (decision 0044).
    const branchId = actor.branchScope.all ? owner?.branchId : actor.branchId;
    // The property's agents are routing hints only inside the property's own branch.
    const hintsFromProperty = property && (!branchId || branchId === property.branchId);
    const { lead } = await addLead(tx, {
      name: body.name,
      phone: body.phone,
      category: body.category,
      source: 'manual',
      message: body.message,
      propertyId: body.propertyId ?? null,
      nextTouchAt: body.nextTouchAt ?? null,
      owner: owner ? { id: owner.id, reason: ROUTING_REASONS.manual } : null,
      branchId,
      hints: hintsFromProperty
        ? { propertyAgentId: property!.agentId, secondAgentId: property!.agentSecendId }
        : {},
      createdBy: actor.id,
    });
    return lead.id;
  });
}

/** The timeline entry of a status move. */
async function recordStatus(
  tx: Transaction,
  lead: LeadRow,
  to: LeadStatus,
  agentId: string | null,
  actorId: string,
  at: Date,
) {
  await tx.insert(leadActivities).values({
    leadId: lead.id,
    kind: 'status',
    agentId,
    occurredAt: at,
    fromStatus: lead.status,
    toStatus: to,
    createdBy: actorId,
    createdAt: at,
  });
}

/** PATCH /pipeline/leads/{id}: a move on the board, a next touch, a correction of the name or category. */
export async function updateLead(db: Database, actor: SessionUser, id: string, body: UpdateLeadBody) {
  const now = new Date();
  await db.transaction(async (tx) => {
    const lead = await lockLead(tx, actor, id);
    const status = body.status ?? lead.status;
    const lost = status === 'lost';
    const lossReason = lost ? (body.lossReason ?? lead.lossReason) : null;
    const lossText = lost ? (body.lossText ?? (body.lossReason ? null : lead.lossText)) : null;
    if (lost && !lossReason)
      throw badRequest(PIPELINE_MESSAGES.lossReasonRequired, {
        lossReason: PIPELINE_MESSAGES.lossReasonRequired,
      });
    if (lost && lossReason === 'other' && !lossText)
      throw badRequest(PIPELINE_MESSAGES.lossTextRequired, { lossText: PIPELINE_MESSAGES.lossTextRequired });
    const moved = status !== lead.status;
    const changes: Partial<typeof leads.$inferInsert> = {
      status,
      lossReason,
      lossText: lossText || null,
      updatedAt: now,
    };
    if (body.nextTouchAt !== undefined) changes.nextTouchAt = body.nextTouchAt;
    if (body.name !== undefined) changes.name = body.name;
    if (body.category !== undefined) changes.category = body.category;
    if (moved) {
      // A status change is a contact: it stops the response clock.
      if (!lead.firstContactAt) changes.firstContactAt = now;
      await recordStatus(tx, lead, status, lead.ownerId ?? actor.id, actor.id, now);
    }
    await tx.update(leads).set(changes).where(eq(leads.id, id));
  });
  return id;
}

/** POST /pipeline/leads/{id}/reassign (admin): a new owner, its reason, the timeline and the audit log. */
export async function reassignLead(
  db: Database,
  actor: SessionUser,
  id: string,
  body: { ownerId: string; note: string },
) {
  const now = new Date();
  await db.transaction(async (tx) => {
    const lead = await lockLead(tx, actor, id);
    const owner = await activeUser(tx, actor, body.ownerId, 'ownerId');
    // A lead stays in its branch: another branch's agent is not an owner here (referrals are their own step).
    if (owner.branchId !== lead.branchId)
      throw badRequest(PIPELINE_MESSAGES.ownerNotAgent, { ownerId: PIPELINE_MESSAGES.ownerNotAgent });
    const reason = ROUTING_REASONS.reassigned(actor.name);
    // The timeline names both agents: whom the lead left, whom it went to (the entry's agent).
    const [before] = lead.ownerId
      ? await tx.select({ name: users.name }).from(users).where(eq(users.id, lead.ownerId))
      : [];
    const moved = before ? `${reason} (מ${before.name})` : reason;
    await tx
      .update(leads)
      .set({ ownerId: owner.id, routingReason: reason, updatedAt: now })
      .where(eq(leads.id, id));
    const [entry] = await tx
      .insert(leadActivities)
      .values({
        leadId: id,
        kind: 'assignment',
        agentId: owner.id,
        occurredAt: now,
        note: body.note ? `${moved}: ${body.note}` : moved,
        createdBy: actor.id,
        createdAt: now,
      })
      .returning({ id: leadActivities.id });
    await recordAudit(tx as Database, actor, {
      entity: 'lead',
      entityId: id,
      action: 'update',
      before: { ownerId: lead.ownerId, routingReason: lead.routingReason },
      after: { ownerId: owner.id, routingReason: reason },
    });
    if (owner.id !== actor.id) {
      await enqueuePush(
        tx,
        owner.id,
        'leadAssigned',
        { title: 'ליד הועבר אליך', body: `${lead.name}, ${lead.phone}`, url: leadUrl(id) },
        { dedupeKey: `lead-assigned:${id}:${entry!.id}`, now },
      );
    }
  });
  return id;
}

/** Checks amounts against a kind with the shared rule: 400 with the Hebrew messages on their fields. */
function checkAmounts(value: Parameters<typeof amountRule>[0]) {
  const result = z
    .custom<typeof value>()
    .superRefine((v, ctx) => amountRule(v, ctx))
    .safeParse(value);
  if (result.success) return;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) fieldErrors[String(issue.path[0] ?? 'kind')] ??= issue.message;
  throw badRequest(Object.values(fieldErrors)[0]!, fieldErrors);
}

/** The second agent of a deal: an active user other than its agent. */
async function checkSecondAgent(
  tx: Transaction,
  actor: SessionUser,
  agentId: string,
  secondAgentId: string | null | undefined,
) {
  if (!secondAgentId) return;
  if (secondAgentId === agentId)
    throw badRequest(PIPELINE_MESSAGES.secondAgentSame, { secondAgentId: PIPELINE_MESSAGES.secondAgentSame });
  await activeUser(tx, actor, secondAgentId, 'secondAgentId');
}

/** Writes or moves the indicator row an activity counts in (one 1 in its metric, at its time). */
async function writeIndicator(
  tx: Transaction,
  activityId: string,
  kind: ActivityKind,
  agentId: string,
  at: Date,
) {
  const row = indicatorOfActivity(kind);
  if (!row) return;
  await tx.insert(indicators).values({ agentId, ...row, createdAt: at, activityId });
}

/** POST /pipeline/leads/{id}/activities: logs what was done; counts it in the daily indicators if it is work. */
export async function createActivity(
  db: Database,
  actor: SessionUser,
  leadId: string,
  body: CreateActivityBody,
) {
  const id = await db.transaction((tx) => insertActivity(tx, actor, leadId, body));
  return activityById(db, id);
}

/**
 * Logs an activity inside the caller's transaction and returns its id (the route runs it under an
 * Idempotency-Key, whose row commits with the activity).
 */
export async function insertActivity(
  tx: Transaction,
  actor: SessionUser,
  leadId: string,
  body: CreateActivityBody,
) {
  const now = new Date();
  if (!isAdmin(actor) && body.agentId && body.agentId !== actor.id)
    throw forbidden(PIPELINE_MESSAGES.notYourActivity);
  const lead = await lockLead(tx, actor, leadId);
  const agentId = isAdmin(actor) ? (body.agentId ?? lead.ownerId ?? actor.id) : actor.id;
  await activeUser(tx, actor, agentId, 'agentId');
  await checkSecondAgent(tx, actor, agentId, body.secondAgentId);
  const occurredAt = body.occurredAt ?? now;
  let noOrderReason: string | null = null;
  if (body.kind === 'deal') {
    checkDealDate(lead, occurredAt);
    await refuseDealOnOtherBranchProperty(tx, lead);
    if (!body.confirmSecondDeal) await refuseSecondDeal(tx, leadId);
    noOrderReason = await reasonWithoutOrder(tx, leadId, body.noOrderReason);
  }
  const [activity] = await tx
    .insert(leadActivities)
    .values({
      leadId,
      kind: body.kind,
      agentId,
      occurredAt,
      note: body.note,
      amount: body.amount ?? null,
      price: body.price ?? null,
      commission: commissionOfSides(body) ?? null,
      buyerSideFee: body.buyerSideFee ?? null,
      buyerSideFeeIncludesVat: body.buyerSideFee != null && (body.buyerSideFeeIncludesVat ?? false),
      sellerSideFee: body.sellerSideFee ?? null,
      sellerSideFeeIncludesVat: body.sellerSideFee != null && (body.sellerSideFeeIncludesVat ?? false),
      secondAgentId: body.secondAgentId ?? null,
      secondAgentCommission: body.secondAgentId ? (body.secondAgentCommission ?? 0) : null,
      createdBy: actor.id,
      createdAt: now,
    })
    .returning();
  await writeIndicator(tx, activity!.id, body.kind, agentId, occurredAt);
  // A deal's record (status and payments, docs/money.md) is made with it.
  if (body.kind === 'deal') await tx.insert(dealRecords).values({ activityId: activity!.id, noOrderReason });
  const changes: Partial<typeof leads.$inferInsert> = { updatedAt: now };
  if (isContactActivity(body.kind) && !lead.firstContactAt)
    changes.firstContactAt = new Date(Math.max(occurredAt.getTime(), lead.createdAt.getTime()));
  const to: LeadStatus | null =
    body.kind === 'deal' && lead.status !== 'deal'
      ? 'deal'
      : lead.status === 'new' && isContactActivity(body.kind)
        ? 'contacted'
        : null;
  if (to) {
    changes.status = to;
    changes.lossReason = null;
    changes.lossText = null;
    await recordStatus(tx, lead, to, agentId, actor.id, now);
  }
  await tx.update(leads).set(changes).where(eq(leads.id, leadId));
  return activity!.id;
}

export async function activityById(db: Database, id: string) {
  const [activity] = await activitiesWhere(db, eq(leadActivities.id, id));
  if (!activity) throw notFound(PIPELINE_MESSAGES.activityNotFound);
  return activity;
}

/** A deal closes its lead: it is never dated before the (Israel) day the lead arrived. */
function checkDealDate(lead: Pick<LeadRow, 'createdAt'>, occurredAt: Date) {
  if (israelDate(occurredAt) < israelDate(lead.createdAt))
    throw badRequest(PIPELINE_MESSAGES.dealBeforeLead, { occurredAt: PIPELINE_MESSAGES.dealBeforeLead });
}

/**
 * A deal whose side has no signed brokerage order asks why (decision 0055): the reason, stored with the deal's
 * record, or 400 on `noOrderReason` naming the sides. Null when every side has its order.
 */
async function reasonWithoutOrder(tx: Transaction, leadId: string, reason: string | undefined) {
  const sides = await dealOrderSides(tx as unknown as Database, [leadId]);
  const missing = sidesWithoutOrder(sides.get(leadId));
  if (missing.length === 0) return null;
  if (reason) return reason;
  const message = DEAL_MESSAGES.noOrderReason(missing.map((side) => `ה${SIDE_LABELS[side]}`).join(' ושל '));
  throw badRequest(message, { noOrderReason: message });
}

/** Each deal adds to the deals count: a second one on the same lead is logged only when the caller confirms. */
async function refuseSecondDeal(tx: Transaction, leadId: string) {
  const [earlier] = await tx
    .select({ id: leadActivities.id })
    .from(leadActivities)
    .where(and(eq(leadActivities.leadId, leadId), eq(leadActivities.kind, 'deal')))
    .limit(1);
  if (earlier)
    throw new AppError(409, 'CONFLICT', PIPELINE_MESSAGES.secondDeal, {
      confirmSecondDeal: PIPELINE_MESSAGES.secondDeal,
    });
}

/** An activity the actor may correct: an admin any; an agent its own, on a lead it owns. Locked. */
async function lockActivity(tx: Transaction, actor: SessionUser, id: string) {
  const [row] = await tx
    .select({
      activity: leadActivities,
      ownerId: leads.ownerId,
      leadCreatedAt: leads.createdAt,
      branchId: leads.branchId,
    })
    .from(leadActivities)
    .innerJoin(leads, eq(leads.id, leadActivities.leadId))
    .where(eq(leadActivities.id, id))
    .for('update', { of: leadActivities });
  if (!row) throw notFound(PIPELINE_MESSAGES.activityNotFound);
  assertInScope(actor.branchScope, row.branchId, PIPELINE_MESSAGES.activityNotFound);
  if (!mayReadLead(actor, row) || (!isAdmin(actor) && row.activity.agentId !== actor.id))
    throw forbidden(PIPELINE_MESSAGES.notYourActivity);
  // Status changes and assignments are the lead's history, written by the server.
  if (row.activity.kind === 'status' || row.activity.kind === 'assignment')
    throw new AppError(409, 'CONFLICT', PIPELINE_MESSAGES.kindFixed);
  return { ...row.activity, leadCreatedAt: row.leadCreatedAt } as typeof row.activity & {
    kind: ActivityKind;
    leadCreatedAt: Date;
  };
}

/** PATCH /pipeline/activities/{id}: its time, note or amounts; its indicator row moves with it. */
export async function updateActivity(db: Database, actor: SessionUser, id: string, body: UpdateActivityBody) {
  await db.transaction(async (tx) => {
    const activity = await lockActivity(tx, actor, id);
    const pick = <K extends keyof UpdateActivityBody & keyof typeof activity>(key: K) =>
      body[key] !== undefined ? body[key] : activity[key];
    const buyerSideFee = pick('buyerSideFee');
    const sellerSideFee = pick('sellerSideFee');
    const bySides = buyerSideFee !== null || sellerSideFee !== null;
    const merged = {
      kind: activity.kind,
      amount: body.amount !== undefined ? body.amount : activity.amount,
      price: body.price !== undefined ? body.price : activity.price,
      // A deal typed per side: its commission is the sides' sum (a commission sent must equal it).
      commission: bySides ? body.commission : pick('commission'),
      buyerSideFee,
      sellerSideFee,
      secondAgentId: body.secondAgentId !== undefined ? body.secondAgentId : activity.secondAgentId,
      secondAgentCommission:
        body.secondAgentCommission !== undefined
          ? body.secondAgentCommission
          : activity.secondAgentCommission,
    };
    checkAmounts(merged);
    if (activity.agentId) await checkSecondAgent(tx, actor, activity.agentId, merged.secondAgentId);
    const occurredAt = body.occurredAt ?? activity.occurredAt;
    if (activity.kind === 'deal' && body.occurredAt)
      checkDealDate({ createdAt: activity.leadCreatedAt }, occurredAt);
    await tx
      .update(leadActivities)
      .set({
        occurredAt,
        note: body.note ?? activity.note,
        amount: merged.amount,
        price: merged.price,
        commission: commissionOfSides(merged) ?? null,
        buyerSideFee,
        buyerSideFeeIncludesVat: buyerSideFee !== null && Boolean(pick('buyerSideFeeIncludesVat')),
        sellerSideFee,
        sellerSideFeeIncludesVat: sellerSideFee !== null && Boolean(pick('sellerSideFeeIncludesVat')),
        secondAgentId: merged.secondAgentId,
        secondAgentCommission: merged.secondAgentId ? (merged.secondAgentCommission ?? 0) : null,
      })
      .where(eq(leadActivities.id, id));
    if (occurredAt.getTime() !== activity.occurredAt.getTime())
      await tx.update(indicators).set({ createdAt: occurredAt }).where(eq(indicators.activityId, id));
  });
  return activityById(db, id);
}

/** DELETE /pipeline/activities/{id}: the activity and the indicator row it wrote, together. */
export async function deleteActivity(db: Database, actor: SessionUser, id: string) {
  await db.transaction(async (tx) => {
    await lockActivity(tx, actor, id);
    await tx.delete(indicators).where(eq(indicators.activityId, id));
    await tx.delete(leadActivities).where(eq(leadActivities.id, id));
  });
}
