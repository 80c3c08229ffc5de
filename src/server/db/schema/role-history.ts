import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { branchOfRow } from './branch-column';
import { roleEnum, users } from './users';

/**
 * Each user's role and companyRole over time (docs/decisions/0015-role-history.md): one row per period, kept by
 * triggers on `users` (migration role_history), so every writer (the API, the CLI, the import, the seed) records
 * a change. Month figures read who did agent work in that month from here, never from today's role.
 * Never written by the application.
 */
export const userRoleHistory = pgTable(
  'user_role_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    companyRole: text('company_role'),
    /** The branch the user was in during the period (a move to another branch opens a new period). */
    branchId: branchOfRow(),
    /** Start of the period; null for a user's first one, which also covers the time before the account. */
    validFrom: timestamp('valid_from', { withTimezone: true }),
    /** End of the period (exclusive); null while it lasts. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** When the row was written (the account's creation date for the first period of an existing user). */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_role_history_user_idx').on(t.userId, t.validFrom),
    uniqueIndex('user_role_history_current_idx').on(t.userId).where(sql`${t.validUntil} is null`),
  ],
);
