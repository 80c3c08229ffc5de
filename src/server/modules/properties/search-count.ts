import { type PropertySearchQuery, SEARCH_COUNT_CAP } from '@shared/schemas/property';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { properties } from '../../db/schema';
import { scopes } from '../../plugins/cache-scopes';
import { propertyCaches } from './read-cache';
import { PreparedShapes, searchValues, shapeConditions } from './search-shapes';

const keyOf = (q: PropertySearchQuery) =>
  JSON.stringify([
    q.type,
    q.sold,
    q.city,
    q.street,
    q.category,
    q.minRooms,
    q.maxRooms,
    q.minPrice,
    q.maxPrice,
  ]);

export type SearchCount = { total: number; totalCapped: boolean };

/** The capped count of each search shape, prepared once per database (search-shapes.ts). */
const counts = new PreparedShapes((db, q, name) => {
  const matches = db
    .select({ one: sql`1` })
    .from(properties)
    .where(shapeConditions(q))
    .limit(sql.placeholder('cap'))
    .as('matches');
  return db.select({ n: sql<number>`count(*)::int` }).from(matches).prepare(name);
});

/**
 * The total of a search, exact up to `cap` matches: the count reads at most cap + 1 rows however broad the
 * filter (every sale of 100,000 listings), instead of every match, from the same covering indexes as the
 * page (index-only). Paging and re-sorting ask for the same total again, so totals are kept in a read cache
 * like the pages (a write through this process drops them).
 */
export function countMatching(
  db: Database,
  q: PropertySearchQuery,
  cap = SEARCH_COUNT_CAP,
): Promise<SearchCount> {
  return propertyCaches.counts.get(
    db,
    `${cap}:${keyOf(q)}`,
    async () => {
      const [row] = await counts.get(db, q, 'count').execute({ ...searchValues(q), cap: cap + 1 });
      const n = row?.n ?? 0;
      return { total: Math.min(n, cap), totalCapped: n > cap };
    },
    [scopes.listings(q.type)],
  );
}
