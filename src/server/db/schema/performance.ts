import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { byMetric } from '../../../shared/domain/metrics';
import { branchOfRow } from './branch-column';
import { branches } from './branches';
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
    /** The agent's branch when the entry was written (filled by the database when a writer leaves it out). */
    branchId: branchOfRow(),
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
    /** The agent's branch when the goal was set (filled by the database when a writer leaves it out). */
    branchId: branchOfRow(),
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

/**
 * A branch's monthly goal, beside the agents' goals: what the network asks of the office as a whole. Kept apart
 * from `goals`, so the sums of agents' goals (performance tables, the company row) never count it twice.
 */
export const branchGoals = pgTable(
  'branch_goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    ...metricColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('branch_goals_branch_month_idx').on(t.branchId, t.year, t.month),
    index('branch_goals_month_idx').on(t.year, t.month),
  ],
);
