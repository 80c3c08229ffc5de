import { type PropertyPage, type PropertySearchQuery, SEARCH_COUNT_CAP } from '@shared/schemas/property';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { properties } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { publicView } from './public-address';
import { joinedPage, type PropertyRow, toProperty } from './queries';
import { cappedCount, countAlone, countMatching, totalOf } from './search-count';
import { PreparedShapes, searchValues, shapeConditions } from './search-shapes';

const ORDERS: Record<PropertySearchQuery['sort'], SQL[]> = {
  newest: [sql`${properties.createdAt} desc`, sql`${properties.id}`],
  priceAsc: [sql`${properties.price} asc`, sql`${properties.id}`],
  priceDesc: [sql`${properties.price} desc`, sql`${properties.id}`],
  roomsAsc: [sql`${properties.rooms} asc nulls last`, sql`${properties.id}`],
  roomsDesc: [sql`${properties.rooms} desc nulls last`, sql`${properties.id}`],
};

/** A sold list shows the latest sales first: 'newest' means the most recently changed there. */
const SOLD_NEWEST: SQL[] = [sql`${properties.updatedAt} desc`, sql`${properties.id}`];
const orderOf = (q: PropertySearchQuery) => (q.sold && q.sort === 'newest' ? SOLD_NEWEST : ORDERS[q.sort]);

const pageOptions = (q: PropertySearchQuery) => ({
  where: shapeConditions(q),
  orderBy: orderOf(q),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
});

/**
 * The page statements of each search shape (which filters are given, sold or not, the sort), prepared once per
 * database: a search builds no SQL, only binds its values (docs/performance.md, "Search"). One also counts
 * the matches (a scalar subquery, run once per statement), for a search whose total is not in the cache: the
 * page and its total in one round trip.
 */
const pages = new PreparedShapes((db, q, name) => joinedPage(db, pageOptions(q)).prepare(name));
const countedPages = new PreparedShapes((db, q, name) =>
  joinedPage(db, { ...pageOptions(q), extra: { total: sql<number>`(${cappedCount(db, q)})` } }).prepare(name),
);

type CountedRow = PropertyRow & { total: number };

/** One page of the properties matching the filters (not sold, or only sold ones), with the total count. */
export async function searchProperties(
  db: Database,
  storage: Storage,
  q: PropertySearchQuery,
): Promise<PropertyPage> {
  const offset = (q.page - 1) * q.pageSize;
  const values = {
    ...searchValues(q),
    limit: Math.min(q.pageSize, SEARCH_COUNT_CAP - offset),
    offset,
    cap: SEARCH_COUNT_CAP + 1,
  };
  // Pages reach the first SEARCH_COUNT_CAP matches, as the count does: a deeper offset would cost every
  // row before it, and a visitor narrows the filters instead.
  const reachable = offset < SEARCH_COUNT_CAP;
  let rows: PropertyRow[] | undefined;
  const count = await countMatching(
    db,
    q,
    SEARCH_COUNT_CAP,
    reachable
      ? async () => {
          const counted = (await countedPages
            .get(db, q, `counted_${q.sort}`)
            .execute(values)) as CountedRow[];
          rows = counted;
          // No row: no match at all on the first page; past the last page the total is counted alone.
          if (counted.length > 0 || offset === 0) return totalOf(counted[0]?.total ?? 0);
          return countAlone(db, q);
        }
      : undefined,
  );
  // The total came from the cache (or a concurrent search of the same filters): the page alone.
  if (rows === undefined && reachable)
    rows = (await pages.get(db, q, `page_${q.sort}`).execute(values)) as PropertyRow[];
  const view = await publicView(db);
  return {
    items: (rows ?? []).map((r) => view(toProperty(r, storage))),
    ...count,
    page: q.page,
    pageSize: q.pageSize,
  };
}
