import { israelMonthRange, type Range } from '@shared/domain/israel-calendar';
import { METRIC_KEYS, type Metrics } from '@shared/domain/metrics';
import { COMPANY_ROLES, titlesOf } from '@shared/domain/roles';
import { SCORE_WEIGHTS } from '@shared/domain/scoring';
import { and, eq, exists, gte, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { type Bounds, roleHeldDuring } from '../../db/role-history';
import { indicatorMonthTotals, indicators, userRoleHistory, users } from '../../db/schema';

type MetricColumns = { [K in keyof Metrics]: AnyPgColumn };

/** SUM of each metric as an integer (0 when there are no rows): the aggregation every figure is built on. */
export const sumsOf = (table: MetricColumns) =>
  Object.fromEntries(
    METRIC_KEYS.map((key) => [
      key,
      sql<number>`cast(coalesce(sum(${table[key]}), 0) as integer)`.mapWith(Number),
    ]),
  ) as Record<keyof Metrics, SQL<number>>;

export const metricSums = sumsOf(indicators);
export const totalSums = sumsOf(indicatorMonthTotals);

/** Points of one month-totals row by the shared scoring rule; 0 when the agent has no row (LEFT JOIN). */
export const monthScore = sql<number>`cast(coalesce(${sql.join(
  METRIC_KEYS.map((key) => sql`${indicatorMonthTotals[key]} * ${sql.raw(String(SCORE_WEIGHTS[key]))}`),
  sql` + `,
)}, 0) as integer)`.mapWith(Number);

/** Month-totals rows of a calendar month in Israel (the triggers derive the month in Asia/Jerusalem). */
export const totalsOfMonth = (year: number, month: number) =>
  and(eq(indicatorMonthTotals.year, year), eq(indicatorMonthTotals.month, month));

/** The filter of indicators in [from, to), on the indexed created_at column. */
export const inRange = (range: Range) =>
  and(gte(indicators.createdAt, range.from), lt(indicators.createdAt, range.to));

export const ofAgent = (agentId: string) => eq(indicators.agentId, agentId);

/** SQL twin of `worksAsAgent` (src/shared/domain/roles.ts): role agent, or admin leading consultant / CTO. */
const doesAgentWork = (holder: { role: AnyPgColumn; companyRole: AnyPgColumn }) =>
  or(
    eq(holder.role, 'agent'),
    inArray(holder.companyRole, titlesOf(COMPANY_ROLES.leadingConsultant, COMPANY_ROLES.ctoManager)),
  );

/** Did agent work at some time in the range, by the roles held then (not today's role). */
const workedAsAgentDuring = (db: Database, range: Bounds) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(userRoleHistory)
      .where(
        and(eq(userRoleHistory.userId, users.id), roleHeldDuring(range), doesAgentWork(userRoleHistory)),
      ),
  );

/**
 * SQL twin of `countsInMonth` (src/shared/domain/month-figures.ts), for a query that LEFT JOINs the month's
 * totals row and, optionally, its goal: agent work in that month, and active or with entries (or a goal) then.
 */
export const countedInMonth = (db: Database, year: number, month: number, goalAgentId?: AnyPgColumn) =>
  countedDuring(db, israelMonthRange(year, month), goalAgentId);

/** countedInMonth for the month's range given as bounds (a prepared statement's placeholders). */
export const countedDuring = (db: Database, range: Bounds, goalAgentId?: AnyPgColumn) =>
  and(
    workedAsAgentDuring(db, range),
    or(
      eq(users.active, true),
      isNotNull(indicatorMonthTotals.agentId),
      ...(goalAgentId ? [isNotNull(goalAgentId)] : []),
    ),
  );
