import {
  PROPERTY_MESSAGES,
  type Property,
  type PropertyAgents,
  type PropertyLocation,
  type PropertyPage,
  SIMILAR_MAX,
  SIMILAR_PRICE_RANGE,
  searchTypeToTransaction,
} from '@shared/schemas/property';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { properties, users } from '../../db/schema';
import { wasDeleted } from '../../lib/audit';
import { gone, notFound } from '../../lib/errors';
import { ALL_LISTINGS, scopes } from '../../plugins/cache-scopes';
import type { Storage } from '../../storage/storage';
import { publicView } from './public-address';
import { selectPage, selectProperties, selectPropertyById, toProperty } from './queries';
import { propertyCaches } from './read-cache';

export async function getProperty(db: Database, storage: Storage, id: string): Promise<Property> {
  const row = await selectPropertyById(db, id);
  if (!row) {
    // A deleted listing answers 410, so search engines drop it; an id never used stays 404.
    if (await wasDeleted(db, 'property', id)) throw gone(PROPERTY_MESSAGES.gone);
    throw notFound(PROPERTY_MESSAGES.notFound);
  }
  return toProperty(row, storage);
}

/**
 * The property as a visitor reads it (its public answer, its page): the address by the agency's setting
 * (decision 0066). Staff routes read `getProperty`, the exact address.
 */
export async function getPublicProperty(db: Database, storage: Storage, id: string): Promise<Property> {
  const [view, property] = await Promise.all([publicView(db), getProperty(db, storage, id)]);
  return view(property);
}

/** Both agents of a listing with their own phones, for its managers (the edit form), or 404. */
export async function getPropertyAgents(db: Database, id: string): Promise<PropertyAgents> {
  const [row] = await db
    .select({ agentId: properties.agentId, agentSecendId: properties.agentSecendId })
    .from(properties)
    .where(eq(properties.id, id))
    .limit(1);
  if (!row) throw notFound(PROPERTY_MESSAGES.notFound);
  const ids = [row.agentId, row.agentSecendId].filter((x): x is string => x !== null);
  const people = ids.length
    ? await db
        .select({ id: users.id, name: users.name, phone: users.phoneNumber, image: users.image })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const of = (agentId: string | null) => {
    const person = people.find((p) => p.id === agentId);
    return person
      ? {
          _id: person.id,
          name: person.name,
          phone_number: person.phone,
          officePhone: false,
          image: person.image,
        }
      : null;
  };
  return { agent: of(row.agentId), agentSecend: of(row.agentSecendId) };
}

/** A listing's exact point and its public twin (docs/decisions/0061), for its managers, or 404. */
export async function getPropertyLocation(db: Database, id: string): Promise<PropertyLocation> {
  const [row] = await db
    .select({
      lat: properties.lat,
      lng: properties.lng,
      publicLat: properties.publicLat,
      publicLng: properties.publicLng,
    })
    .from(properties)
    .where(eq(properties.id, id))
    .limit(1);
  if (!row) throw notFound(PROPERTY_MESSAGES.notFound);
  const point = (lat: number | null, lng: number | null) =>
    lat !== null && lng !== null ? { lat, lng } : null;
  return { exact: point(row.lat, row.lng), public: point(row.publicLat, row.publicLng) };
}

/** Properties where the user is the main or the second agent. */
export async function listAgentProperties(db: Database, storage: Storage, agentId: string) {
  const [view, rows] = await Promise.all([
    publicView(db),
    selectProperties(db, {
      where: or(eq(properties.agentId, agentId), eq(properties.agentSecendId, agentId)),
    }),
  ]);
  return rows.map((r) => view(toProperty(r, storage)));
}

/**
 * One page of a branch's available listings (sales and rentals, not sold), newest first, with their count: the
 * branch's public page. A branch holds at most a few thousand listings (the index on branch and creation date).
 */
export async function listBranchProperties(
  db: Database,
  storage: Storage,
  branchId: string,
  page: number,
  pageSize: number,
): Promise<PropertyPage> {
  const where = and(eq(properties.branchId, branchId), eq(properties.sold, false))!;
  const view = await publicView(db);
  const [counted] = await db.select({ total: count() }).from(properties).where(where);
  const rows = await selectPage(db, {
    where,
    orderBy: [sql`${properties.createdAt} desc`, sql`${properties.id}`],
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return {
    items: rows.map((r) => view(toProperty(r, storage))),
    total: counted?.total ?? 0,
    totalCapped: false,
    page,
    pageSize,
  };
}

/**
 * The cities that have properties; with a deal type, only those with such a property still available. From
 * the short-lived cache: at 100,000 properties the distinct scan costs about 20 ms.
 */
export function listCities(db: Database, type?: 'sale' | 'rent'): Promise<string[]> {
  return propertyCaches.names.get(
    db,
    `cities:${type ?? ''}`,
    () => readCities(db, type),
    type ? [scopes.listings(type)] : ALL_LISTINGS,
  );
}

async function readCities(db: Database, type?: 'sale' | 'rent'): Promise<string[]> {
  const rows = await db
    .selectDistinct({ city: properties.city })
    .from(properties)
    .where(
      type
        ? and(eq(properties.typeTransaction, searchTypeToTransaction(type)), eq(properties.sold, false))
        : undefined,
    )
    .orderBy(properties.city);
  return rows.map((r) => r.city);
}

/**
 * The street of an address is the address without its house number and what follows it ('דיזנגוף 120' →
 * 'דיזנגוף', 'הגפן 12 כניסה ב' → 'הגפן'): the SQL twin of `streetOfAddress` (src/shared/domain/public-address.ts).
 */
export const streetOf = sql<string>`btrim(regexp_replace(regexp_replace(btrim(${properties.address}), '^\\d\\S*(\\s+|$)', ''), '\\s+\\d.*$', ''))`;

/** A city's streets, from the short-lived cache. */
export async function listStreets(db: Database, city: string): Promise<string[]> {
  if (!city) return [];
  return propertyCaches.names.get(db, `streets:${city}`, () => readStreets(db, city));
}

async function readStreets(db: Database, city: string): Promise<string[]> {
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

/** The first index whose price is >= `price` (prices sorted ascending). */
function lowerBound(prices: number[], price: number): number {
  let lo = 0;
  let hi = prices.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (prices[mid]! < price) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Up to `count` distinct random items of `items` (a partial Fisher-Yates shuffle of a copy). */
export function pickRandom<T>(items: T[], count: number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  for (let i = 0; i < count && pool.length > 0; i++) {
    const j = Math.floor(Math.random() * pool.length);
    picked.push(pool[j]!);
    pool[j] = pool[pool.length - 1]!;
    pool.pop();
  }
  return picked;
}

function cityPrices(db: Database, city: string) {
  return propertyCaches.cityPrices.get(db, city, async () => {
    const rows = await db
      .select({ id: properties.id, price: properties.price })
      .from(properties)
      .where(and(eq(properties.city, city), eq(properties.sold, false)))
      .orderBy(properties.price);
    return { ids: rows.map((r) => r.id), prices: rows.map((r) => r.price) };
  });
}

/**
 * Similar properties (SPEC section 9): same city, price within 400,000, random order, at most 5,
 * never the property itself; sold ones are left out since they cannot be offered any more.
 * The city's unsold prices are kept sorted for a few seconds (read-cache.ts), so a request is two binary
 * searches and a random draw; the five rows come from the row cache, the misses in one query.
 */
export async function listSimilar(db: Database, storage: Storage, id: string): Promise<Property[]> {
  const [base] = await propertiesByIds(db, storage, [id]);
  if (!base) throw notFound(PROPERTY_MESSAGES.notFound);
  const { ids, prices } = await cityPrices(db, base.city);
  const from = lowerBound(prices, base.price - SIMILAR_PRICE_RANGE);
  const to = lowerBound(prices, base.price + SIMILAR_PRICE_RANGE + 1);
  const window = ids.slice(from, to).filter((candidate) => candidate !== id);
  if (window.length === 0) return [];
  const view = await publicView(db);
  return (await propertiesByIds(db, storage, pickRandom(window, SIMILAR_MAX))).map(view);
}
