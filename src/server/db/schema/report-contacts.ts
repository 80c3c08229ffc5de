import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { properties } from './properties';
import { users } from './users';

/** A weekly contact report an agent keeps for an exclusive property. */
export const reportContacts = pgTable(
  'report_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    clientName: text('client_name').notNull(),
    exclusiveProperty: text('exclusive_property').notNull(),
    visits: integer('visits').notNull().default(0),
    views: integer('views').notNull().default(0),
    inquiries: integer('inquiries').notNull().default(0),
    statusDate: date('status_date').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    legacyId: text('legacy_id'),
  },
  (t) => [
    uniqueIndex('report_contacts_legacy_id_idx').on(t.legacyId),
    index('report_contacts_agent_date_idx').on(t.agentId, t.statusDate),
    index('report_contacts_property_idx').on(t.exclusiveProperty, t.statusDate),
  ],
);
