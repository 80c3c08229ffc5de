import { byMetric } from '@shared/domain/metrics';
import { sql } from 'drizzle-orm';
import { goals, indicators } from '../../db/schema';
import { chunks, countUpserts, forEachDocument, type ImportContext, skipOf } from './context';
import { mapGoal, mapIndicator, type ResolveUser } from './map-metrics';

const resolver =
  (ctx: ImportContext): ResolveUser =>
  (legacyId) =>
    ctx.userIds.get(legacyId);

/** On a second run, each metric takes the imported value (`excluded.<column>`). */
const metricsSet = byMetric((key) => sql.raw(`excluded.${indicators[key].name}`));

export async function importIndicators(ctx: ImportContext): Promise<void> {
  const rows: (typeof indicators.$inferInsert)[] = [];
  const skipped = ctx.report.collections.indicators.skipped;
  await forEachDocument(ctx, 'indicators', (doc, notes) => {
    const mapped = mapIndicator(doc, notes, resolver(ctx));
    if (mapped.ok) rows.push(mapped.value);
    else skipped.push(skipOf(notes.legacyId, mapped));
  });
  for (const batch of chunks(rows)) {
    const result = await ctx.tx
      .insert(indicators)
      .values(batch)
      .onConflictDoUpdate({
        target: indicators.legacyId,
        set: { agentId: sql`excluded.agent_id`, createdAt: sql`excluded.created_at`, ...metricsSet },
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    countUpserts(ctx, 'indicators', result);
  }
}

/** One goal per agent and month: a second goal for the same month (in the export or already here) is skipped. */
export async function importGoals(ctx: ImportContext): Promise<void> {
  const existing = await ctx.tx
    .select({ agentId: goals.agentId, year: goals.year, month: goals.month, legacyId: goals.legacyId })
    .from(goals);
  const owner = new Map(existing.map((g) => [`${g.agentId}:${g.year}:${g.month}`, g.legacyId]));
  const rows: (typeof goals.$inferInsert)[] = [];
  const skipped = ctx.report.collections.goals.skipped;
  await forEachDocument(ctx, 'goals', (doc, notes) => {
    const mapped = mapGoal(doc, notes, resolver(ctx));
    if (!mapped.ok) return void skipped.push(skipOf(notes.legacyId, mapped));
    const goal = mapped.value;
    const key = `${goal.agentId}:${goal.year}:${goal.month}`;
    const taken = owner.get(key);
    if (owner.has(key) && taken !== goal.legacyId) {
      const other = taken ? `goal ${taken}` : 'a goal set here';
      return void skipped.push({
        legacyId: goal.legacyId,
        reason: `${other} already holds ${goal.month}/${goal.year} for this agent`,
      });
    }
    owner.set(key, goal.legacyId);
    rows.push(goal);
  });
  for (const batch of chunks(rows)) {
    const result = await ctx.tx
      .insert(goals)
      .values(batch)
      .onConflictDoUpdate({
        target: goals.legacyId,
        set: {
          agentId: sql`excluded.agent_id`,
          year: sql`excluded.year`,
          month: sql`excluded.month`,
          createdAt: sql`excluded.created_at`,
          ...metricsSet,
        },
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    countUpserts(ctx, 'goals', result);
  }
}
