import { israelDate } from '@shared/domain/israel-time';
import { METRIC_KEYS, type MetricKey } from '@shared/domain/metrics';
import type { Indicator } from '@shared/schemas/indicator';

type Figures = Record<MetricKey, number>;

/**
 * One Israel day of an agent's daily status: the entries typed by hand (usually one; a second only when asked
 * for) and the rows its lead activities wrote, with the day's totals and how much of each came from activities.
 */
export type DayRow = {
  date: string;
  createdAt: string;
  typed: Indicator[];
  activities: NonNullable<Indicator['activity']>[];
  totals: Figures;
  fromActivities: Figures;
};

const zero = (): Figures => Object.fromEntries(METRIC_KEYS.map((k) => [k, 0])) as Figures;

/** The rows of a month as one row per day, in the order the days first appear (the list is newest first). */
export function dayRowsOf(indicators: Indicator[]): DayRow[] {
  const days = new Map<string, DayRow>();
  for (const row of indicators) {
    const date = israelDate(new Date(row.createdAt));
    let day = days.get(date);
    if (!day) {
      day = {
        date,
        createdAt: row.createdAt,
        typed: [],
        activities: [],
        totals: zero(),
        fromActivities: zero(),
      };
      days.set(date, day);
    }
    if (row.activity) day.activities.push(row.activity);
    else day.typed.push(row);
    for (const key of METRIC_KEYS) {
      day.totals[key] += row[key];
      if (row.activity) day.fromActivities[key] += row[key];
    }
  }
  return [...days.values()];
}

/** A day's entries typed by hand (the "already recorded" question is about these, never about activities). */
export const typedEntries = (rows: Indicator[]) => rows.filter((row) => !row.activity);
