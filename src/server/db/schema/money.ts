import type { SplitTier } from '@shared/domain/commission-statement';
import type { FrozenStatement } from '@shared/schemas/money';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { leadActivities } from './leads';
import { users } from './users';

/**
 * A branch's fee plan from a date on (docs/decisions/0048-commission-statements.md). Rows are dated and never
 * edited: a change is a new row from a date forward, so a deal's statement is computed from the plan in force
 * on its signing date and never moves. Rates in basis points (1800 = 18%), amounts in agorot.
 */
export const feePlans = pgTable(
  'fee_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    /** The first Israel date the plan is in force (until the next plan's). */
    effectiveFrom: date('effective_from').notNull(),
    /** The network's royalty, a share of the fee before VAT. */
    royaltyBp: integer('royalty_bp').notNull(),
    /** The most royalty the branch pays in a calendar year (null: no cap). */
    royaltyCapAgorot: integer('royalty_cap_agorot'),
    /** A monthly fee per agent the branch pays the network (not part of a deal's statement). */
    monthlyFeeAgorot: integer('monthly_fee_agorot').notNull().default(0),
    splitKind: text('split_kind').$type<'fixed' | 'tiers'>().notNull(),
    /** A fixed split: the agent's part of what is left to split. */
    agentBp: integer('agent_bp'),
    /** A graduated split: tiers by the agent's gross in the year. */
    tiers: jsonb('tiers').$type<SplitTier[]>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fee_plans_branch_from_idx').on(t.branchId, t.effectiveFrom),
    check('fee_plans_royalty_check', sql`${t.royaltyBp} between 0 and 10000`),
    check('fee_plans_cap_check', sql`${t.royaltyCapAgorot} is null or ${t.royaltyCapAgorot} >= 0`),
    check('fee_plans_monthly_check', sql`${t.monthlyFeeAgorot} >= 0`),
    check(
      'fee_plans_split_check',
      sql`(${t.splitKind} = 'fixed' and ${t.agentBp} between 0 and 10000 and ${t.tiers} is null) or (${t.splitKind} = 'tiers' and ${t.agentBp} is null and ${t.tiers} is not null)`,
    ),
  ],
);

/** VAT rates by start date: a deal uses the rate in force on its signing date, so past deals keep theirs. */
export const vatRates = pgTable(
  'vat_rates',
  {
    startsOn: date('starts_on').primaryKey(),
    rateBp: integer('rate_bp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('vat_rates_rate_check', sql`${t.rateBp} between 0 and 10000`)],
);

/** Where a deal stands (docs/money.md): partly paid and paid follow from its payments. */
export type DealStatus = 'signed' | 'invoiced' | 'partly_paid' | 'paid' | 'cancelled';

/**
 * A deal's record, one per deal activity (created with it): its status, the date its fee is due and, when it
 * was cancelled, why. A cancelled deal leaves the figures (its indicator row counts no deal).
 */
export const dealRecords = pgTable(
  'deal_records',
  {
    activityId: uuid('activity_id')
      .primaryKey()
      .references(() => leadActivities.id, { onDelete: 'cascade' }),
    status: text('status').$type<DealStatus>().notNull().default('signed'),
    dueOn: date('due_on'),
    cancelReason: text('cancel_reason'),
    /** Why the deal was logged without a signed brokerage order for a side (decision 0055); null when it had them. */
    noOrderReason: text('no_order_reason'),
    /**
     * The deal's statement as it was when its fee was invoiced (decision 0062): every later read uses it, so a
     * later plan, VAT rate or earlier deal never moves an invoiced statement. Cleared when the deal goes back to
     * signed; kept when it is cancelled.
     */
    statement: jsonb('statement').$type<FrozenStatement>(),
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deal_records_status_idx').on(t.status),
    check(
      'deal_records_status_check',
      sql`${t.status} in ('signed', 'invoiced', 'partly_paid', 'paid', 'cancelled')`,
    ),
  ],
);

/** A payment received for a deal's fee, in agorot (VAT included, as the statement's total). */
export const dealPayments = pgTable(
  'deal_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => dealRecords.activityId, { onDelete: 'cascade' }),
    amountAgorot: integer('amount_agorot').notNull(),
    paidOn: date('paid_on').notNull(),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deal_payments_activity_idx').on(t.activityId, t.paidOn),
    check('deal_payments_amount_check', sql`${t.amountAgorot} > 0`),
  ],
);
