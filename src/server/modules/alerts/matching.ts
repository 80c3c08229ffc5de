import { PRICE_TOLERANCE } from '@shared/domain/buyer-match';
import { TRANSACTION_TYPES } from '@shared/domain/property-options';
import { SEARCH_PRICE_MAX, SEARCH_ROOMS, type SearchType } from '@shared/domain/saved-search';
import { entryFiltersMet, floorNumberOf, isTopFloor } from '@shared/domain/search-filter-match';
import { asc, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alertEvents, properties } from '../../db/schema';

/** Events matched by one statement: a slice short enough to leave the embedded database free between slices. */
export const EVENT_SLICE = 10;

type EventRow = typeof alertEvents.$inferSelect;
type PropertyRow = typeof properties.$inferSelect;

const searchTypeOf = (typeTransaction: string): SearchType | null =>
  (Object.keys(TRANSACTION_TYPES) as SearchType[]).find((t) => TRANSACTION_TYPES[t] === typeTransaction) ??
  null;

/**
 * What the statement reads of each event and its property, normalized here as matchRequirement
 * (src/shared/domain/buyer-match.ts) normalizes it: the city trimmed and lower-cased, the address lower-cased.
 * `seq` keeps the events' order, so the first of two events about one property wins, as it did one by one.
 */
export function eventRecord(seq: number, event: EventRow, property: PropertyRow) {
  const searchType = searchTypeOf(property.typeTransaction);
  return {
    seq,
    property_id: property.id,
    kind: event.kind,
    old_price: event.kind === 'priceDrop' ? event.oldPrice : null,
    price: property.price,
    search_type: searchType,
    price_top: searchType ? SEARCH_PRICE_MAX[searchType] : null,
    city_key: property.city.trim().toLocaleLowerCase(),
    address_key: property.address.toLocaleLowerCase(),
    category: property.category,
    rooms: property.rooms,
    features: property.features,
    floor_number: floorNumberOf(property.floor),
    is_top: isTopFloor(property),
    entry_keys: entryFiltersMet(property.entryDate),
    size: property.size,
    neighbourhood_key: property.neighbourhood?.trim().toLocaleLowerCase() ?? '',
    public_lat: property.publicLat,
    public_lng: property.publicLng,
  };
}

/**
 * The alert records of a slice of events in one set-based statement. Each event meets only the live searches
 * of its deal type whose city is its own or none (the partial index saved_searches_live_match_idx, on the
 * type and the normalized city); the rest of matchRequirement's rule (street, category, rooms, price with its
 * tolerance, features, and the extra filters of issue 39) is checked on those rows. A price drop also reaches the property's favourites. One
 * record per subscriber, property and reason: the earliest event of the slice wins (DISTINCT ON), and one
 * recorded by an earlier slice stays (ON CONFLICT DO NOTHING on alert_deliveries_once_idx).
 */
export function insertAlerts(records: ReturnType<typeof eventRecord>[], now: Date) {
  const rooms = SEARCH_ROOMS;
  return sql`
    with e as (
      select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as e(
        seq int, property_id uuid, kind text, old_price int, price int, search_type text, price_top float8,
        city_key text, address_key text, category text, rooms float8, features jsonb,
        floor_number int, is_top boolean, entry_keys jsonb, size int, neighbourhood_key text,
        public_lat float8, public_lng float8)
    ),
    matched as (
      select s.subscriber_id, e.property_id, e.kind as reason, e.old_price, e.price, e.seq
      from e
      join lateral (
        select s.subscriber_id, s.filters as f
        from saved_searches s
        where s.paused = false and s.confirmed_at is not null
          and s.filters->>'type' = e.search_type
          and lower(btrim(s.filters->>'city')) = any (array['', e.city_key])
        offset 0 -- kept apart: one index lookup per event, never a join over every search
      ) s on true
      join alert_subscribers sub on sub.id = s.subscriber_id
      where sub.confirmed_at is not null and sub.unsubscribed_at is null and sub.email is not null
        and (btrim(coalesce(s.f->>'street', '')) = ''
          or strpos(e.address_key, lower(btrim(s.f->>'street'))) > 0)
        and (coalesce(s.f->>'category', '') = '' or s.f->>'category' = e.category)
        and (
          not (coalesce((s.f->>'minRooms')::float8 > ${rooms.min}, false)
            or coalesce((s.f->>'maxRooms')::float8 < ${rooms.max}, false))
          or (e.rooms is not null
            and (coalesce((s.f->>'minRooms')::float8 <= ${rooms.min}, true) or e.rooms >= (s.f->>'minRooms')::float8)
            and (coalesce((s.f->>'maxRooms')::float8 >= ${rooms.max}, true) or e.rooms <= (s.f->>'maxRooms')::float8))
        )
        and (coalesce((s.f->>'minPrice')::float8 <= 0, true) or e.price >= (s.f->>'minPrice')::float8)
        and (coalesce((s.f->>'maxPrice')::float8 >= e.price_top, true)
          or e.price <= (s.f->>'maxPrice')::float8 * ${1 + PRICE_TOLERANCE}::float8)
        and coalesce(s.f->'features', '[]'::jsonb) <@ e.features
        -- The filters of issue 39, as extraFiltersMatch (src/shared/domain/search-filters.ts) decides them.
        and (s.f->>'minFloor' is null or e.floor_number >= (s.f->>'minFloor')::int)
        and (s.f->>'maxFloor' is null or e.floor_number <= (s.f->>'maxFloor')::int)
        and (not coalesce((s.f->>'notGround')::boolean, false) or e.floor_number <> 0)
        and (not coalesce((s.f->>'notTop')::boolean, false) or not e.is_top)
        and (s.f->>'entry' is null or e.entry_keys @> jsonb_build_array(s.f->>'entry'))
        and (s.f->>'minPricePerMeter' is null
          or (e.size > 0 and e.price >= (s.f->>'minPricePerMeter')::float8 * e.size))
        and (s.f->>'maxPricePerMeter' is null
          or (e.size > 0 and e.price <= (s.f->>'maxPricePerMeter')::float8 * e.size))
        and (btrim(coalesce(s.f->>'neighbourhood', '')) = ''
          or lower(btrim(s.f->>'neighbourhood')) = e.neighbourhood_key)
        -- 'Search this area': the public point in the box [west, south, east, north] (docs/decisions/0061).
        and (jsonb_typeof(s.f->'bbox') is distinct from 'array'
          or (e.public_lat between (s.f->'bbox'->>1)::float8 and (s.f->'bbox'->>3)::float8
            and e.public_lng between (s.f->'bbox'->>0)::float8 and (s.f->'bbox'->>2)::float8))
      union all
      select f.subscriber_id, e.property_id, 'priceDrop', e.old_price, e.price, e.seq
      from e
      join alert_favourites f on f.property_id = e.property_id and f.confirmed_at is not null
      join alert_subscribers sub on sub.id = f.subscriber_id
      where e.kind = 'priceDrop' and sub.confirmed_at is not null and sub.unsubscribed_at is null
    )
    insert into alert_deliveries (subscriber_id, property_id, reason, old_price, price, created_at)
    select distinct on (subscriber_id, property_id, reason)
      subscriber_id, property_id, reason, old_price, price, ${now.toISOString()}::timestamptz
    from matched
    order by subscriber_id, property_id, reason, seq
    on conflict do nothing`;
}

/**
 * Matches one slice of property changes to subscribers: up to `slice` unprocessed events are claimed (FOR
 * UPDATE SKIP LOCKED, so two processes never take the same one), become alert records in one statement
 * (insertAlerts), and are marked processed. A sold or deleted property alerts no one. Returns how many events
 * the slice took (fewer than `slice`: none left).
 */
export async function matchPendingEvents(
  db: Database,
  now = new Date(),
  slice = EVENT_SLICE,
): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await tx
      .select()
      .from(alertEvents)
      .where(isNull(alertEvents.processedAt))
      .orderBy(asc(alertEvents.createdAt), asc(alertEvents.id))
      .limit(slice)
      .for('update', { skipLocked: true });
    if (events.length === 0) return 0;
    const ids = events.map((e) => e.id);
    const found = await tx
      .select()
      .from(properties)
      .where(
        inArray(
          properties.id,
          events.map((e) => e.propertyId),
        ),
      );
    const byId = new Map(found.map((p) => [p.id, p]));
    const records = events.flatMap((event, seq) => {
      const property = byId.get(event.propertyId);
      return property && !property.sold ? [eventRecord(seq, event, property)] : [];
    });
    if (records.length > 0) await tx.execute(insertAlerts(records, now));
    await tx.update(alertEvents).set({ processedAt: now }).where(inArray(alertEvents.id, ids));
    return events.length;
  });
}
