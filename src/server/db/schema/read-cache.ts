import { bigint, jsonb, pgSequence, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * The read caches' write numbers (docs/decisions/0007-read-caches.md, 0022-scoped-cache-invalidation.md): every
 * write that may change a cached read takes the next value before it is answered. A sequence, because nextval
 * is not rolled back and never waits for another transaction.
 */
export const readCacheGeneration = pgSequence('read_cache_generation');

/**
 * The log of those writes and the scopes each changed (PostgreSQL with several processes): a process that
 * confirms its caches reads the writes after the last one it applied. Written in number order (one writer at
 * a time, under an advisory lock), so a missing number is a write whose announcement failed; old rows are
 * pruned.
 */
export const readCacheWrites = pgTable('read_cache_writes', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
