import type { BranchScope } from '@shared/domain/branch-scope';
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
import { forecast } from '@shared/domain/performance';
import type { RoleHolder } from '@shared/domain/roles';
import { type WorkingDays, workingDays } from '@shared/domain/working-days';
import type { PerformanceMoney } from '@shared/schemas/goal';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { roleHeldDuring } from '../../db/role-history';
import { goals, indicatorMonthTotals, userRoleHistory, users } from '../../db/schema';
import { wasInBranch } from '../branches';
import { countedDuring, totalSums, totalsOfMonth } from '../indicators';
import { type MonthMoney, monthMoney } from '../money';
import { getSettings } from '../settings';

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

/** One figure and its forecast by the working days (as the counts'); agorot stay whole. */
const withForecast = (actual: number, days: WorkingDays, whole = false) => {
  const value = forecast(actual, days.elapsed, days.total);
  return { actual, forecast: whole ? Math.round(value) : value };
};

/** An agent's money of the month (monthMoney), its forecasts by the month's working days. */
export function moneyFigures(money: MonthMoney, agentId: string, days: WorkingDays): PerformanceMoney {
  const mine = money.agents.get(agentId);
  return {
    sharedDeals: withForecast(mine?.sharedDeals ?? 0, days),
    commission: withForecast(mine?.commission ?? 0, days, true),
  };
}

/** The sum of shown rows' money: actuals and forecasts, so the company row is exactly what the rows add to. */
export const sumMoney = (rows: PerformanceMoney[]): PerformanceMoney => {
  const sum = (pick: (m: PerformanceMoney) => number) => rows.reduce((total, m) => total + pick(m), 0);
  const round2 = (v: number) => Math.round((v + Number.EPSILON) * 100) / 100;
  return {
    sharedDeals: {
      actual: sum((m) => m.sharedDeals.actual),
      forecast: round2(sum((m) => m.sharedDeals.forecast)),
    },
    commission: { actual: sum((m) => m.commission.actual), forecast: sum((m) => m.commission.forecast) },
  };
};

/**
 * One agent's month. `scope` is the reader's: a branch manager sees the money of her branch's deals only
 * (another branch's money is the network's to see), the agent herself and network roles all of it.
 */
export async function agentPerformance(
  db: Database,
  agent: { id: string; name: string },
  year: number,
  month: number,
  scope: BranchScope = { all: true },
) {
  const [[actual], [goal], days, money] = await Promise.all([
    monthSums(db, and(eq(indicatorMonthTotals.agentId, agent.id), totalsOfMonth(year, month))),
    db
      .select(goalColumns)
      .from(goals)
      .where(and(eq(goals.agentId, agent.id), eq(goals.year, year), eq(goals.month, month)))
      .limit(1),
    monthWorkingDays(db, year, month),
    monthMoney(db, year, month, { scope, agentIds: [agent.id] }),
  ]);
  return {
    agentId: agent.id,
    agentName: agent.name,
    ...figures(actual!, goal ?? null, days),
    money: moneyFigures(money, agent.id, days),
    workingDays: days,
  };
}

/** The metrics of a row as one int[] (null when the row is absent), in METRIC_KEYS order: one field to map, not six. */
const metricArray = (table: Record<keyof Metrics, AnyPgColumn>, presence: AnyPgColumn) =>
  sql<number[] | null>`case when ${presence} is null then null else array[${sql.join(
    METRIC_KEYS.map((key) => table[key]),
    sql`, `,
  )}]::int[] end`;

const toMetrics = (values: number[]): Metrics => {
  const metrics = {} as Metrics;
  for (let i = 0; i < METRIC_KEYS.length; i++) metrics[METRIC_KEYS[i]!] = values[i]!;
  return metrics;
};

const monthBounds = { from: sql.placeholder('from'), to: sql.placeholder('to') };
/** The roles held in the month, as parallel arrays (the same order in both). */
const heldRoles = (column: AnyPgColumn) =>
  sql<(string | null)[]>`array(select ${column}::text from ${userRoleHistory} where ${and(
    eq(userRoleHistory.userId, users.id),
    roleHeldDuring(monthBounds),
  )} order by ${userRoleHistory.id})`;

/**
 * Everyone the SQL twin counts in a month, with the month's totals, goal and roles, in one prepared statement
 * (built once per database; the month's bounds are its parameters), each row's metrics as an array.
 */
const prepareMonthPeople = (db: Database, ofBranch: boolean) => {
  const t = indicatorMonthTotals;
  const counted = countedDuring(db, monthBounds, goals.agentId);
  return db
    .select({
      id: users.id,
      name: users.name,
      gender: users.gender,
      active: users.active,
      actual: metricArray(t, t.agentId),
      goal: metricArray(goals, goals.id),
      roles: heldRoles(userRoleHistory.role),
      companyRoles: heldRoles(userRoleHistory.companyRole),
    })
    .from(users)
    .leftJoin(
      t,
      and(
        eq(t.agentId, users.id),
        eq(t.year, sql.placeholder('year')),
        eq(t.month, sql.placeholder('month')),
      ),
    )
    .leftJoin(
      goals,
      and(
        eq(goals.agentId, users.id),
        eq(goals.year, sql.placeholder('year')),
        eq(goals.month, sql.placeholder('month')),
      ),
    )
    .where(ofBranch ? and(counted, wasInBranch(db, sql.placeholder('branchId'), monthBounds)) : counted)
    .prepare(ofBranch ? 'month_people_of_branch' : 'month_people');
};
type MonthPeopleStatement = ReturnType<typeof prepareMonthPeople>;
/** Per database: the whole network's statement (today's, unchanged) and one branch's (decision 0033). */
const monthPeopleStatements = new WeakMap<
  Database,
  { network?: MonthPeopleStatement; branch?: MonthPeopleStatement }
>();

/**
 * Everyone the SQL twin counts in the month, with the month's totals row, goal and roles; the shared rule
 * (countsInMonth, in agentMonths) decides again from those.
 */
async function monthPeople(
  db: Database,
  year: number,
  month: number,
  scope: BranchScope,
): Promise<MonthPerson[]> {
  const statements = monthPeopleStatements.get(db) ?? {};
  monthPeopleStatements.set(db, statements);
  const kind = scope.all ? 'network' : 'branch';
  statements[kind] ??= prepareMonthPeople(db, !scope.all);
  const statement = statements[kind];
  const { from, to } = israelMonthRange(year, month);
  const rows = await statement.execute({
    year,
    month,
    from: from.toISOString(),
    to: to.toISOString(),
    ...(scope.all ? {} : { branchId: scope.branchId }),
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    gender: row.gender,
    roles: row.roles.map((role, i) => ({ role, companyRole: row.companyRoles[i] ?? null }) as RoleHolder),
    active: row.active,
    actual: row.actual && toMetrics(row.actual),
    goal: row.goal && toMetrics(row.goal),
  }));
}

/**
 * The rows of /Performance: every agent who counts in the month (see countsInMonth), of the whole network or of
 * one branch (people who were in it during the month, by the dated history).
 */
export async function allPerformance(
  db: Database,
  year: number,
  month: number,
  scope: BranchScope = { all: true },
  /** `money: false`: the counts alone, money zero (a database older than the deals' tables, in a migration test). */
  options: { money?: boolean } = {},
): Promise<(AgentMonth & { money: PerformanceMoney })[]> {
  const [people, days, money] = await Promise.all([
    monthPeople(db, year, month, scope),
    monthWorkingDays(db, year, month),
    // A branch's table: the money of the branch's deals (its agents' shares of them); the network's: every deal.
    options.money === false
      ? ({ agents: new Map(), branches: new Map() } satisfies MonthMoney)
      : monthMoney(db, year, month, { scope }),
  ]);
  return agentMonths(people, days).map((row) => ({ ...row, money: moneyFigures(money, row.agentId, days) }));
}

/** The company row: exactly the sum of the rows allPerformance shows for the same month. */
export async function companyPerformance(
  db: Database,
  year: number,
  month: number,
  scope: BranchScope = { all: true },
  options: { money?: boolean } = {},
) {
  const [rows, days] = await Promise.all([
    allPerformance(db, year, month, scope, options),
    monthWorkingDays(db, year, month),
  ]);
  return { ...companyMonth(rows), money: sumMoney(rows.map((row) => row.money)), workingDays: days };
}
