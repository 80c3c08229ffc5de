import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { users } from './users';

/**
 * A royalty payment a branch made to the network (docs/money.md, "Royalty payments"): its amount in agorot, the
 * date it was paid and the month it is for. A payment recorded by mistake is voided with a reason, never deleted,
 * so the audit log and the year's balances keep the whole story.
 */
export const royaltyPayments = pgTable(
  'royalty_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    amountAgorot: integer('amount_agorot').notNull(),
    paidOn: date('paid_on').notNull(),
    /** The month the payment is for, `YYYY-MM`. */
    forMonth: text('for_month').notNull(),
    note: text('note').notNull().default(''),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('royalty_payments_branch_month_idx').on(t.branchId, t.forMonth),
    check('royalty_payments_amount_check', sql`${t.amountAgorot} > 0`),
    check('royalty_payments_month_check', sql`${t.forMonth} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('royalty_payments_void_check', sql`(${t.voidedAt} is null) = (${t.voidReason} is null)`),
  ],
);
