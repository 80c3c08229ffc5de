import { index, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { metricColumns } from './performance';
import { users } from './users';

/**
 * Each agent's indicator sums per calendar month in Israel time, kept by statement-level triggers on
 * `indicators` (migration indicator_totals_trigger), so the month figures (scoreboard, performance,
 * company) read one row per agent instead of summing a month of daily rows on every request.
 * Never written by the application: the database keeps it equal to the GROUP BY of `indicators`.
 */
export const indicatorMonthTotals = pgTable(
  'indicator_month_totals',
  {
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    ...metricColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.year, t.month] }),
    index('indicator_month_totals_month_idx').on(t.year, t.month),
  ],
);
