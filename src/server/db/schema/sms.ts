import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * SMS waits here until the configured provider took it (modules/sms, decision 0054), like mail in mail_outbox:
 * queued in the transaction of what it is about, claimed with a row lock so two processes never send one twice,
 * retried with backoff. Its text may hold a one-time code or a signing link, so it is emptied once the message is
 * sent, given up, or past `expires_at` (a code no longer valid is not sent at all).
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    refId: uuid('ref_id'),
    /** The phone in international form, '+972521234567'. */
    to: text('to').notNull(),
    text: text('text').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed' | 'expired'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A message nobody asked for at that moment (a viewing's reminder): never sent in quiet hours, on Shabbat or
     * a holiday, its retries included (the personal send window, send-window.ts). Codes and links go at once.
     */
    holdsQuietHours: boolean('holds_quiet_hours').notNull().default(false),
    /** After this the message is useless (an expired code): dropped, never sent. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The provider's status code or the network error, never the text. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_due_idx').on(t.status, t.nextAttemptAt), index('sms_outbox_ref_idx').on(t.refId)],
);
