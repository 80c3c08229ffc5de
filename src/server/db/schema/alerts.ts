import type { SavedSearchFilters } from '@shared/domain/saved-search';
import type { AlertFrequency } from '@shared/schemas/alerts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contacts, leads } from './leads';
import { properties } from './properties';

/** A visitor who keeps favourites and saved searches and is told of new listings and price drops (docs/alerts.md). */
export const alertSubscribers = pgTable(
  'alert_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Lower-case; one subscriber per address. Null for a visitor who gave a mobile phone only (never mailed). */
    email: text('email'),
    phone: text('phone').notNull().default(''),
    frequency: text('frequency').$type<AlertFrequency>().notNull().default('immediate'),
    /** The first consent: the exact wording shown, when and from where (each later one is in the consent log). */
    consentText: text('consent_text').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    consentIp: text('consent_ip'),
    /** The double opt-in: null until the mailed link is opened. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** The buyer requirement's contact and lead in the pipeline, made on confirmation. */
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /** When the last alert mail was queued: immediate alerts are batched at most once an hour. */
    lastAlertAt: timestamp('last_alert_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_subscribers_email_idx').on(t.email),
    index('alert_subscribers_contact_idx').on(t.contactId),
  ],
);

/** Private links: only the SHA-256 of a random token is kept. `access` opens the page; `unsubscribe` is per mail. */
export const alertTokens = pgTable(
  'alert_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => alertSubscribers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'access' | 'unsubscribe'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_tokens_hash_idx').on(t.tokenHash),
    index('alert_tokens_subscriber_idx').on(t.subscriberId),
  ],
);

/** A saved search, which is also the subscriber's buyer requirement. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => alertSubscribers.id, { onDelete: 'cascade' }),
    filters: jsonb('filters').$type<SavedSearchFilters>().notNull(),
    paused: boolean('paused').notNull().default(false),
    /** Null while waiting for the subscriber's confirmation (added from the form to a known address). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_subscriber_idx').on(t.subscriberId, t.createdAt),
    // The alerts job's matching (modules/alerts/matching.ts): the live searches of a deal type in one city, or
    // in none, with the city as matchRequirement compares it.
    index('saved_searches_live_match_idx')
      .on(sql`(${t.filters}->>'type')`, sql`lower(btrim(${t.filters}->>'city'))`)
      .where(sql`${t.paused} = false and ${t.confirmedAt} is not null`),
  ],
);

/** A kept property (no foreign key: a deleted property still shows, as deleted). */
export const alertFavourites = pgTable(
  'alert_favourites',
  {
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => alertSubscribers.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriberId, t.propertyId] }),
    index('alert_favourites_property_idx').on(t.propertyId),
  ],
);

/**
 * Proof of consent and of its withdrawal: each consent (with the exact wording), confirmation, unsubscribe and
 * deletion, with time and IP. Deletion clears the subscriber's id; the address is kept only as a one-way hash.
 */
export const alertConsentLog = pgTable(
  'alert_consent_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriberId: uuid('subscriber_id').references(() => alertSubscribers.id, { onDelete: 'set null' }),
    emailHash: text('email_hash').notNull(),
    event: text('event').$type<'consent' | 'confirm' | 'unsubscribe' | 'delete'>().notNull(),
    wording: text('wording'),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_consent_log_subscriber_idx').on(t.subscriberId, t.at)],
);

/** What happened to a property that may alert someone, written with the change and worked by the alerts job. */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'newListing' | 'priceDrop'>().notNull(),
    oldPrice: integer('old_price'),
    newPrice: integer('new_price').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_events_pending_idx').on(t.createdAt).where(sql`${t.processedAt} is null`)],
);

/** One property for one subscriber for one reason: the unique index is the 'at most once' rule. */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => alertSubscribers.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<'newListing' | 'priceDrop'>().notNull(),
    oldPrice: integer('old_price'),
    price: integer('price').notNull(),
    /** The mail it went out in; null while waiting for the subscriber's next mail. */
    mailId: uuid('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_deliveries_once_idx').on(t.subscriberId, t.propertyId, t.reason),
    index('alert_deliveries_waiting_idx').on(t.subscriberId).where(sql`${t.mailId} is null`),
  ],
);
