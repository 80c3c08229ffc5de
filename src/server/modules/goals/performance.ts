import { israelDate } from '@shared/domain/israel-time';
import { METRIC_KEYS, type Metrics } from '@shared/domain/metrics';
import { forecast, percentage } from '@shared/domain/performance';
import { type WorkingDays, workingDays } from '@shared/domain/working-days';
import type { AgentPerformance, CompanyPerformance, MetricPerformance } from '@shared/schemas/goal';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { goals, indicatorMonthTotals, users } from '../../db/schema';
import { activeAgents, totalSums, totalsOfMonth } from '../indicators/queries';
import { getSettings } from '../settings/service';

/** The month's working days in Israel as of today, honouring the agency's holiday setting. */
export async function monthWorkingDays(db: Database, year: number, month: number): Promise<WorkingDays> {
  const { excludeHolidays } = await getSettings(db);
  return workingDays(year, month, israelDate(), { excludeHolidays });
}

type Figures = Record<keyof Metrics, MetricPerformance>;

/** Per metric: actual, goal (null: none), percentage (null: no goal) and forecast from the working days. */
export function figures(actual: Metrics, goal: Metrics | null, days: WorkingDays): Figures {
  return Object.fromEntries(
    METRIC_KEYS.map((key) => {
      const goalValue = goal ? goal[key] : null;
      return [
        key,
        {
          actual: actual[key],
          goal: goalValue,
          percentage: percentage(actual[key], goalValue),
          forecast: forecast(actual[key], days.elapsed, days.total),
        },
      ];
    }),
  ) as Figures;
}

const goalColumns = {
  meetings: goals.meetings,
  exclusives: goals.exclusives,
  priceUpdates: goals.priceUpdates,
  buyerTours: goals.buyerTours,
  priceOffers: goals.priceOffers,
  deals: goals.deals,
};

const monthSums = (db: Database, where: SQL | undefined) =>
  db.select(totalSums).from(indicatorMonthTotals).where(where);

export async function agentPerformance(
  db: Database,
  agent: { id: string; name: string },
  year: number,
  month: number,
) {
  const [[actual], [goal], days] = await Promise.all([
    monthSums(db, and(eq(indicatorMonthTotals.agentId, agent.id), totalsOfMonth(year, month))),
    db
      .select(goalColumns)
      .from(goals)
      .where(and(eq(goals.agentId, agent.id), eq(goals.year, year), eq(goals.month, month)))
      .limit(1),
    monthWorkingDays(db, year, month),
  ]);
  return {
    agentId: agent.id,
    agentName: agent.name,
    ...figures(actual!, goal ?? null, days),
    workingDays: days,
  };
}

/** Every active agent's month: the agent's month-totals row joined with that month's goal. */
export async function allPerformance(db: Database, year: number, month: number): Promise<AgentPerformance[]> {
  const t = indicatorMonthTotals;
  const actualCol = (key: keyof Metrics) =>
    sql<number>`coalesce(${t[key]}, 0)`.mapWith(Number).as(`actual_${key}`);
  const goalCol = (key: keyof Metrics) => sql<number | null>`${goals[key]}`.as(`goal_${key}`);
  const [rows, days] = await Promise.all([
    db
      .select({
        agentId: users.id,
        agentName: users.name,
        goalId: goals.id,
        ...Object.fromEntries(METRIC_KEYS.map((k) => [`a_${k}`, actualCol(k)])),
        ...Object.fromEntries(METRIC_KEYS.map((k) => [`g_${k}`, goalCol(k)])),
      })
      .from(users)
      .leftJoin(t, and(eq(t.agentId, users.id), totalsOfMonth(year, month)))
      .leftJoin(goals, and(eq(goals.agentId, users.id), eq(goals.year, year), eq(goals.month, month)))
      .where(activeAgents)
      .orderBy(asc(users.name)),
    monthWorkingDays(db, year, month),
  ]);
  return rows.map((row) => {
    const r = row as Record<string, unknown>;
    const pick = (prefix: string) =>
      Object.fromEntries(METRIC_KEYS.map((k) => [k, Number(r[`${prefix}${k}`] ?? 0)])) as Metrics;
    return {
      agentId: row.agentId,
      agentName: row.agentName,
      ...figures(pick('a_'), row.goalId ? pick('g_') : null, days),
    };
  });
}

/** The office's month: every agent's month totals against the sum of all that month's goals. */
export async function companyPerformance(db: Database, year: number, month: number) {
  const goalSums = Object.fromEntries(
    METRIC_KEYS.map((k) => [k, sql<number>`cast(coalesce(sum(${goals[k]}), 0) as integer)`.mapWith(Number)]),
  ) as Record<keyof Metrics, SQL<number>>;
  const [[actual], [goal], days] = await Promise.all([
    monthSums(db, totalsOfMonth(year, month)),
    db
      .select({ ...goalSums, count: sql<number>`count(*)`.mapWith(Number) })
      .from(goals)
      .where(and(eq(goals.year, year), eq(goals.month, month))),
    monthWorkingDays(db, year, month),
  ]);
  const hasGoals = (goal?.count ?? 0) > 0;
  const result: CompanyPerformance & { workingDays: WorkingDays } = {
    ...figures(actual!, hasGoals ? (goal as unknown as Metrics) : null, days),
    workingDays: days,
  };
  return result;
}
