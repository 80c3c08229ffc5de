import { seesBranch } from '@shared/domain/branch-scope';
import { referralReason } from '@shared/domain/referrals';
import { PIPELINE_MESSAGES } from '@shared/schemas/pipeline-fields';
import {
  type AcceptReferralBody,
  type CreateReferralBody,
  type DeclineReferralBody,
  REFERRAL_MESSAGES,
  type Referral,
  type ReferralOptions,
} from '@shared/schemas/referrals';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { branches, leadActivities, leadReferrals, leads, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { assertInScope, branchDirectory, branchRefOf } from '../branches';
import { leadUrl } from '../leads';
import type { Transaction } from '../mail';
import { enqueuePush } from '../push';
import { getSettings } from '../settings';

/**
 * A lead referred to another branch for a referral fee (docs/decisions/0044-lead-referrals.md): the lead's owner
 * or a manager of its branch refers it; a manager of the receiving branch (or a network admin) accepts it, and the
 * lead moves there in the same transaction, or declines it with a reason the referring branch reads.
 */

type ReferralRow = typeof leadReferrals.$inferSelect;

const isUniqueViolation = (err: unknown): boolean => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
};

/** GET /referrals/options: the open branches a lead may be referred to, and the network's default fee. */
export async function referralOptions(db: Database, actor: SessionUser): Promise<ReferralOptions> {
  const [open, settings] = await Promise.all([
    db
      .select({ _id: branches.id, name: branches.name })
      .from(branches)
      .where(eq(branches.active, true))
      .orderBy(asc(branches.createdAt), asc(branches.name)),
    getSettings(db),
  ]);
  // Branch names are public (the site's branch pages); the actor's own branch is never a target.
  return {
    branches: open.filter((b) => b._id !== actor.branchId || actor.branchScope.all),
    defaultFeePercent: settings.referralFeePercent,
  };
}

/** POST /pipeline/leads/{id}/referral: the lead's owner, or an admin of its branch, refers it. */
export async function referLead(
  db: Database,
  actor: SessionUser,
  leadId: string,
  body: CreateReferralBody,
): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId)).for('update');
      if (!lead) throw notFound(PIPELINE_MESSAGES.leadNotFound);
      assertInScope(actor.branchScope, lead.branchId, PIPELINE_MESSAGES.leadNotFound);
      if (actor.role !== 'admin' && lead.ownerId !== actor.id) throw forbidden(REFERRAL_MESSAGES.notYourLead);
      const [target] = await tx
        .select({ id: branches.id, active: branches.active })
        .from(branches)
        .where(eq(branches.id, body.toBranchId))
        .limit(1);
      if (!target?.active)
        throw badRequest(REFERRAL_MESSAGES.toBranch, { toBranchId: REFERRAL_MESSAGES.toBranch });
      if (target.id === lead.branchId)
        throw badRequest(REFERRAL_MESSAGES.sameBranch, { toBranchId: REFERRAL_MESSAGES.sameBranch });
      const [pending] = await tx
        .select({ id: leadReferrals.id })
        .from(leadReferrals)
        .where(and(eq(leadReferrals.leadId, lead.id), eq(leadReferrals.status, 'pending')))
        .limit(1);
      if (pending) throw conflict(REFERRAL_MESSAGES.alreadyPending);
      const [row] = await tx
        .insert(leadReferrals)
        .values({
          leadId: lead.id,
          fromBranchId: lead.branchId,
          toBranchId: target.id,
          feePercent: body.feePercent,
          note: body.note,
          referredBy: actor.id,
        })
        .returning();
      await recordAudit(tx as unknown as Database, actor, {
        entity: 'lead',
        entityId: lead.id,
        action: 'update',
        before: { referral: null },
        after: { referral: { toBranchId: target.id, feePercent: body.feePercent, status: 'pending' } },
      });
      return row!.id;
    });
  } catch (err) {
    // Two referrals of one lead at once: the database's unique index keeps one pending.
    if (isUniqueViolation(err)) throw conflict(REFERRAL_MESSAGES.alreadyPending);
    throw err;
  }
}

/** Whether the actor may decide a referral (a manager of the receiving branch, or a network admin). */
const mayDecide = (actor: SessionUser, row: Pick<ReferralRow, 'toBranchId'>) =>
  actor.role === 'admin' && seesBranch(actor.branchScope, row.toBranchId);

/** The referral, locked, if the actor may decide it: 404 outside both branches, 403 for the referring side. */
async function lockForDecision(tx: Transaction, actor: SessionUser, id: string): Promise<ReferralRow> {
  const [row] = await tx.select().from(leadReferrals).where(eq(leadReferrals.id, id)).for('update');
  if (
    !row ||
    !(seesBranch(actor.branchScope, row.fromBranchId) || seesBranch(actor.branchScope, row.toBranchId))
  )
    throw notFound(REFERRAL_MESSAGES.notFound);
  if (!mayDecide(actor, row)) throw forbidden(REFERRAL_MESSAGES.receivingOnly);
  if (row.status !== 'pending') throw conflict(REFERRAL_MESSAGES.decided);
  return row;
}

/**
 * POST /referrals/{id}/accept: in one transaction the lead moves to the receiving branch, gets its new owner (the
 * agent chosen, else the accepting manager), its routing reason and a timeline entry that name both branches and
 * the fee; the referral is marked accepted.
 */
export async function acceptReferral(
  db: Database,
  actor: SessionUser,
  id: string,
  body: AcceptReferralBody,
): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const referral = await lockForDecision(tx, actor, id);
    const [lead] = await tx.select().from(leads).where(eq(leads.id, referral.leadId)).for('update');
    if (!lead || lead.branchId !== referral.fromBranchId) throw conflict(REFERRAL_MESSAGES.leadMoved);
    const names = await tx
      .select({ id: branches.id, name: branches.name, active: branches.active })
      .from(branches)
      .where(or(eq(branches.id, referral.fromBranchId), eq(branches.id, referral.toBranchId)));
    const from = names.find((b) => b.id === referral.fromBranchId)!;
    const to = names.find((b) => b.id === referral.toBranchId)!;
    if (!to.active) throw conflict(REFERRAL_MESSAGES.branchClosed);
    const ownerId = body.ownerId ?? actor.id;
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, ownerId), eq(users.active, true), eq(users.branchId, to.id)))
      .limit(1);
    if (!owner) throw badRequest(REFERRAL_MESSAGES.owner, { ownerId: REFERRAL_MESSAGES.owner });
    const reason = referralReason(from.name, to.name, referral.feePercent);
    await tx
      .update(leads)
      .set({ branchId: to.id, ownerId: owner.id, routingReason: reason, updatedAt: now })
      .where(eq(leads.id, lead.id));
    // Written after the move, so the entry counts for the receiving branch (fill_branch takes the lead's).
    const [entry] = await tx
      .insert(leadActivities)
      .values({
        leadId: lead.id,
        kind: 'assignment',
        agentId: owner.id,
        occurredAt: now,
        note: referral.note ? `${reason}. ${referral.note}` : reason,
        createdBy: actor.id,
        createdAt: now,
      })
      .returning({ id: leadActivities.id });
    await tx
      .update(leadReferrals)
      .set({ status: 'accepted', decidedBy: actor.id, decidedAt: now })
      .where(eq(leadReferrals.id, referral.id));
    await recordAudit(tx as unknown as Database, actor, {
      entity: 'lead',
      entityId: lead.id,
      action: 'update',
      before: { branchId: lead.branchId, ownerId: lead.ownerId, routingReason: lead.routingReason },
      after: { branchId: to.id, ownerId: owner.id, routingReason: reason },
    });
    if (owner.id !== actor.id)
      await enqueuePush(
        tx,
        owner.id,
        'leadAssigned',
        { title: 'ליד הועבר אליך', body: `${lead.name}, ${lead.phone}`, url: leadUrl(lead.id) },
        { dedupeKey: `lead-assigned:${lead.id}:${entry!.id}`, now },
      );
  });
}

/** POST /referrals/{id}/decline: the lead stays where it is; the reason is kept for the referring branch. */
export async function declineReferral(
  db: Database,
  actor: SessionUser,
  id: string,
  body: DeclineReferralBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const referral = await lockForDecision(tx, actor, id);
    await tx
      .update(leadReferrals)
      .set({ status: 'declined', declineReason: body.reason, decidedBy: actor.id, decidedAt: new Date() })
      .where(eq(leadReferrals.id, referral.id));
    await recordAudit(tx as unknown as Database, actor, {
      entity: 'lead',
      entityId: referral.leadId,
      action: 'update',
      before: { referral: { toBranchId: referral.toBranchId, status: 'pending' } },
      after: { referral: { toBranchId: referral.toBranchId, status: 'declined', reason: body.reason } },
    });
  });
}

const referrer = alias(users, 'referrer');
const decider = alias(users, 'decider');

/** Most referrals a list answers (the newest; pending ones first). */
const LIST_LIMIT = 200;

/** The referrals of the session's scope: its branch's incoming and outgoing ones, every one for the network. */
export async function listReferrals(db: Database, actor: SessionUser, id?: string): Promise<Referral[]> {
  const scope = actor.branchScope;
  const rows = await db
    .select({
      referral: leadReferrals,
      lead: { id: leads.id, name: leads.name, category: leads.category, branchId: leads.branchId },
      referrer: { id: referrer.id, name: referrer.name },
      decider: { id: decider.id, name: decider.name },
    })
    .from(leadReferrals)
    .innerJoin(leads, eq(leads.id, leadReferrals.leadId))
    .leftJoin(referrer, eq(referrer.id, leadReferrals.referredBy))
    .leftJoin(decider, eq(decider.id, leadReferrals.decidedBy))
    .where(
      and(
        id ? eq(leadReferrals.id, id) : undefined,
        scope.all
          ? undefined
          : or(eq(leadReferrals.fromBranchId, scope.branchId), eq(leadReferrals.toBranchId, scope.branchId)),
      ),
    )
    .orderBy(
      sql`case when ${leadReferrals.status} = 'pending' then 0 else 1 end`,
      desc(leadReferrals.createdAt),
      desc(leadReferrals.id),
    )
    .limit(LIST_LIMIT);
  const directory = await branchDirectory(db);
  return rows.map(({ referral: r, lead, referrer: by, decider: dec }) => ({
    _id: r.id,
    lead: { _id: lead.id, name: lead.name, category: lead.category },
    fromBranch: branchRefOf(directory, r.fromBranchId),
    toBranch: branchRefOf(directory, r.toBranchId),
    feePercent: r.feePercent,
    note: r.note,
    status: r.status,
    declineReason: r.declineReason,
    referredBy: by ? { _id: by.id, name: by.name } : null,
    decidedBy: dec ? { _id: dec.id, name: dec.name } : null,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    canDecide: r.status === 'pending' && mayDecide(actor, r),
    canOpenLead: seesBranch(scope, lead.branchId),
  }));
}

/** One referral as the list shows it (after a write by this actor). */
export async function referralById(db: Database, actor: SessionUser, id: string): Promise<Referral> {
  const [row] = await listReferrals(db, actor, id);
  if (!row) throw notFound(REFERRAL_MESSAGES.notFound);
  return row;
}
