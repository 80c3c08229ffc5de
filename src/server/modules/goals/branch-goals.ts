import { byMetric, type Metrics, metricsOf } from '@shared/domain/metrics';
import { BRANCH_MESSAGES } from '@shared/schemas/branch';
import type { BranchGoal } from '@shared/schemas/goal';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { branches, branchGoals, goals } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { assertInScope } from '../branches';
import { goalMetrics } from './service';

/**
 * A branch's monthly goal (docs/branches.md): what the network asks of the office as a whole, set by network
 * admins and read by the branch's own managers. Without one the network dashboard counts the sum of the agents'
 * goals, which this answer gives beside it.
 */

type Month = { year: number; month: number };

async function branchInScope(db: Database, actor: SessionUser, branchId: string) {
  const [branch] = await db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(eq(branches.id, branchId));
  if (!branch) throw notFound(BRANCH_MESSAGES.notFound);
  assertInScope(actor.branchScope, branch.id, BRANCH_MESSAGES.notFound);
  return branch;
}

const findBranchGoal = async (db: Database, branchId: string, { year, month }: Month) =>
  (
    await db
      .select()
      .from(branchGoals)
      .where(
        and(eq(branchGoals.branchId, branchId), eq(branchGoals.year, year), eq(branchGoals.month, month)),
      )
  )[0];

async function agentsGoalOf(db: Database, branchId: string, { year, month }: Month) {
  const sums = byMetric((key) =>
    sql<number>`cast(coalesce(sum(${goals[key]}), 0) as integer)`.mapWith(Number),
  );
  const [row] = await db
    .select({ ...sums, agents: sql<number>`cast(count(*) as integer)`.mapWith(Number) })
    .from(goals)
    .where(and(eq(goals.branchId, branchId), eq(goals.year, year), eq(goals.month, month)));
  const agents = row?.agents ?? 0;
  return { agentsGoal: agents > 0 && row ? metricsOf(row) : null, agentsWithGoal: agents };
}

export async function getBranchGoal(
  db: Database,
  actor: SessionUser,
  branchId: string,
  month: Month,
): Promise<BranchGoal> {
  const branch = await branchInScope(db, actor, branchId);
  const [own, agents] = await Promise.all([
    findBranchGoal(db, branch.id, month),
    agentsGoalOf(db, branch.id, month),
  ]);
  return {
    branch: { _id: branch.id, name: branch.name },
    ...month,
    goal: own ? metricsOf(own) : null,
    ...agents,
  };
}

/** Sets (or replaces) the branch's goal of the month, with its audit entry, in one transaction. */
export async function setBranchGoal(
  db: Database,
  actor: SessionUser,
  branchId: string,
  month: Month,
  metrics: Metrics,
): Promise<BranchGoal> {
  const branch = await branchInScope(db, actor, branchId);
  await db.transaction(async (tx) => {
    const before = await findBranchGoal(tx as Database, branch.id, month);
    const [row] = await tx
      .insert(branchGoals)
      .values({ branchId: branch.id, ...month, ...metrics })
      .onConflictDoUpdate({
        target: [branchGoals.branchId, branchGoals.year, branchGoals.month],
        set: metrics,
      })
      .returning({ id: branchGoals.id });
    await recordAudit(tx as Database, actor, {
      entity: 'goal',
      entityId: row!.id,
      action: before ? 'update' : 'create',
      before: before ? { branchId: branch.id, ...month, ...goalMetrics(before) } : null,
      after: { branchId: branch.id, ...month, ...metrics },
    });
  });
  return getBranchGoal(db, actor, branch.id, month);
}

/** Removes the branch's goal of the month: the network counts its agents' goals again. */
export async function clearBranchGoal(
  db: Database,
  actor: SessionUser,
  branchId: string,
  month: Month,
): Promise<BranchGoal> {
  const branch = await branchInScope(db, actor, branchId);
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(branchGoals)
      .where(
        and(
          eq(branchGoals.branchId, branch.id),
          eq(branchGoals.year, month.year),
          eq(branchGoals.month, month.month),
        ),
      )
      .returning();
    if (removed)
      await recordAudit(tx as Database, actor, {
        entity: 'goal',
        entityId: removed.id,
        action: 'delete',
        before: { branchId: branch.id, ...month, ...goalMetrics(removed) },
        after: null,
      });
  });
  return getBranchGoal(db, actor, branch.id, month);
}
