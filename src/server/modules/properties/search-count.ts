import type { PropertySearchQuery } from '@shared/schemas/property';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { properties } from '../../db/schema';

/** How long a total may be reused; a change made through this process clears it at once. */
const TTL_MS = 10_000;
const MAX_ENTRIES = 2_000;
const caches = new WeakMap<Database, Map<string, { total: number; at: number }>>();

const keyOf = (q: PropertySearchQuery) =>
  JSON.stringify([q.type, q.city, q.street, q.category, q.minRooms, q.maxRooms, q.minPrice, q.maxPrice]);

/**
 * The total of a search. Counting a broad filter (every sale) reads tens of thousands of rows while
 * the page itself reads twelve, and paging or re-sorting asks for the same total again; so totals are
 * kept for a few seconds per database. Other server processes may show a total up to TTL_MS old.
 */
export async function countMatching(db: Database, q: PropertySearchQuery, where: SQL): Promise<number> {
  const cache = caches.get(db) ?? new Map<string, { total: number; at: number }>();
  caches.set(db, cache);
  const key = keyOf(q);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.total;
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(properties).where(where);
  const total = row?.total ?? 0;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { total, at: Date.now() });
  return total;
}

/** Called after every property create, update and delete. */
export function clearSearchCounts(db: Database) {
  caches.get(db)?.clear();
}
