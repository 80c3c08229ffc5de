import { israelMonthRange } from '@shared/domain/israel-calendar';
import { israelDate } from '@shared/domain/israel-time';
import { METRIC_KEYS, type Metrics } from '@shared/domain/metrics';
import {
  type AgentMonth,
  agentMonths,
  companyMonth,
  figures,
  type MonthPerson,
} from '@shared/domain/month-figures';
import type { RoleHolder } from '@shared/domain/roles';
import { type WorkingDays, workingDays } from '@shared/domain/working-days';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { goals, indicatorMonthTotals, userRoleHistory, users } from '../../db/schema';
import { countedInMonth, roleHeldDuring, totalSums, totalsOfMonth } from '../indicators/queries';
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

/** Who held which role at some time in the month (the month rule reads these, not today's role). */
async function monthRoles(db: Database, year: number, month: number) {
  const rows = await db
    .select({
      userId: userRoleHistory.userId,
      role: userRoleHistory.role,
      companyRole: userRoleHistory.companyRole,
    })
    .from(userRoleHistory)
    .where(roleHeldDuring(israelMonthRange(year, month)));
  const roles = new Map<string, RoleHolder[]>();
  for (const { userId, ...role } of rows) roles.set(userId, [...(roles.get(userId) ?? []), role]);
  return roles;
}

/**
 * Everyone the SQL twin counts in the month, with the month's totals row, goal and roles; the shared rule
 * (countsInMonth, in agentMonths) decides again from those.
 */
async function monthPeople(db: Database, year: number, month: number): Promise<MonthPerson[]> {
  const t = indicatorMonthTotals;
  const [rows, roles] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        gender: users.gender,
        active: users.active,
        totalsOf: t.agentId,
        goalId: goals.id,
        ...Object.fromEntries(METRIC_KEYS.map((k) => [`a_${k}`, sql<number>`${t[k]}`.as(`a_${k}`)])),
        ...Object.fromEntries(METRIC_KEYS.map((k) => [`g_${k}`, sql<number>`${goals[k]}`.as(`g_${k}`)])),
      })
      .from(users)
      .leftJoin(t, and(eq(t.agentId, users.id), totalsOfMonth(year, month)))
      .leftJoin(goals, and(eq(goals.agentId, users.id), eq(goals.year, year), eq(goals.month, month)))
      .where(countedInMonth(db, year, month, goals.agentId)),
    monthRoles(db, year, month),
  ]);
  return rows.map((row) => {
    const r = row as Record<string, unknown>;
    const pick = (prefix: string) =>
      Object.fromEntries(METRIC_KEYS.map((k) => [k, Number(r[`${prefix}${k}`] ?? 0)])) as Metrics;
    return {
      id: row.id,
      name: row.name,
      gender: row.gender,
      roles: roles.get(row.id) ?? [],
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
