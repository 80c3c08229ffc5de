import { METRIC_KEYS, type Metrics, metricsOf } from '@shared/domain/metrics';
import type { Goal } from '@shared/schemas/goal';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { goals } from '../../db/schema';
import { notFound } from '../../lib/errors';

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
 * the unique index, so two admins saving at once cannot create a duplicate.
 */
export async function upsertGoal(
  db: Database,
  values: Metrics & { agentId: string; year: number; month: number },
): Promise<{ row: GoalRow; before: GoalRow | undefined }> {
  return db.transaction(async (tx) => {
    const before = await findGoal(tx as Database, values.agentId, values.year, values.month);
    const metrics = goalMetrics(values);
    const [row] = await tx
      .insert(goals)
      .values(values)
      .onConflictDoUpdate({ target: [goals.agentId, goals.year, goals.month], set: metrics })
      .returning();
    return { row: row!, before };
  });
}

export async function updateGoal(db: Database, id: string, changes: Partial<Metrics>) {
  const [row] = await db.update(goals).set(changes).where(eq(goals.id, id)).returning();
  return row!;
}
