import {
  type PropertyPage,
  type PropertySearchQuery,
  SEARCH_COUNT_CAP,
  searchTypeToTransaction,
} from '@shared/schemas/property';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { properties } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { type OrderBy, selectPage, toProperty } from './queries';
import { countMatching } from './search-count';

const ORDERS: Record<PropertySearchQuery['sort'], OrderBy> = {
  newest: [sql`${properties.createdAt} desc`, sql`${properties.id}`],
  priceAsc: [sql`${properties.price} asc`, sql`${properties.id}`],
  priceDesc: [sql`${properties.price} desc`, sql`${properties.id}`],
  roomsAsc: [sql`${properties.rooms} asc nulls last`, sql`${properties.id}`],
  roomsDesc: [sql`${properties.rooms} desc nulls last`, sql`${properties.id}`],
};

/** A sold list shows the latest sales first: 'newest' means the most recently changed there. */
const SOLD_NEWEST: OrderBy = [sql`${properties.updatedAt} desc`, sql`${properties.id}`];
const orderOf = (q: PropertySearchQuery) => (q.sold && q.sort === 'newest' ? SOLD_NEWEST : ORDERS[q.sort]);

/** The WHERE of a search: deal type and sold or not always (the leading columns of properties_search_idx). */
export function searchConditions(q: PropertySearchQuery): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(properties.typeTransaction, searchTypeToTransaction(q.type)),
    eq(properties.sold, q.sold),
  ];
  if (q.city) conditions.push(eq(properties.city, q.city));
  if (q.street) {
    // An address is the street and a house number; match the street exactly, not as a prefix of another.
    conditions.push(
      sql`(${properties.address} = ${q.street} or ${properties.address} like ${`${escapeLike(q.street)} %`})`,
    );
  }
  if (q.category) conditions.push(eq(properties.category, q.category));
  if (q.minRooms !== undefined) conditions.push(gte(properties.rooms, q.minRooms));
  if (q.maxRooms !== undefined) conditions.push(lte(properties.rooms, q.maxRooms));
  if (q.minPrice !== undefined) conditions.push(gte(properties.price, q.minPrice));
  if (q.maxPrice !== undefined) conditions.push(lte(properties.price, q.maxPrice));
  return and(...conditions)!;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of the properties matching the filters (not sold, or only sold ones), with the total count. */
export async function searchProperties(
  db: Database,
  storage: Storage,
  q: PropertySearchQuery,
): Promise<PropertyPage> {
  const where = searchConditions(q);
  const offset = (q.page - 1) * q.pageSize;
  // Pages reach the first SEARCH_COUNT_CAP matches, as the count does: a deeper offset would cost every
  // row before it, and a visitor narrows the filters instead.
  const reachable = offset < SEARCH_COUNT_CAP;
  const [rows, count] = await Promise.all([
    reachable
      ? selectPage(db, {
          where,
          orderBy: orderOf(q),
          limit: Math.min(q.pageSize, SEARCH_COUNT_CAP - offset),
          offset,
        })
      : [],
    countMatching(db, q, where),
  ]);
  return {
    items: rows.map((r) => toProperty(r, storage)),
    ...count,
    page: q.page,
    pageSize: q.pageSize,
  };
}
