import { type PropertySearchQuery, SEARCH_COUNT_CAP } from '@shared/schemas/property';
import { sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { properties } from '../../db/schema';
import { scopes } from '../../plugins/cache-scopes';
import { propertyCaches } from './read-cache';
import { PreparedShapes, searchConditions, searchValues, shapeConditions } from './search-shapes';

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
    q.minFloor,
    q.maxFloor,
    q.notGround,
    q.notTop,
    [...new Set(q.amenities)].sort(),
    q.entry,
    q.minPricePerMeter,
    q.maxPricePerMeter,
    q.neighbourhood?.toLocaleLowerCase(),
    q.bbox ?? null,
  ]);

export type SearchCount = { total: number; totalCapped: boolean };

/**
 * The capped count of a search shape's WHERE, as SQL: at most `cap` rows are read however broad the filter
 * (every sale of 100,000 listings), from the same covering indexes as the page (index-only).
 */
export function cappedCount(db: Database, q: PropertySearchQuery) {
  const matches = db
    .select({ one: sql`1` })
    .from(properties)
    .where(shapeConditions(q))
    .limit(sql.placeholder('cap'))
    .as('matches');
  return db.select({ n: sql<number>`count(*)::int` }).from(matches);
}

/** The capped count of each search shape alone, prepared once per database (search-shapes.ts). */
const counts = new PreparedShapes((db, q, name) => cappedCount(db, q).prepare(name));

/** The capped count by its own statement (no read cache). */
export async function countAlone(db: Database, q: PropertySearchQuery, cap = SEARCH_COUNT_CAP) {
  const [row] = await counts.get(db, q, 'count').execute({ ...searchValues(q), cap: cap + 1 });
  return totalOf(row?.n ?? 0, cap);
}

/** The total of `n` matches counted up to cap + 1. */
export const totalOf = (n: number, cap = SEARCH_COUNT_CAP): SearchCount => ({
  total: Math.min(n, cap),
  totalCapped: n > cap,
});

/**
 * The total of a search, exact up to `cap` matches (the count reads at most cap + 1 rows). Paging and
 * re-sorting ask for the same total again, so totals are kept in a read cache like the pages (a write drops
 * them). On a miss `load` counts (the search's page statement counts too, in the same round trip); by default
 * the count alone.
 */
export function countMatching(
  db: Database,
  q: PropertySearchQuery,
  cap = SEARCH_COUNT_CAP,
  load?: () => Promise<SearchCount>,
): Promise<SearchCount> {
  return propertyCaches.counts.get(db, `${cap}:${keyOf(q)}`, load ?? (() => countAlone(db, q, cap)), [
    scopes.listings(q.type),
  ]);
}

/**
 * The capped counts of several searches in one round trip (a UNION ALL of one capped count each, every count
 * reading at most cap + 1 rows), in the order given: the saved searches of a private page.
 */
export async function countEach(
  db: Pick<Database, 'select'>,
  queries: PropertySearchQuery[],
  cap = SEARCH_COUNT_CAP,
): Promise<SearchCount[]> {
  const [first, second, ...rest] = queries.map((q, i) => {
    const matches = db
      .select({ one: sql`1` })
      .from(properties)
      .where(searchConditions(q))
      .limit(cap + 1)
      .as(`matches_${i}`);
    return db.select({ i: sql<number>`${i}::int`, n: sql<number>`count(*)::int` }).from(matches);
  });
  if (!first) return [];
  const rows = second ? await unionAll(first, second, ...rest) : await first;
  const byIndex = new Map(rows.map((r) => [Number(r.i), Number(r.n)]));
  return queries.map((_q, i) => totalOf(byIndex.get(i) ?? 0, cap));
}
