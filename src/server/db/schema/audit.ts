import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Who changed what, when: one row per change made through the API (never passwords or tokens). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    entity: text('entity')
      .$type<
        'user' | 'settings' | 'property' | 'goal' | 'indicator' | 'import' | 'lead' | 'branch' | 'order'
      >()
      .notNull(),
    entityId: text('entity_id'),
    action: text('action')
      .$type<'create' | 'update' | 'delete' | 'activate' | 'deactivate' | 'revoke'>()
      .notNull(),
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.createdAt),
    index('audit_log_entity_id_idx').on(t.entity, t.entityId),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);
