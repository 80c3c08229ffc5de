import { pgSequence } from 'drizzle-orm/pg-core';

/**
 * The read caches' shared write generation (docs/decisions/0007-read-caches.md): every write that may change
 * a cached read takes the next value before it is answered, and a server process compares the current value
 * with the one its cached entries were loaded under. A sequence, because nextval is not rolled back and never
 * waits for another transaction.
 */
export const readCacheGeneration = pgSequence('read_cache_generation');
