import { israelMonthRange } from '@shared/domain/israel-calendar';
import { byMetric, METRIC_KEYS, type MetricKey, type Metrics } from '@shared/domain/metrics';
import { percentage } from '@shared/domain/performance';
import { conversionRate, percentile } from '@shared/domain/pipeline';
import type { NetworkDashboard, NetworkFigures } from '@shared/schemas/network';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { branchGoals, goals, indicators, leads } from '../../db/schema';
import { branchDirectory, branchRefOf, listBranches } from '../branches';
import { readOfficeHours, responseMinutesOf } from '../leads';
import { type BranchMoney, branchesMonthMoney, noMoney } from '../money';

/**
 * The network dashboard (docs/decisions/0045-network-figures.md): each branch's month side by side. Every lead,
 * entry and agent's goal counts for the branch written on its row (the branch it arrived in, the agent's branch
 * when the entry or goal was written), so the branches partition the network: the network column is exactly
 * the sum of the branch columns, also when an agent moved in the middle of the month.
 */

type Sums = Record<MetricKey, number>;
const sumColumns = <T extends Record<MetricKey, unknown>>(table: T) =>
  byMetric((key) => sql<number>`cast(coalesce(sum(${table[key]}), 0) as integer)`.mapWith(Number));

const zero = (): Sums => byMetric(() => 0);

async function monthRows(db: Database, year: number, month: number) {
  const range = israelMonthRange(year, month);
  return Promise.all([
    db
      .select({
        branchId: leads.branchId,
        status: leads.status,
        createdAt: leads.createdAt,
        firstContactAt: leads.firstContactAt,
      })
      .from(leads)
      .where(and(gte(leads.createdAt, range.from), lt(leads.createdAt, range.to))),
    db
      .select({ branchId: indicators.branchId, ...sumColumns(indicators) })
      .from(indicators)
      .where(and(gte(indicators.createdAt, range.from), lt(indicators.createdAt, range.to)))
      .groupBy(indicators.branchId),
    db
      .select({ branchId: goals.branchId, ...sumColumns(goals) })
      .from(goals)
      .where(and(eq(goals.year, year), eq(goals.month, month)))
      .groupBy(goals.branchId),
    db
      .select()
      .from(branchGoals)
      .where(and(eq(branchGoals.year, year), eq(branchGoals.month, month))),
    readOfficeHours(db),
  ]);
}

/**
 * A branch's goal of a metric: the goal the network set for the branch when there is one, else the sum of its
 * agents' goals; null when neither is set.
 */
const goalOf = (key: MetricKey, own: Metrics | undefined, agents: Sums | undefined): number | null =>
  own ? own[key] : agents ? agents[key] : null;

function figures(
  leadRows: { status: string; minutes: number | null }[],
  actual: Sums,
  goal: Record<MetricKey, number | null>,
  money: BranchMoney,
): NetworkFigures {
  const minutes = leadRows.flatMap((r) => (r.minutes === null ? [] : [r.minutes]));
  const deals = leadRows.filter((r) => r.status === 'deal').length;
  return {
    received: leadRows.length,
    medianMinutes: percentile(minutes, 50),
    deals,
    conversion: conversionRate(deals, leadRows.length),
    indicators: byMetric((key) => ({
      actual: actual[key],
      goal: goal[key],
      percentage: percentage(actual[key], goal[key]),
    })),
    money,
  };
}

export async function networkDashboard(db: Database, year: number, month: number): Promise<NetworkDashboard> {
  const [[leadRows, entrySums, goalSums, ownGoals, { hours }], all, directory, money] = await Promise.all([
    monthRows(db, year, month),
    listBranches(db, { all: true }),
    branchDirectory(db),
    branchesMonthMoney(db, year, month),
  ]);
  const measured = leadRows.map((row) => ({ ...row, minutes: responseMinutesOf(row, hours) }));
  // Each branch's leads, in one pass (not one pass per branch: fifty branches read the month fifty times).
  const leadsOf = new Map<string, typeof measured>();
  for (const row of measured) {
    const list = leadsOf.get(row.branchId);
    if (list) list.push(row);
    else leadsOf.set(row.branchId, [row]);
  }
  const entries = new Map(entrySums.map((row) => [row.branchId, row]));
  const agentGoals = new Map(goalSums.map((row) => [row.branchId, row]));
  const branchGoalRows = new Map(ownGoals.map((row) => [row.branchId, row]));
  const columns = all
    .map((branch) => {
      const goal = byMetric((key) => goalOf(key, branchGoalRows.get(branch.id), agentGoals.get(branch.id)));
      return {
        branch: branchRefOf(directory, branch.id),
        active: branch.active,
        ...figures(
          leadsOf.get(branch.id) ?? [],
          entries.get(branch.id) ?? zero(),
          goal,
          money.get(branch.id) ?? noMoney(),
        ),
      };
    })
    // A closed branch stays in the months it has figures for (money too).
    .filter(
      (c) =>
        c.active ||
        c.received > 0 ||
        METRIC_KEYS.some((k) => c.indicators[k].actual > 0) ||
        Object.values(c.money).some((v) => v !== 0),
    )
    .map(({ active: _active, ...column }) => column);
  const networkGoal = byMetric((key) => {
    const set = columns.flatMap((c) => (c.indicators[key].goal === null ? [] : [c.indicators[key].goal]));
    return set.length ? set.reduce((a, b) => a + b, 0) : null;
  });
  const networkActual = byMetric((key) => columns.reduce((sum, c) => sum + c.indicators[key].actual, 0));
  const shown = new Set(columns.map((c) => c.branch._id));
  return {
    year,
    month,
    branches: columns,
    network: figures(
      [...shown].flatMap((id) => leadsOf.get(id) ?? []),
      networkActual,
      networkGoal,
      {
        gross: columns.reduce((sum, c) => sum + c.money.gross, 0),
        royaltyDue: columns.reduce((sum, c) => sum + c.money.royaltyDue, 0),
        royaltyPaid: columns.reduce((sum, c) => sum + c.money.royaltyPaid, 0),
      },
    ),
  };
}
