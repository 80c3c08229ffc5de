import { index, integer, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
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
    meetings: integer('meetings').notNull().default(0),
    exclusives: integer('exclusives').notNull().default(0),
    priceUpdates: integer('price_updates').notNull().default(0),
    buyerTours: integer('buyer_tours').notNull().default(0),
    priceOffers: integer('price_offers').notNull().default(0),
    deals: integer('deals').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.year, t.month] }),
    index('indicator_month_totals_month_idx').on(t.year, t.month),
  ],
);
