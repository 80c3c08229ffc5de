import type {
  DocumentKind,
  OrderProperty,
  OrderSide,
  OrderStatus,
  PhoneProof,
  SignatureMethod,
  TransactionKind,
} from '@shared/domain/brokerage-order';
import type { ExclusivityNotice, MarketingAction } from '@shared/domain/exclusivity';
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { branchOfRow } from './branch-column';
import { contacts, leads } from './leads';
import { users } from './users';

/**
 * A brokerage order (הזמנת שירותי תיווך, docs/brokerage-order.md, decision 0040). Everything printed on it is a
 * copy taken at issue time (the client's details, the licensed broker of the branch), so a later change of a
 * lead, a branch or the settings never changes an issued order. Once signed, the row is written once more (the
 * evidence, in one transaction) and then only its status may move to revoked; a correction is a new order
 * naming the one it replaces.
 */
export const brokerageOrders = pgTable(
  'brokerage_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** An order of brokerage services, or an exclusivity (בלעדיות) of one property of ours (decision 0053). */
    kind: text('kind').$type<DocumentKind>().notNull().default('order'),
    branchId: branchOfRow(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'set null' }),
    side: text('side').$type<OrderSide>().notNull(),
    transactionKind: text('transaction_kind').$type<TransactionKind>().notNull(),
    clientName: text('client_name').notNull(),
    /** Nine digits (a shorter ID is padded with leading zeros), its check digit verified. */
    clientIdNumber: text('client_id_number').notNull(),
    clientAddress: text('client_address').notNull(),
    clientPhone: text('client_phone').notNull(),
    clientEmail: text('client_email'),
    agencyName: text('agency_name').notNull(),
    brokerName: text('broker_name').notNull(),
    brokerLicence: text('broker_licence').notNull(),
    brokerAddress: text('broker_address').notNull(),
    /** The properties shown or offered: an id of ours and/or a free-text address, at least one. */
    properties: jsonb('properties').$type<OrderProperty[]>().notNull(),
    /** The approximate price or monthly rent asked, in whole shekels. */
    approxPrice: integer('approx_price').notNull(),
    /** A fixed fee in whole agorot, or a percentage in hundredths of a percent (150 = 1.5%); one of the two. */
    feeAgorot: integer('fee_agorot'),
    feePercentHundredths: integer('fee_percent_hundredths'),
    vatIncluded: boolean('vat_included').notNull(),
    // An exclusivity's term (its last day is the end date, when the property stops being exclusive) and the
    // marketing actions the agency commits to; null on an order.
    termStart: date('term_start'),
    termEnd: date('term_end'),
    marketingActions: jsonb('marketing_actions').$type<MarketingAction[]>(),
    status: text('status').$type<OrderStatus>().notNull().default('sent'),
    replacesOrderId: uuid('replaces_order_id'),
    revokeReason: text('revoke_reason'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    // The signing evidence, written once in the signing transaction.
    signatureKey: text('signature_key'),
    signatureMethod: text('signature_method').$type<SignatureMethod>(),
    signerTypedName: text('signer_typed_name'),
    signerIp: text('signer_ip'),
    signerUserAgent: text('signer_user_agent'),
    /** The signing time as an Israeli wall clock ('2026-11-29 11:05:12'), beside the UTC `signed_at`. */
    signedAtIsrael: text('signed_at_israel'),
    phoneProof: text('phone_proof').$type<PhoneProof>(),
    consentSha256: text('consent_sha256'),
    htmlSnapshot: text('html_snapshot'),
    htmlSha256: text('html_sha256'),
    /** Filled by the PDF rendering (modules/orders/pdf) once the order is signed. */
    pdfStorageKey: text('pdf_storage_key'),
    pdfSha256: text('pdf_sha256'),
  },
  (t) => [
    index('brokerage_orders_lead_idx').on(t.leadId, t.createdAt),
    index('brokerage_orders_branch_idx').on(t.branchId, t.createdAt),
    index('brokerage_orders_agent_idx').on(t.agentId, t.status, t.sentAt),
    index('brokerage_orders_properties_idx').using('gin', t.properties),
    index('brokerage_orders_term_end_idx')
      .on(t.termEnd)
      .where(sql`${t.kind} = 'exclusivity' and ${t.status} = 'signed'`),
    index('brokerage_orders_pdf_sha_idx').on(t.pdfSha256).where(sql`${t.pdfSha256} is not null`),
  ],
);

/**
 * A signing link: only the SHA-256 of its random token is stored, so a database reader cannot sign. Single
 * use (`used_at`), expiring; sending again retires the order's earlier links.
 */
export const brokerageOrderLinks = pgTable(
  'brokerage_order_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => brokerageOrders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** When the signer proved the phone with a one-time code sent by SMS (decision 0054). */
    phoneProvenAt: timestamp('phone_proven_at', { withTimezone: true }),
    /** Too many wrong codes: no code is sent or checked before this time. */
    codesLockedUntil: timestamp('codes_locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('brokerage_order_links_token_idx').on(t.tokenHash),
    index('brokerage_order_links_order_idx').on(t.orderId),
  ],
);

/**
 * A one-time code sent by SMS to prove the signer's phone (decision 0054): only its HMAC, keyed with the link's
 * token (which the database does not hold), so a database reader can neither read nor guess it. The latest code
 * of a link is the one checked; each allows a few wrong tries.
 */
export const brokerageOrderCodes = pgTable(
  'brokerage_order_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => brokerageOrderLinks.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('brokerage_order_codes_link_idx').on(t.linkId, t.createdAt)],
);

/** A marketing action done under a signed exclusivity, logged by its agent or a branch manager. */
export const exclusivityActions = pgTable(
  'exclusivity_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => brokerageOrders.id, { onDelete: 'cascade' }),
    doneOn: date('done_on').notNull(),
    action: text('action').$type<MarketingAction>().notNull(),
    note: text('note'),
    evidenceUrl: text('evidence_url'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exclusivity_actions_order_idx').on(t.orderId, t.doneOn)],
);

/**
 * What the exclusivity job has done for an exclusivity, once each: told of no action by a third of the term,
 * told a week before the end, ended (the property's flag cleared). The unique pair makes each happen once
 * across processes; the signed order's own row never changes.
 */
export const exclusivityNotices = pgTable(
  'exclusivity_notices',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => brokerageOrders.id, { onDelete: 'cascade' }),
    notice: text('notice').$type<ExclusivityNotice>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exclusivity_notices_once_idx').on(t.orderId, t.notice)],
);
