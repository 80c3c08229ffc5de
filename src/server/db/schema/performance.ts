import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { byMetric } from '../../../shared/domain/metrics';
import { leadActivities } from './leads';
import { users } from './users';

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The six metric columns, derived from METRIC_KEYS: whole counts from 0 (price_updates, buyer_tours...). */
export const metricColumns = () => byMetric((key) => integer(snakeCase(key)).notNull().default(0));

/** A daily status: one agent's work counts for a day. */
export const indicators = pgTable(
  'indicators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id),
    ...metricColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    legacyId: text('legacy_id'),
    /** A row written by a lead activity (meeting, tour, offer...): edited and deleted only through it. */
    activityId: uuid('activity_id').references(() => leadActivities.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('indicators_legacy_id_idx').on(t.legacyId),
    uniqueIndex('indicators_activity_idx').on(t.activityId),
    index('indicators_agent_created_idx').on(t.agentId, t.createdAt),
    index('indicators_created_idx').on(t.createdAt),
  ],
);

/** A monthly goal: one per agent, year and month. */
export const goals = pgTable(
  'goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    ...metricColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    legacyId: text('legacy_id'),
  },
  (t) => [
    uniqueIndex('goals_legacy_id_idx').on(t.legacyId),
    uniqueIndex('goals_agent_year_month_idx').on(t.agentId, t.year, t.month),
    index('goals_year_month_idx').on(t.year, t.month),
  ],
);
