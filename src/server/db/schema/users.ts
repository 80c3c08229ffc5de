import { GENDERS } from '@shared/domain/gender';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { branchOfRow } from './branch-column';

export const roleEnum = pgEnum('user_role', ['admin', 'agent']);
/** The grammatical gender Hebrew addresses the user in (src/shared/domain/gender.ts). */
export const genderEnum = pgEnum('user_gender', GENDERS);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    role: roleEnum('role').notNull().default('agent'),
    companyRole: text('company_role'),
    /** The one branch the user works in (docs/decisions/0032-branches.md). */
    branchId: branchOfRow(),
    /**
     * An admin who reads and manages every branch (the network CEO, network-level admins); an admin without it
     * manages their own branch only (a branch manager or franchisee). Agents never have it.
     */
    networkAccess: boolean('network_access').notNull().default(false),
    gender: genderEnum('gender').notNull().default('male'),
    image: text('image'),
    aboutMe: text('about_me').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    /**
     * Shown on the public site (the agents grid, the agent's page, the branch page, a listing's contact): a
     * manager's switch (docs/decisions/0057-staff-on-the-public-site.md). Off unless set: new people get it from
     * createUser (on for those who do agent work), the migration gave it to those who did.
     */
    showOnSite: boolean('show_on_site').notNull().default(false),
    /** The person's own phone on the public site; without it (or without a phone) their branch's office phone. */
    showPhone: boolean('show_phone').notNull().default(true),
    /** In the leads round robin (with worksAsAgent and no leave); an admin's switch. */
    takesLeads: boolean('takes_leads').notNull().default(true),
    /** Leave dates in Israel, both included (routing skips the agent); no start means from now on. */
    leaveFrom: date('leave_from', { mode: 'string' }),
    leaveUntil: date('leave_until', { mode: 'string' }),
    /** The `_id` of this record in the earlier MongoDB app, when it was imported from there. */
    legacyId: text('legacy_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    index('users_branch_idx').on(t.branchId),
    uniqueIndex('users_legacy_id_idx').on(t.legacyId),
  ],
);

/** Server-side sessions: the cookie holds a random token, the row holds only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last request seen (updated at most once a minute); past the idle timeout the session is over. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);
