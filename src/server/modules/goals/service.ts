import { METRIC_KEYS, type Metrics, metricsOf } from '@shared/domain/metrics';
import type { Goal } from '@shared/schemas/goal';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { goals } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { assertInScope } from '../branches';

export const GOAL_NOT_FOUND = 'היעד לא נמצא';
export type GoalRow = typeof goals.$inferSelect;

export function toGoal(row: GoalRow): Goal {
  return {
    _id: row.id,
    agent: [row.agentId],
    year: row.year,
    month: row.month,
    ...metricsOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}

export const goalMetrics = (row: Partial<Metrics>) =>
  Object.fromEntries(
    METRIC_KEYS.filter((k) => row[k] !== undefined).map((k) => [k, row[k]]),
  ) as Partial<Metrics>;

export async function findGoal(db: Database, agentId: string, year: number, month: number) {
  const [row] = await db
    .select()
    .from(goals)
    .where(and(eq(goals.agentId, agentId), eq(goals.year, year), eq(goals.month, month)))
    .limit(1);
  return row;
}

export async function findGoalById(db: Database, id: string): Promise<GoalRow> {
  const [row] = await db.select().from(goals).where(eq(goals.id, id)).limit(1);
  if (!row) throw notFound(GOAL_NOT_FOUND);
  return row;
}

/**
 * One goal per agent and month: a second one for the same month replaces the figures. The upsert rides on
 * the unique index, so two admins saving at once cannot create a duplicate. The audit entry is written in
 * the same transaction, so a change is never stored without its record.
 */
export async function saveGoal(
  db: Database,
  actor: SessionUser | null,
  values: Metrics & { agentId: string; year: number; month: number },
): Promise<{ row: GoalRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const before = await findGoal(tx as Database, values.agentId, values.year, values.month);
    const metrics = goalMetrics(values);
    const [row] = await tx
      .insert(goals)
      .values(values)
      .onConflictDoUpdate({ target: [goals.agentId, goals.year, goals.month], set: metrics })
      .returning();
    const { year, month } = values;
    await recordAudit(tx as Database, actor, {
      entity: 'goal',
      entityId: row!.id,
      action: before ? 'update' : 'create',
      before: before ? { agentId: before.agentId, year, month, ...goalMetrics(before) } : null,
      after: { agentId: row!.agentId, year, month, ...goalMetrics(row!) },
    });
    return { row: row!, created: !before };
  });
}

/**
 * Changes a goal's figures and records the change, in one transaction. `seen` gets the goal before the change
 * (the read caches learn its month from it).
 */
export async function editGoal(
  db: Database,
  actor: SessionUser | null,
  id: string,
  changes: Partial<Metrics>,
  seen?: (before: GoalRow) => void,
): Promise<GoalRow> {
  return db.transaction(async (tx) => {
    const before = await findGoalById(tx as Database, id);
    // A goal of another branch (the branch it was set in) is not found (decision 0033).
    if (actor) assertInScope(actor.branchScope, before.branchId, GOAL_NOT_FOUND);
    seen?.(before);
    if (Object.keys(changes).length === 0) return before;
    const [row] = await tx.update(goals).set(changes).where(eq(goals.id, id)).returning();
    await recordAudit(tx as Database, actor, {
      entity: 'goal',
      entityId: id,
      action: 'update',
      before: goalMetrics(before),
      after: goalMetrics(row!),
    });
    return row!;
  });
}
