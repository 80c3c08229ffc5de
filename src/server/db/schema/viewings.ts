import type { BookingMode, ViewingStatus } from '@shared/domain/viewing-slots';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { branchOfRow } from './branch-column';
import { contacts, leadActivities, leads } from './leads';
import { brokerageOrders } from './orders';
import { properties } from './properties';
import { users } from './users';

/**
 * How a property is viewed (docs/viewings.md): booked at once in a free slot ('instant') or asked for with up
 * to three proposed slots that the agent confirms ('request', the default); how many visitors one slot takes
 * (1, or more for an open house) and how long a slot is. A property without a row uses the defaults.
 */
export const propertyViewingSettings = pgTable(
  'property_viewing_settings',
  {
    propertyId: uuid('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    bookingMode: text('booking_mode').$type<BookingMode>().notNull().default('request'),
    capacity: integer('capacity').notNull().default(1),
    slotMinutes: integer('slot_minutes').notNull().default(30),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('property_viewing_settings_mode', sql`${t.bookingMode} in ('instant', 'request')`),
    check('property_viewing_settings_capacity', sql`${t.capacity} between 1 and 50`),
    check('property_viewing_settings_slot', sql`${t.slotMinutes} between 10 and 240`),
  ],
);

/** An agent's weekly hours for viewings: a window on a weekday (0 Sunday), Israel wall-clock minutes. */
export const agentAvailability = pgTable(
  'agent_availability',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    fromMinute: integer('from_minute').notNull(),
    toMinute: integer('to_minute').notNull(),
  },
  (t) => [
    index('agent_availability_agent_idx').on(t.agentId, t.weekday),
    check(
      'agent_availability_window',
      sql`${t.weekday} between 0 and 6 and ${t.fromMinute} >= 0
      and ${t.toMinute} <= 1440 and ${t.fromMinute} < ${t.toMinute}`,
    ),
  ],
);

/**
 * A time no viewing may take: the agent's (agent_id set: every property of the agent) or the seller's for one
 * property (property_id set).
 */
export const viewingBlocks = pgTable(
  'viewing_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('viewing_blocks_agent_idx').on(t.agentId, t.startsAt),
    index('viewing_blocks_property_idx').on(t.propertyId, t.startsAt),
    check('viewing_blocks_owner', sql`(${t.agentId} is null) <> (${t.propertyId} is null)`),
    check('viewing_blocks_span', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/**
 * A visitor's viewing of a property with its agent. A 'requested' one holds its proposals (up to three starts)
 * and no slot; 'confirmed' ones take `seats` of their slot. Only the hash of the cancel link's token is stored.
 */
export const viewings = pgTable(
  'viewings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'set null' }),
    branchId: branchOfRow(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Proposed starts (ISO instants) of a request, the first one in starts_at. */
    proposals: text('proposals').array().notNull().default(sql`'{}'::text[]`),
    seats: integer('seats').notNull().default(1),
    visitorName: text('visitor_name').notNull(),
    visitorPhone: text('visitor_phone').notNull(),
    visitorEmail: text('visitor_email'),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    status: text('status').$type<ViewingStatus>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** After the viewing (outcome.ts): the visitor's interest 1-5 and the agent's line, when it took place. */
    interest: integer('interest'),
    outcomeNotes: text('outcome_notes'),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    outcomeBy: uuid('outcome_by').references(() => users.id, { onDelete: 'set null' }),
    /** The tour activity the outcome logged on the lead (its indicator row hangs on it). */
    tourActivityId: uuid('tour_activity_id').references(() => leadActivities.id, { onDelete: 'set null' }),
    /** The calendar invitation's SEQUENCE: 0 when first sent, one more at each move or cancellation. */
    sequence: integer('sequence').notNull().default(0),
    /**
     * When a request left unanswered for the set office hours went to the branch manager (viewings/escalation.ts);
     * set once, by a conditional update, so it goes once however many processes run the job.
     */
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    /**
     * The visitor's brokerage order sent with the confirmation (orders/viewing-order.ts): a new one or the one
     * the visitor already had for this property; null until the viewing is confirmed, or when none could be
     * prepared, and then `order_problem` says why (the agent sees it on the card).
     */
    orderId: uuid('order_id').references(() => brokerageOrders.id, { onDelete: 'set null' }),
    orderProblem: text('order_problem'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('viewings_agent_idx').on(t.agentId, t.startsAt),
    index('viewings_property_idx').on(t.propertyId, t.startsAt),
    index('viewings_branch_idx').on(t.branchId, t.startsAt),
    uniqueIndex('viewings_token_idx').on(t.tokenHash),
    // The escalation job's look-up: requests still waiting for an answer.
    index('viewings_unanswered_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'requested' and ${t.escalatedAt} is null`),
    check('viewings_status', sql`${t.status} in ('requested', 'confirmed', 'cancelled', 'done', 'no_show')`),
    check('viewings_span', sql`${t.startsAt} < ${t.endsAt}`),
    check('viewings_seats', sql`${t.seats} >= 1`),
    check('viewings_interest', sql`${t.interest} is null or ${t.interest} between 1 and 5`),
  ],
);
