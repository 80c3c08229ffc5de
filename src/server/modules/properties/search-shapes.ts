import { streetOfAddress } from '@shared/domain/public-address';
import { AMENITIES, ENTRY_FILTERS } from '@shared/domain/search-filters';
import { type PropertySearchQuery, searchTypeToTransaction } from '@shared/schemas/property';
import { and, eq, gte, lte, type Param, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { properties } from '../../db/schema';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The values a search's statement takes, by placeholder name (a filter left out is undefined). */
export function searchValues(q: PropertySearchQuery) {
  // The filter is a street: a house number typed with it is dropped, so the search cannot tell which numbers
  // have listings while the agency shows the street alone (decision 0066).
  const street = (q.street && streetOfAddress(q.street)) || q.street;
  return {
    type: searchTypeToTransaction(q.type),
    city: q.city || undefined,
    street: street || undefined,
    // An address is the street and a house number; match the street exactly, not as a prefix of another.
    streetPattern: street ? `${escapeLike(street)} %` : undefined,
    category: q.category || undefined,
    minRooms: q.minRooms,
    maxRooms: q.maxRooms,
    minPrice: q.minPrice,
    maxPrice: q.maxPrice,
    minFloor: q.minFloor,
    maxFloor: q.maxFloor,
    // Sorted and deduplicated, so one set of amenities is one cache key (search-count.ts).
    features: q.amenities.length ? [...new Set(q.amenities)].sort().map((a) => AMENITIES[a]) : undefined,
    entryDates: q.entry ? [...ENTRY_FILTERS[q.entry]] : undefined,
    minPricePerMeter: q.minPricePerMeter,
    maxPricePerMeter: q.maxPricePerMeter,
    neighbourhood: q.neighbourhood ? q.neighbourhood.toLocaleLowerCase() : undefined,
    west: q.bbox?.[0],
    south: q.bbox?.[1],
    east: q.bbox?.[2],
    north: q.bbox?.[3],
  };
}
type SearchValues = ReturnType<typeof searchValues>;

/**
 * The WHERE of a search, its values as `value` gives them (the values themselves, or placeholders of a
 * prepared statement): deal type and sold or not always (the leading columns of the search indexes, sold as a
 * constant, which the sold lists' partial index needs), each filter when it is given.
 */
function conditions(
  q: PropertySearchQuery,
  value: <K extends keyof SearchValues>(
    name: K,
    given: NonNullable<SearchValues[K]>,
  ) => NonNullable<SearchValues[K]> | Placeholder | Param,
): SQL {
  const v = searchValues(q);
  const conditions: SQL[] = [
    eq(properties.typeTransaction, value('type', v.type)),
    sql`${properties.sold} = ${sql.raw(q.sold ? 'true' : 'false')}`,
  ];
  if (v.city) conditions.push(eq(properties.city, value('city', v.city)));
  if (v.street && v.streetPattern) {
    conditions.push(
      sql`(${properties.address} = ${value('street', v.street)} or ${properties.address} like ${value('streetPattern', v.streetPattern)})`,
    );
  }
  if (v.category) conditions.push(eq(properties.category, value('category', v.category)));
  if (v.minRooms !== undefined) conditions.push(gte(properties.rooms, value('minRooms', v.minRooms)));
  if (v.maxRooms !== undefined) conditions.push(lte(properties.rooms, value('maxRooms', v.maxRooms)));
  if (v.minPrice !== undefined) conditions.push(gte(properties.price, value('minPrice', v.minPrice)));
  if (v.maxPrice !== undefined) conditions.push(lte(properties.price, value('maxPrice', v.maxPrice)));
  conditions.push(...extraConditions(q, v, value));
  return and(...conditions)!;
}

/**
 * The filters of issue 39, as extraFiltersMatch (src/shared/domain/search-filters.ts) decides them: the floor
 * by the computed floor_number (a property without a floor meets no floor bound), 'not top' leaves out a
 * penthouse and a floor at or above the building's known floor count, every amenity asked for is among the
 * features (the GIN index properties_features_idx), the price per m² only on a property with a size.
 */
function extraConditions(
  q: PropertySearchQuery,
  v: SearchValues,
  value: Parameters<typeof conditions>[1],
): SQL[] {
  const out: SQL[] = [];
  const floor = properties.floorNumber;
  if (v.minFloor !== undefined) out.push(gte(floor, value('minFloor', v.minFloor)));
  if (v.maxFloor !== undefined) out.push(lte(floor, value('maxFloor', v.maxFloor)));
  if (q.notGround) out.push(sql`${floor} <> 0`);
  if (q.notTop)
    out.push(
      sql`${properties.category} not like 'פנטהאוז%' and (${floor} is null or ${properties.buildingFloors} is null or ${floor} < ${properties.buildingFloors})`,
    );
  if (v.features) out.push(sql`${properties.features} @> ${value('features', v.features)}::text[]`);
  if (v.entryDates)
    out.push(sql`${properties.entryDate} = any(${value('entryDates', v.entryDates)}::text[])`);
  if (v.minPricePerMeter !== undefined)
    out.push(
      sql`${properties.size} > 0 and ${properties.price} >= ${value('minPricePerMeter', v.minPricePerMeter)}::float8 * ${properties.size}`,
    );
  if (v.maxPricePerMeter !== undefined)
    out.push(
      sql`${properties.size} > 0 and ${properties.price} <= ${value('maxPricePerMeter', v.maxPricePerMeter)}::float8 * ${properties.size}`,
    );
  if (v.neighbourhood)
    out.push(sql`lower(btrim(${properties.neighbourhood})) = ${value('neighbourhood', v.neighbourhood)}`);
  // 'Search this area': the public point in the map's box (never the exact point, docs/decisions/0061); a
  // listing without a point is outside every box.
  if (v.west !== undefined && v.south !== undefined && v.east !== undefined && v.north !== undefined)
    out.push(
      sql`${properties.publicLat} between ${value('south', v.south)}::float8 and ${value('north', v.north)}::float8 and ${properties.publicLng} between ${value('west', v.west)}::float8 and ${value('east', v.east)}::float8`,
    );
  return out;
}

/**
 * The WHERE of a search with its values in place (a one-off query). A list (the amenities, the entry dates) is
 * bound as one array parameter, as the prepared statements bind it, not spread into a list of parameters.
 */
export const searchConditions = (q: PropertySearchQuery): SQL =>
  conditions(q, (_name, given) => (Array.isArray(given) ? sql.param(given) : given));

/** The WHERE of a search's shape: every value a placeholder of the same name. */
export const shapeConditions = (q: PropertySearchQuery): SQL =>
  conditions(q, (name) => sql.placeholder(name));

/**
 * A search's shape: sold or not and which filters it gives (not their values). Searches of one shape share
 * one statement, so the SQL of each shape is built once per database and then only bound to values. The
 * filters count as given exactly as the WHERE (search.ts) includes them: text when not empty, numbers when
 * present.
 */
export function shapeKey(q: PropertySearchQuery): string {
  const given = [q.city, q.street, q.category].map((text) => (text ? '1' : '0'));
  const bounds = [q.minRooms, q.maxRooms, q.minPrice, q.maxPrice].map((n) => (n === undefined ? '0' : '1'));
  const extra = [
    q.minFloor !== undefined,
    q.maxFloor !== undefined,
    q.notGround,
    q.notTop,
    q.amenities.length > 0,
    Boolean(q.entry),
    q.minPricePerMeter !== undefined,
    q.maxPricePerMeter !== undefined,
    Boolean(q.neighbourhood),
    q.bbox !== undefined,
  ].map((given) => (given ? '1' : '0'));
  return `${q.sold ? 'sold' : 'open'}_${given.join('')}${bounds.join('')}${extra.join('')}`;
}

/**
 * Statements prepared per search shape and database. Each is named (`search_<kind>_<shape>`), so PostgreSQL
 * parses it once per connection too; a name always stands for the same text. At most 2 x 2^17 shapes per kind in theory; the
 * shapes visitors use are far fewer.
 */
export class PreparedShapes<P> {
  private readonly byDb = new WeakMap<Database, Map<string, P>>();

  constructor(private readonly prepare: (db: Database, q: PropertySearchQuery, name: string) => P) {}

  get(db: Database, q: PropertySearchQuery, kind: string): P {
    let statements = this.byDb.get(db);
    if (!statements) {
      statements = new Map();
      this.byDb.set(db, statements);
    }
    const name = `search_${kind}_${shapeKey(q)}`;
    let statement = statements.get(name);
    if (!statement) {
      statement = this.prepare(db, q, name);
      statements.set(name, statement);
    }
    return statement;
  }
}
