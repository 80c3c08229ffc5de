import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A licensed broker of a branch, as the brokerage order prints them. */
export type BranchBroker = { name: string; licenceNumber: string };

/**
 * An office of the network (docs/decisions/0032-branches.md): every user, property, contact, lead, lead
 * activity (deals among them) and daily entry belongs to one. A branch is closed (active false), never deleted
 * while it holds rows (the foreign keys refuse).
 */
export const branches = pgTable(
  'branches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The branch's address on the public site (/branches/<slug>): lower-case latin letters, digits, dashes. */
    slug: text('slug').notNull(),
    city: text('city').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    openingHours: text('opening_hours').notNull().default(''),
    /** The company that holds the branch (a franchise's own company). */
    legalEntity: text('legal_entity').notNull().default(''),
    brokers: jsonb('brokers').$type<BranchBroker[]>().notNull().default(sql`'[]'::jsonb`),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('branches_slug_idx').on(t.slug), uniqueIndex('branches_name_idx').on(t.name)],
);
