import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The agency's details, one row (id 1); the JSON is validated by the shared agencySettingsSchema. */
export const agencySettings = pgTable('agency_settings', {
  id: integer('id').primaryKey().default(1),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters shared by every server process (sign-in and public forms). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
