import type { ReferralStatus } from '@shared/domain/referrals';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { leads } from './leads';
import { users } from './users';

/**
 * A lead referred from one branch to another for a referral fee (docs/decisions/0044-lead-referrals.md). The
 * receiving branch accepts (the lead moves to it) or declines with a reason; the row stays as the dated record
 * of the fee agreed, whatever happens to the lead afterwards.
 */
export const leadReferrals = pgTable(
  'lead_referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    fromBranchId: uuid('from_branch_id')
      .notNull()
      .references(() => branches.id),
    toBranchId: uuid('to_branch_id')
      .notNull()
      .references(() => branches.id),
    /** The referral fee, a whole percent (0-100) of the referring side's commission, as agreed when referred. */
    feePercent: integer('fee_percent').notNull(),
    referredBy: uuid('referred_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    status: text('status').$type<ReferralStatus>().notNull().default('pending'),
    declineReason: text('decline_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // One pending referral per lead, held by the database whoever writes.
    uniqueIndex('lead_referrals_pending_idx').on(t.leadId).where(sql`${t.status} = 'pending'`),
    index('lead_referrals_from_idx').on(t.fromBranchId, t.createdAt),
    index('lead_referrals_to_idx').on(t.toBranchId, t.createdAt),
    index('lead_referrals_created_idx').on(t.createdAt),
    check('lead_referrals_fee_check', sql`${t.feePercent} between 0 and 100`),
    check('lead_referrals_branches_check', sql`${t.fromBranchId} <> ${t.toBranchId}`),
    check('lead_referrals_status_check', sql`${t.status} in ('pending', 'accepted', 'declined')`),
  ],
);
