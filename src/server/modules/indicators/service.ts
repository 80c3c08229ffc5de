import type { ActivityKind } from '@shared/domain/activities';
import type { BranchScope } from '@shared/domain/branch-scope';
import {
  israelLast7Days,
  israelMonthRange,
  israelYearMonth,
  type Range,
} from '@shared/domain/israel-calendar';
import { type Metrics, metricsOf, TOTAL_KEYS } from '@shared/domain/metrics';
import type { Indicator, Summary } from '@shared/schemas/indicator';
import { PIPELINE_MESSAGES } from '@shared/schemas/pipeline-fields';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { roleHeldDuring } from '../../db/role-history';
import {
  goals,
  indicatorMonthTotals,
  indicators,
  leadActivities,
  userRoleHistory,
  users,
} from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { assertInScope, branchDirectory, branchRefOf, inBranchDuring } from '../branches';
import {
  countedInMonth,
  inRange,
  metricSums,
  monthScore,
  ofAgent,
  totalSums,
  totalsOfMonth,
} from './queries';

export const INDICATOR_NOT_FOUND = 'הסטטוס לא נמצא';

type IndicatorRow = typeof indicators.$inferSelect;
type AgentInfo = { id: string; name: string; role: string };

type ActivityInfo = { id: string; leadId: string; kind: string } | null;

export function toIndicator(row: IndicatorRow, agent: AgentInfo, activity: ActivityInfo = null): Indicator {
  return {
    _id: row.id,
    agent: [{ _id: agent.id, name: agent.name, role: agent.role }],
    ...metricsOf(row),
    createdAt: row.createdAt.toISOString(),
    activity: activity?.id
      ? { _id: activity.id, leadId: activity.leadId, kind: activity.kind as ActivityKind }
      : null,
  };
}

const auditedFields = (row: IndicatorRow) => ({
  agentId: row.agentId,
  ...metricsOf(row),
  createdAt: row.createdAt.toISOString(),
});

/** Stores a daily entry and its audit record in one transaction. */
export async function insertIndicator(
  db: Database,
  actor: SessionUser | null,
  agent: AgentInfo,
  metrics: Metrics,
  createdAt: Date,
): Promise<Indicator> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(indicators)
      .values({ agentId: agent.id, ...metrics, createdAt })
      .returning();
    await recordAudit(tx as Database, actor, {
      entity: 'indicator',
      entityId: row!.id,
      action: 'create',
      after: auditedFields(row!),
    });
    return toIndicator(row!, agent);
  });
}

/** An agent's indicators, newest first, each with its agent's name and role (one join, no per-row lookups). */
export async function listIndicators(db: Database, where: SQL | undefined): Promise<Indicator[]> {
  const rows = await db
    .select({
      row: indicators,
      agent: { id: users.id, name: users.name, role: users.role },
      activity: { id: leadActivities.id, leadId: leadActivities.leadId, kind: leadActivities.kind },
    })
    .from(indicators)
    .innerJoin(users, eq(users.id, indicators.agentId))
    .leftJoin(leadActivities, eq(leadActivities.id, indicators.activityId))
    .where(where)
    .orderBy(desc(indicators.createdAt));
  return rows.map(({ row, agent, activity }) => toIndicator(row, agent, activity));
}

export const indicatorsOfAgent = (db: Database, agentId: string, range?: Range) =>
  listIndicators(db, range ? and(ofAgent(agentId), inRange(range)) : ofAgent(agentId));

/**
 * One agent's totals in the contract's names: the last 7 days sum the daily rows (a few, on the
 * (agent_id, created_at) index); the month and all time sum the agent's month-totals rows.
 */
export async function summarize(
  db: Database,
  agentId: string,
  period: 'weekly' | 'monthly' | 'all',
  now = new Date(),
) {
  if (period === 'weekly') {
    const [sums] = await db
      .select(metricSums)
      .from(indicators)
      .where(and(ofAgent(agentId), inRange(israelLast7Days(now))));
    return toTotals(sums!);
  }
  const { year, month } = israelYearMonth(now);
  const mine = eq(indicatorMonthTotals.agentId, agentId);
  const [sums] = await db
    .select(totalSums)
    .from(indicatorMonthTotals)
    .where(period === 'monthly' ? and(mine, totalsOfMonth(year, month)) : mine);
  return toTotals(sums!);
}

export function toTotals(sums: Metrics): Summary {
  return Object.fromEntries(
    (Object.keys(TOTAL_KEYS) as (keyof Metrics)[]).map((key) => [TOTAL_KEYS[key], sums[key]]),
  ) as Summary;
}

/** Everyone who counts in the month (countsInMonth) with the month's points, highest first (ties by name), zeros included. */
/** The branch an agent was in at the end of the range (the last period of the dated history inside it). */
const branchAtEndOf = (range: Range) =>
  sql<string | null>`(select ${userRoleHistory.branchId} from ${userRoleHistory} where ${and(
    eq(userRoleHistory.userId, users.id),
    roleHeldDuring(range),
  )} order by ${userRoleHistory.validFrom} desc nulls last limit 1)`;

/** The month's ranking of the scope (score, then name): every agent who counts in the month. */
export async function scoreboard(
  db: Database,
  year: number,
  month: number,
  scope: BranchScope = { all: true },
) {
  const range = israelMonthRange(year, month);
  return db
    .select({
      agentId: users.id,
      agentName: users.name,
      image: users.image,
      totalScore: monthScore,
      gender: users.gender,
      active: users.active,
    })
    .from(users)
    .leftJoin(
      indicatorMonthTotals,
      and(eq(indicatorMonthTotals.agentId, users.id), totalsOfMonth(year, month)),
    )
    .leftJoin(goals, and(eq(goals.agentId, users.id), eq(goals.year, year), eq(goals.month, month)))
    .where(and(countedInMonth(db, year, month, goals.agentId), inBranchDuring(db, scope, range)))
    .orderBy(desc(monthScore), asc(users.name));
}

/** The network's ranking with each agent's branch at the month's end (for the places of decision 0045). */
async function networkRanking(db: Database, year: number, month: number) {
  const range = israelMonthRange(year, month);
  return db
    .select({ agentId: users.id, branchId: branchAtEndOf(range) })
    .from(users)
    .leftJoin(
      indicatorMonthTotals,
      and(eq(indicatorMonthTotals.agentId, users.id), totalsOfMonth(year, month)),
    )
    .leftJoin(goals, and(eq(goals.agentId, users.id), eq(goals.year, year), eq(goals.month, month)))
    .where(countedInMonth(db, year, month, goals.agentId))
    .orderBy(desc(monthScore), asc(users.name));
}

/**
 * The month's ranking of the scope, each agent with both places (decision 0045): in the branch they were in at
 * the month's end and in the whole network ("3 בסניף חיפה, 11 ברשת"). Places follow the list's order.
 */
export async function rankedScoreboard(
  db: Database,
  year: number,
  month: number,
  scope: BranchScope = { all: true },
) {
  const [shown, everyone, directory] = await Promise.all([
    scoreboard(db, year, month, scope),
    networkRanking(db, year, month),
    branchDirectory(db),
  ]);
  const networkRank = new Map(everyone.map((entry, i) => [entry.agentId, i + 1]));
  const branchOf = new Map(everyone.map((entry) => [entry.agentId, entry.branchId]));
  const branchRank = new Map<string, number>();
  const counted = new Map<string | null, number>();
  for (const entry of everyone) {
    const place = (counted.get(entry.branchId) ?? 0) + 1;
    counted.set(entry.branchId, place);
    branchRank.set(entry.agentId, place);
  }
  return shown.map((entry, i) => {
    const branchId = branchOf.get(entry.agentId);
    return {
      ...entry,
      branch: branchId ? branchRefOf(directory, branchId) : null,
      branchRank: branchRank.get(entry.agentId) ?? i + 1,
      networkRank: networkRank.get(entry.agentId) ?? i + 1,
    };
  });
}

/** A row a lead activity wrote is changed only through the activity (409, docs/leads.md). */
function refuseActivityRow(row: IndicatorRow) {
  if (row.activityId) throw conflict(PIPELINE_MESSAGES.indicatorFromActivity);
}

export async function findIndicator(db: Database, id: string): Promise<IndicatorRow> {
  const [row] = await db.select().from(indicators).where(eq(indicators.id, id)).limit(1);
  if (!row) throw notFound(INDICATOR_NOT_FOUND);
  return row;
}

/**
 * Changes an entry's figures or date and records the change, in one transaction. `seen` gets the entry as it
 * was before the change (the read caches learn its month from it).
 */
export async function updateIndicator(
  db: Database,
  actor: SessionUser | null,
  id: string,
  changes: Partial<Metrics> & { createdAt?: Date },
  seen?: (before: IndicatorRow) => void,
): Promise<IndicatorRow> {
  return db.transaction(async (tx) => {
    const before = await findIndicator(tx as Database, id);
    if (actor) assertInScope(actor.branchScope, before.branchId, INDICATOR_NOT_FOUND);
    refuseActivityRow(before);
    seen?.(before);
    if (Object.keys(changes).length === 0) return before;
    const [row] = await tx.update(indicators).set(changes).where(eq(indicators.id, id)).returning();
    await recordAudit(tx as Database, actor, {
      entity: 'indicator',
      entityId: id,
      action: 'update',
      before: auditedFields(before),
      after: auditedFields(row!),
    });
    return row!;
  });
}

/** Deletes an entry and records what it held, in one transaction; `seen` gets the entry (as updateIndicator). */
export async function deleteIndicator(
  db: Database,
  actor: SessionUser | null,
  id: string,
  seen?: (before: IndicatorRow) => void,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findIndicator(tx as Database, id);
    if (actor) assertInScope(actor.branchScope, before.branchId, INDICATOR_NOT_FOUND);
    refuseActivityRow(before);
    seen?.(before);
    await tx.delete(indicators).where(eq(indicators.id, id));
    await recordAudit(tx as Database, actor, {
      entity: 'indicator',
      entityId: id,
      action: 'delete',
      before: auditedFields(before),
    });
  });
}
