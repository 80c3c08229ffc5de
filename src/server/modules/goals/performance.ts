import { israelDate } from '@shared/domain/israel-time';
import { METRIC_KEYS, type Metrics } from '@shared/domain/metrics';
import {
  type AgentMonth,
  agentMonths,
  companyMonth,
  figures,
  type MonthPerson,
} from '@shared/domain/month-figures';
import { type WorkingDays, workingDays } from '@shared/domain/working-days';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { goals, indicatorMonthTotals, users } from '../../db/schema';
import { countedInMonth, totalSums, totalsOfMonth } from '../indicators/queries';
import { getSettings } from '../settings/service';

/** The month's working days in Israel as of today, honouring the agency's holiday setting. */
export async function monthWorkingDays(db: Database, year: number, month: number): Promise<WorkingDays> {
  const { excludeHolidays } = await getSettings(db);
  return workingDays(year, month, israelDate(), { excludeHolidays });
}

const goalColumns = Object.fromEntries(METRIC_KEYS.map((k) => [k, goals[k]])) as Record<
  keyof Metrics,
  (typeof goals)[keyof Metrics]
>;

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

/** Everyone who counts in the month (countsInMonth), with the month's totals row and goal, in one query. */
async function monthPeople(db: Database, year: number, month: number): Promise<MonthPerson[]> {
  const t = indicatorMonthTotals;
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      companyRole: users.companyRole,
      active: users.active,
      totalsOf: t.agentId,
      goalId: goals.id,
      ...Object.fromEntries(METRIC_KEYS.map((k) => [`a_${k}`, sql<number>`${t[k]}`.as(`a_${k}`)])),
      ...Object.fromEntries(METRIC_KEYS.map((k) => [`g_${k}`, sql<number>`${goals[k]}`.as(`g_${k}`)])),
    })
    .from(users)
    .leftJoin(t, and(eq(t.agentId, users.id), totalsOfMonth(year, month)))
    .leftJoin(goals, and(eq(goals.agentId, users.id), eq(goals.year, year), eq(goals.month, month)))
    .where(countedInMonth(goals.agentId));
  return rows.map((row) => {
    const r = row as Record<string, unknown>;
    const pick = (prefix: string) =>
      Object.fromEntries(METRIC_KEYS.map((k) => [k, Number(r[`${prefix}${k}`] ?? 0)])) as Metrics;
    return {
      id: row.id,
      name: row.name,
      role: row.role,
      companyRole: row.companyRole,
      active: row.active,
      actual: row.totalsOf ? pick('a_') : null,
      goal: row.goalId ? pick('g_') : null,
    };
  });
}

/** The rows of /Performance: every agent who counts in the month (see countsInMonth). */
export async function allPerformance(db: Database, year: number, month: number): Promise<AgentMonth[]> {
  const [people, days] = await Promise.all([monthPeople(db, year, month), monthWorkingDays(db, year, month)]);
  return agentMonths(people, days);
}

/** The company row: exactly the sum of the rows allPerformance shows for the same month. */
export async function companyPerformance(db: Database, year: number, month: number) {
  const [rows, days] = await Promise.all([
    allPerformance(db, year, month),
    monthWorkingDays(db, year, month),
  ]);
  return { ...companyMonth(rows), workingDays: days };
}
