import type { SplitTier } from '@shared/domain/commission-statement';
import { israelDate } from '@shared/domain/israel-time';
import { type CreateFeePlanBody, type FeePlan, MONEY_MESSAGES } from '@shared/schemas/money';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { branches, feePlans } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { assertInScope } from '../branches';

/**
 * Fee plans (docs/decisions/0048-commission-statements.md): dated rows per branch, set by network admins and read
 * by the branch's managers. A plan applies from its date on; one that would change a deal already signed under
 * another plan is refused, so a past statement never moves.
 */

type FeePlanRow = typeof feePlans.$inferSelect;

export const toFeePlan = (row: FeePlanRow): FeePlan => ({
  _id: row.id,
  branchId: row.branchId,
  effectiveFrom: row.effectiveFrom,
  royaltyBp: row.royaltyBp,
  royaltyCapAgorot: row.royaltyCapAgorot,
  monthlyFeeAgorot: row.monthlyFeeAgorot,
  split:
    row.splitKind === 'tiers'
      ? { kind: 'tiers', tiers: (row.tiers ?? []) as SplitTier[] }
      : { kind: 'fixed', agentBp: row.agentBp ?? 0 },
  createdAt: row.createdAt.toISOString(),
});

async function assertBranch(db: Database, actor: SessionUser, branchId: string) {
  assertInScope(actor.branchScope, branchId, MONEY_MESSAGES.branchNotFound);
  const [row] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, branchId)).limit(1);
  if (!row) throw notFound(MONEY_MESSAGES.branchNotFound);
}

/** A branch's plans, newest date first (a branch's plans are a handful of rows). */
export const plansOfBranch = (db: Database, branchId: string) =>
  db.select().from(feePlans).where(eq(feePlans.branchId, branchId)).orderBy(desc(feePlans.effectiveFrom));

/** The plan in force on an Israel date, from a branch's plans newest first. */
export const planOn = (plans: FeePlanRow[], date: string): FeePlanRow | undefined =>
  plans.find((p) => p.effectiveFrom <= date);

/** GET /branches/{id}/fee-plans: every plan of the branch and the one in force today. */
export async function listFeePlans(db: Database, actor: SessionUser, branchId: string) {
  await assertBranch(db, actor, branchId);
  const plans = await plansOfBranch(db, branchId);
  return { feePlans: plans.map(toFeePlan), currentId: planOn(plans, israelDate())?.id ?? null };
}

/**
 * POST /branches/{id}/fee-plans: a plan from today or a later date. The first plan of a branch may start earlier
 * (no statement existed before it); a later plan never reaches back over deals already signed. A plan dated like
 * one still in the future replaces it (no deal is signed under it yet).
 */
export async function createFeePlan(
  db: Database,
  actor: SessionUser,
  branchId: string,
  body: CreateFeePlanBody,
) {
  await assertBranch(db, actor, branchId);
  const today = israelDate();
  return db.transaction(async (tx) => {
    // One writer of a branch's plans at a time, so two network admins never both pass the checks below.
    await tx.select({ id: branches.id }).from(branches).where(eq(branches.id, branchId)).for('update');
    const plans = await plansOfBranch(tx as unknown as Database, branchId);
    if (plans.length > 0 && body.effectiveFrom < today)
      throw badRequest(MONEY_MESSAGES.notBackdated, { effectiveFrom: MONEY_MESSAGES.notBackdated });
    const sameDay = plans.find((p) => p.effectiveFrom === body.effectiveFrom);
    if (sameDay && sameDay.effectiveFrom <= today)
      throw conflict(MONEY_MESSAGES.sameDay, { effectiveFrom: MONEY_MESSAGES.sameDay });
    const values = {
      branchId,
      effectiveFrom: body.effectiveFrom,
      royaltyBp: body.royaltyBp,
      royaltyCapAgorot: body.royaltyCapAgorot,
      monthlyFeeAgorot: body.monthlyFeeAgorot,
      splitKind: body.split.kind,
      agentBp: body.split.kind === 'fixed' ? body.split.agentBp : null,
      tiers: body.split.kind === 'tiers' ? body.split.tiers : null,
      createdBy: actor.id,
    };
    if (sameDay) await tx.delete(feePlans).where(eq(feePlans.id, sameDay.id));
    const [row] = await tx.insert(feePlans).values(values).returning();
    if (!row) throw new Error('fee plan not stored');
    const [before] = await tx
      .select()
      .from(feePlans)
      .where(and(eq(feePlans.branchId, branchId), lte(feePlans.effectiveFrom, body.effectiveFrom)))
      .orderBy(desc(feePlans.effectiveFrom))
      .offset(1)
      .limit(1);
    const summary = (plan: FeePlan) => {
      const { _id: _, createdAt: __, ...rest } = plan;
      return rest;
    };
    await recordAudit(tx as unknown as Database, actor, {
      entity: 'branch',
      entityId: branchId,
      action: 'update',
      before: { feePlan: sameDay ? summary(toFeePlan(sameDay)) : before ? summary(toFeePlan(before)) : null },
      after: { feePlan: summary(toFeePlan(row)) },
    });
    return toFeePlan(row);
  });
}
