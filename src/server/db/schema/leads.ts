import type { ActivityKind, SystemActivityKind } from '@shared/domain/activities';
import type { LeadSource, LeadStatus, LossReason } from '@shared/domain/pipeline';
import type { RoutingRule } from '@shared/domain/routing';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { branchOfRow } from './branch-column';
import { branches } from './branches';
import { properties } from './properties';
import { users } from './users';

/**
 * One person who asked something of the agency, keyed by the normalized Israeli mobile number
 * (`normalizeIsraeliMobile`, '+9725XXXXXXXX'); a phone that is not an Israeli mobile has no key and never merges.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The phone as first written. */
    phone: text('phone').notNull(),
    phoneKey: text('phone_key'),
    /** Lower-case; a buyer who saved a search with an e-mail and no mobile is found by it. */
    email: text('email'),
    /** The branch the person first reached; the contact stays one person across the network (keyed by phone). */
    branchId: branchOfRow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_phone_key_idx').on(t.phoneKey).where(sql`${t.phoneKey} is not null`),
    index('contacts_created_idx').on(t.createdAt),
    index('contacts_email_idx').on(t.email),
  ],
);

/** A seller's valuation request: the property it asks about. */
export type ValuationDetails = { city: string; street: string; rooms: number; size: number };

/**
 * One request of a contact (the home form, a property inquiry, a valuation request, a lead added by hand),
 * worked through the pipeline by its owner (docs/leads.md).
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    category: text('category').notNull(),
    source: text('source').$type<LeadSource>().notNull().default('homeForm'),
    /** An inquiry about a property: the property and the visitor's message. */
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    message: text('message').notNull().default(''),
    valuation: jsonb('valuation').$type<ValuationDetails>(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The one branch that works the lead (its property's, else its owner's, else the default branch). */
    branchId: branchOfRow(),
    status: text('status').$type<LeadStatus>().notNull().default('new'),
    lossReason: text('loss_reason').$type<LossReason>(),
    lossText: text('loss_text'),
    nextTouchAt: timestamp('next_touch_at', { withTimezone: true }),
    /** Why the owner got it, in Hebrew (ROUTING_REASONS). */
    routingReason: text('routing_reason').notNull().default(''),
    firstContactAt: timestamp('first_contact_at', { withTimezone: true }),
    /** Set once, by the response clock's conditional update, when the lead waited past the target. */
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    /** The next touch whose reminder was queued (one reminder per next touch). */
    touchRemindedAt: timestamp('touch_reminded_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The table's order (newest first) with its tie-breaker, so a keyset page is one index range
    // (docs/decisions/0039-lists-by-keyset.md); per owner and per branch for agents and branch admins.
    index('leads_created_idx').on(t.createdAt, t.id),
    index('leads_property_idx').on(t.propertyId, t.createdAt),
    index('leads_owner_idx').on(t.ownerId, t.createdAt, t.id),
    index('leads_branch_idx').on(t.branchId, t.createdAt, t.id),
    index('leads_contact_idx').on(t.contactId, t.createdAt),
    // The board's columns (the latest change first), network-wide, per owner and per branch.
    index('leads_status_idx').on(t.status, t.updatedAt, t.id),
    index('leads_owner_status_idx').on(t.ownerId, t.status, t.updatedAt, t.id),
    index('leads_branch_status_idx').on(t.branchId, t.status, t.updatedAt, t.id),
    index('leads_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.firstContactAt} is null and ${t.escalatedAt} is null`),
    index('leads_next_touch_idx').on(t.nextTouchAt).where(sql`${t.nextTouchAt} is not null`),
    // The managers' digest lists the leads escalated in its window (modules/leads/pipeline/escalation-digest.ts).
    index('leads_escalated_idx').on(t.escalatedAt).where(sql`${t.escalatedAt} is not null`),
  ],
);

/** What was done on a lead: an agent's activity, or a status change or assignment the server recorded. */
export const leadActivities = pgTable(
  'lead_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ActivityKind | SystemActivityKind>().notNull(),
    /** Whose work it is (whose indicators it counts in). */
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'set null' }),
    /** The lead's branch when it was done: a deal counts for the branch that made it. */
    branchId: branchOfRow(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note').notNull().default(''),
    amount: integer('amount'),
    price: integer('price'),
    /**
     * A deal's fee in ₪. With side fees (below) it is their sum as typed, each side with or without VAT; without
     * them (deals logged before, or typed as one figure) it is the fee before VAT (docs/money.md).
     */
    commission: integer('commission'),
    /** A deal's fee from the buyer's or tenant's side, in ₪, and whether it was typed with VAT in it. */
    buyerSideFee: integer('buyer_side_fee'),
    buyerSideFeeIncludesVat: boolean('buyer_side_fee_includes_vat').notNull().default(false),
    /** A deal's fee from the seller's or landlord's side, in ₪, and whether it was typed with VAT in it. */
    sellerSideFee: integer('seller_side_fee'),
    sellerSideFeeIncludesVat: boolean('seller_side_fee_includes_vat').notNull().default(false),
    secondAgentId: uuid('second_agent_id').references(() => users.id, { onDelete: 'set null' }),
    secondAgentCommission: integer('second_agent_commission'),
    fromStatus: text('from_status').$type<LeadStatus>(),
    toStatus: text('to_status').$type<LeadStatus>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lead_activities_lead_idx').on(t.leadId, t.occurredAt),
    index('lead_activities_agent_idx').on(t.agentId, t.occurredAt),
  ],
);

/** The pipeline's settings (one row, id 1) and the round robin's position, read and advanced under FOR UPDATE. */
export const leadSettings = pgTable('lead_settings', {
  id: integer('id').primaryKey().default(1),
  rules: jsonb('rules').$type<RoutingRule[]>(),
  cityAgents: jsonb('city_agents').$type<{ city: string; agentId: string }[]>(),
  slaMinutes: integer('sla_minutes'),
  officeOpens: text('office_opens'),
  officeCloses: text('office_closes'),
  /** Who the round robin gave the last lead to. */
  roundRobinLastId: uuid('round_robin_last_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A branch's own pipeline settings (docs/decisions/0047-routing-per-branch.md). Without a row, or with `own`
 * false, the branch routes by the network's row above (`lead_settings`); its round robin's position is its own.
 */
export const branchLeadSettings = pgTable('branch_lead_settings', {
  branchId: uuid('branch_id')
    .primaryKey()
    .references(() => branches.id),
  /** Whether the branch set its own rules, city agents, response target and hours (else the network's). */
  own: boolean('own').notNull().default(false),
  rules: jsonb('rules').$type<RoutingRule[]>(),
  cityAgents: jsonb('city_agents').$type<{ city: string; agentId: string }[]>(),
  slaMinutes: integer('sla_minutes'),
  officeOpens: text('office_opens'),
  officeCloses: text('office_closes'),
  /** Who the branch's round robin gave the last lead to. */
  roundRobinLastId: uuid('round_robin_last_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The cities a branch covers: a public lead of such a city goes to it. A city belongs to one branch at most. */
export const branchCities = pgTable(
  'branch_cities',
  {
    city: text('city').primaryKey(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
  },
  (t) => [index('branch_cities_branch_idx').on(t.branchId)],
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
    /** An HTML part (alerts), sent beside the text. */
    html: text('html'),
    /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** An iCalendar invitation (a viewing's .ics), sent as the mail's calendar part with its METHOD. */
    ics: text('ics'),
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
