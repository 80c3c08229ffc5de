import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { properties } from './properties';
import { users } from './users';

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    category: text('category').notNull(),
    /** An inquiry about a property: the property, the agent it was sent to and the visitor's message. */
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leads_created_idx').on(t.createdAt),
    index('leads_property_idx').on(t.propertyId, t.createdAt),
    index('leads_agent_idx').on(t.agentId, t.createdAt),
  ],
);

export const jobApplications = pgTable(
  'job_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_applications_created_idx').on(t.createdAt)],
);

/** Mail waits here until delivered, so a failing SMTP server loses nothing. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    refId: uuid('ref_id'),
    to: text('to').notNull(),
    /** A copy (the office's address on an inquiry mailed to an agent). */
    cc: text('cc'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed' | 'held'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_ref_idx').on(t.refId),
  ],
);
