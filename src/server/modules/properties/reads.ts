import { PROPERTY_MESSAGES, type Property, SIMILAR_MAX, SIMILAR_PRICE_RANGE } from '@shared/schemas/property';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { properties } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Storage } from '../../storage/storage';
import { selectAllProperties, selectProperties, toProperty } from './queries';
import { propertyCaches } from './read-cache';

const base = alias(properties, 'base');

export async function listAllProperties(db: Database, storage: Storage): Promise<Property[]> {
  const rows = await selectAllProperties(db);
  return rows.map((r) => toProperty(r, storage));
}

export async function getProperty(db: Database, storage: Storage, id: string): Promise<Property> {
  const [row] = await selectProperties(db, { where: eq(properties.id, id), limit: 1 });
  if (!row) throw notFound(PROPERTY_MESSAGES.notFound);
  return toProperty(row, storage);
}

/** Sold sales and rented rentals, most recently changed first. */
export async function listSoldProperties(db: Database, storage: Storage): Promise<Property[]> {
  const rows = await selectProperties(db, {
    where: eq(properties.sold, true),
    orderBy: [sql`${properties.updatedAt} desc`, sql`${properties.id}`],
  });
  return rows.map((r) => toProperty(r, storage));
}

/** Properties where the user is the main or the second agent. */
export async function listAgentProperties(db: Database, storage: Storage, agentId: string) {
  const rows = await selectProperties(db, {
    where: or(eq(properties.agentId, agentId), eq(properties.agentSecendId, agentId)),
  });
  return rows.map((r) => toProperty(r, storage));
}

export async function listCities(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ city: properties.city }).from(properties).orderBy(properties.city);
  return rows.map((r) => r.city);
}

/** The street of an address is the address without its trailing house number ('דיזנגוף 120' → 'דיזנגוף'). */
export const streetOf = sql<string>`regexp_replace(${properties.address}, '\\s+\\d\\S*$', '')`;

export async function listStreets(db: Database, city: string): Promise<string[]> {
  if (!city) return [];
  const rows = await db
    .selectDistinct({ street: streetOf })
    .from(properties)
    .where(eq(properties.city, city))
    .orderBy(streetOf);
  return rows.map((r) => r.street);
}

/** Full properties by id, from the short-lived cache, the misses in one query. */
async function propertiesByIds(db: Database, storage: Storage, ids: string[]): Promise<Property[]> {
  const found = await propertyCaches.rows.getMany(db, ids, async (missing) => {
    const rows = await selectProperties(db, { where: inArray(properties.id, missing) });
    return new Map(rows.map((r) => [r.row.id, toProperty(r, storage)]));
  });
  return found.filter((p): p is Property => p !== undefined);
}

const newestFirst = (a: Property, b: Property) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;

/**
 * Similar properties (SPEC section 9): same city, price within 400,000, random order, at most 5,
 * never the property itself; sold ones are left out since they cannot be offered any more.
 */
export async function listSimilar(db: Database, storage: Storage, id: string): Promise<Property[]> {
  // One query picks the ids (the property itself found by primary key, the others through
  // properties_search_idx); the five rows come from the short-lived row cache, the misses in one query.
  const picked = await db
    .select({ id: properties.id })
    .from(properties)
    .innerJoin(base, eq(base.id, id))
    .where(
      and(
        eq(properties.city, base.city),
        ne(properties.id, base.id),
        eq(properties.sold, false),
        sql`${properties.price} between ${base.price} - ${SIMILAR_PRICE_RANGE} and ${base.price} + ${SIMILAR_PRICE_RANGE}`,
      ),
    )
    .orderBy(sql`random()`)
    .limit(SIMILAR_MAX);
  if (picked.length === 0) {
    const [exists] = await db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.id, id))
      .limit(1);
    if (!exists) throw notFound(PROPERTY_MESSAGES.notFound);
    return [];
  }
  const found = await propertiesByIds(
    db,
    storage,
    picked.map((r) => r.id),
  );
  return found.sort(newestFirst);
}
