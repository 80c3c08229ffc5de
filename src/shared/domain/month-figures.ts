import type { Gender } from './gender';
import { METRIC_KEYS, type MetricKey, type Metrics } from './metrics';
import { forecast, percentage } from './performance';
import { type RoleHolder, worksAsAgent } from './roles';
import type { WorkingDays } from './working-days';

/** One metric of a performance table: goal and percentage null mean 'no goal'. */
export type MetricFigures = {
  actual: number;
  goal: number | null;
  percentage: number | null;
  forecast: number;
};
export type Figures = Record<MetricKey, MetricFigures>;

/** A person's raw month: totals (null: no entries that month) and goal (null: none). */
export type MonthPerson = {
  id: string;
  name: string;
  gender: Gender;
  /** The roles held at some time in the month (`rolesDuring` of the role history), not today's role. */
  roles: RoleHolder[];
  active: boolean;
  actual: Metrics | null;
  goal: Metrics | null;
};

export type AgentMonth = Figures & {
  agentId: string;
  agentName: string;
  gender: Gender;
  active: boolean;
  hasEntries: boolean;
};

const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;
const ZERO = Object.fromEntries(METRIC_KEYS.map((k) => [k, 0])) as Metrics;

/**
 * Per metric: actual, goal, percentage (null without a goal) and forecast from the working days, written into
 * `into` (a loop, not arrays of entries: every agent's performance makes 300 of these per answer).
 */
export function figures<T extends object = object>(
  actual: Metrics,
  goal: Metrics | null,
  days: WorkingDays,
  into: T = {} as T,
): T & Figures {
  const out = into as T & Figures;
  for (const key of METRIC_KEYS) {
    const value = actual[key];
    const goalValue = goal ? goal[key] : null;
    out[key] = {
      actual: value,
      goal: goalValue,
      percentage: percentage(value, goalValue),
      forecast: forecast(value, days.elapsed, days.total),
    };
  }
  return out;
}

/**
 * Who counts in a month's figures: someone who did agent work at some time in that month, by the role they
 * held then (docs/decisions/0015-role-history.md), and is active, or has since been deactivated but has entries
 * or a goal in that month (docs/decisions/0010-who-counts-in-a-month.md).
 */
export function countsInMonth(person: Pick<MonthPerson, 'roles' | 'active' | 'actual' | 'goal'>) {
  return person.roles.some(worksAsAgent) && (person.active || person.actual !== null || person.goal !== null);
}

/** `localeCompare(b, 'he')` with one collator for every comparison, instead of one looked up per call. */
const byHebrewName = new Intl.Collator('he').compare;

/** The rows shown for a month, by name. */
export function agentMonths(people: MonthPerson[], days: WorkingDays): AgentMonth[] {
  return people
    .filter(countsInMonth)
    .sort((a, b) => byHebrewName(a.name, b.name))
    .map((p) =>
      figures(p.actual ?? ZERO, p.goal, days, {
        agentId: p.id,
        agentName: p.name,
        gender: p.gender,
        active: p.active,
        hasEntries: p.actual !== null,
      }),
    );
}

/**
 * The company row: per metric the sum of the shown rows' actuals, goals (null when no row has a goal) and
 * forecasts, so an office manager adding up the agent tables reaches it exactly.
 */
export function companyMonth(rows: Figures[]): Figures {
  return Object.fromEntries(
    METRIC_KEYS.map((key) => {
      const actual = rows.reduce((sum, row) => sum + row[key].actual, 0);
      const goals = rows.map((row) => row[key].goal).filter((g): g is number => g !== null);
      const goal = goals.length ? goals.reduce((a, b) => a + b, 0) : null;
      return [
        key,
        {
          actual,
          goal,
          percentage: percentage(actual, goal),
          forecast: round2(rows.reduce((sum, row) => sum + row[key].forecast, 0)),
        },
      ];
    }),
  ) as Figures;
}

/** A month with no goals and no entries for anyone shown. */
export const isEmptyMonth = (rows: AgentMonth[]) =>
  rows.every((row) => !row.hasEntries && METRIC_KEYS.every((key) => row[key].goal === null));
