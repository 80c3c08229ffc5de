import { alertsForChange } from '@shared/domain/alert-rules';
import { PROPERTY_CATEGORIES, TRANSACTION_TYPES } from '@shared/domain/property-options';
import type { SavedSearchFilters } from '@shared/domain/saved-search';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  alertDeliveries,
  alertEvents,
  alertFavourites,
  alertSubscribers,
  properties,
  savedSearches,
} from '../../db/schema';
import { createProperty } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { liveSearchesOfType } from './matches';
import { eventRecord, insertAlerts, matchPendingEvents } from './matching';
import { WEEKDAY_MORNING } from './test-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
});

/** A small seeded generator: the same data on every run, so a failure can be read again. */
function randomOf(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick, chance: (p: number) => next() < p };
}

const rnd = randomOf(20_261_129);
// Cities written as people write them: case and spaces differ between a search and a listing.
const SEARCH_CITIES = ['', '', 'חיפה', 'Haifa', 'haifa', 'תל אביב', 'אילת', 'Tel Aviv'];
const PROPERTY_CITIES = ['חיפה', ' חיפה ', 'HAIFA', 'Haifa', 'תל אביב', 'tel aviv ', 'אילת', 'נתניה'];
const STREETS = ['', '', '', 'הרצל', 'herzl', 'מוריה'];
const ADDRESSES = ['הרצל 5', 'Herzl 12', 'מוריה 10', 'הנשיא 7', 'שדרות מוריה 3'];
const FEATURES = ['מעלית', 'חניה', 'מרפסת', 'ממ"ד'];
const CATEGORIES = ['', '', PROPERTY_CATEGORIES[0], PROPERTY_CATEGORIES[1]];

function randomFilters(): SavedSearchFilters {
  const type = rnd.chance(0.7) ? 'sale' : 'rent';
  const top = type === 'sale' ? 20_000_000 : 50_000;
  const scale = type === 'sale' ? 1_000_000 : 2_000;
  const minRooms = rnd.pick([1, 1, 2, 3, 3.5, 4]);
  const maxRooms = rnd.pick([10, 10, Math.max(minRooms, 4), Math.max(minRooms, 5.5)]);
  const minPrice = rnd.pick([0, 0, scale, 1.5 * scale]);
  const maxPrice = rnd.pick([top, top, 2 * scale, 2.5 * scale, Math.max(minPrice, 3 * scale)]);
  const city = rnd.pick(SEARCH_CITIES);
  return {
    type,
    city,
    street: city ? rnd.pick(STREETS) : '',
    category: rnd.pick(CATEGORIES),
    minRooms,
    maxRooms,
    minPrice,
    maxPrice,
    features: FEATURES.filter(() => rnd.chance(0.15)),
    ...randomExtraFilters(),
  };
}

/** The filters of issue 39, each in force now and then (a search saved before them has none). */
function randomExtraFilters(): Partial<SavedSearchFilters> {
  const out: Partial<SavedSearchFilters> = {};
  if (rnd.chance(0.15)) out.minFloor = rnd.pick([0, 1, 2]);
  if (rnd.chance(0.15)) out.maxFloor = rnd.pick([3, 5, 8]);
  if (rnd.chance(0.15)) out.notGround = true;
  if (rnd.chance(0.15)) out.notTop = true;
  if (rnd.chance(0.15)) out.entry = rnd.pick(['immediate', 'flexible'] as const);
  if (rnd.chance(0.1)) out.minPricePerMeter = rnd.pick([5_000, 15_000, 30]);
  if (rnd.chance(0.1)) out.maxPricePerMeter = rnd.pick([20_000, 40_000, 100]);
  if (rnd.chance(0.15)) out.neighbourhood = rnd.pick(['נווה שאנן', ' Carmel ', 'כרמל']);
  // 'Search this area': boxes around Haifa's Carmel, the bay, or a box that holds a point on its edge.
  if (rnd.chance(0.1))
    out.bbox = rnd.pick([
      [34.95, 32.77, 35.0, 32.82],
      [35.0, 32.79, 35.1, 32.85],
      [34.96, 32.8, 34.99, 32.81],
    ] as [number, number, number, number][]);
  return out;
}

async function seedSubscribersAndSearches(db: Database) {
  const subscribers = await db
    .insert(alertSubscribers)
    .values(
      Array.from({ length: 150 }, (_, i) => {
        const state = rnd.pick(['live', 'live', 'live', 'live', 'unconfirmed', 'unsubscribed', 'phoneOnly']);
        return {
          name: `קונה ${i}`,
          email: state === 'phoneOnly' ? null : `matching-${i}@example.com`,
          phone: state === 'phoneOnly' ? '0541234567' : '',
          consentText: 'הסכמה',
          consentAt: WEEKDAY_MORNING,
          confirmedAt: state === 'unconfirmed' || state === 'phoneOnly' ? null : WEEKDAY_MORNING,
          unsubscribedAt: state === 'unsubscribed' ? WEEKDAY_MORNING : null,
        };
      }),
    )
    .returning();
  const searches = subscribers.flatMap((s) =>
    Array.from({ length: Math.floor(rnd.next() * 5) }, () => ({
      subscriberId: s.id,
      filters: randomFilters(),
      paused: rnd.chance(0.1),
      confirmedAt: rnd.chance(0.9) ? WEEKDAY_MORNING : null,
    })),
  );
  await db.insert(savedSearches).values(searches);
  return subscribers;
}

async function seedPropertiesAndEvents(db: Database, subscriberIds: string[]) {
  const listed = await db
    .insert(properties)
    .values(
      Array.from({ length: 80 }, () => {
        const rent = rnd.chance(0.3);
        const scale = rent ? 2_000 : 1_000_000;
        return {
          typeTransaction: rent ? TRANSACTION_TYPES.rent : TRANSACTION_TYPES.sale,
          city: rnd.pick(PROPERTY_CITIES),
          address: rnd.pick(ADDRESSES),
          category: rnd.pick(PROPERTY_CATEGORIES.slice(0, 3)),
          rooms: rnd.pick([null, 1, 2.5, 3, 3.5, 4, 5.5, 6]),
          price: Math.round(scale * rnd.pick([0.8, 1.2, 1.5, 2, 2.09, 2.1, 2.5, 2.6, 3.1, 3.16])),
          features: FEATURES.filter(() => rnd.chance(0.5)),
          sold: rnd.chance(0.1),
          floor: rnd.pick([null, 'קרקע', 'מרתף', '1', '2', '4', '5', '9']),
          buildingFloors: rnd.pick([null, 4, 5, 9]),
          entryDate: rnd.pick([null, 'מידי', 'גמיש', 'לפי הסכם']),
          size: rnd.pick([null, 60, 100, 140]),
          neighbourhood: rnd.pick([null, 'נווה שאנן', 'carmel', 'כרמל ']),
          ...rnd.pick([
            { publicLat: null, publicLng: null },
            { publicLat: 32.8, publicLng: 34.96 },
            { publicLat: 32.8, publicLng: 35.02 },
            { publicLat: 32.79, publicLng: 34.98 },
            { publicLat: 32.5, publicLng: 34.9 },
          ]),
        };
      }),
    )
    .returning();
  const favourites = listed.flatMap((property) =>
    subscriberIds
      .filter(() => rnd.chance(0.03))
      .map((subscriberId) => ({
        subscriberId,
        propertyId: property.id,
        confirmedAt: rnd.chance(0.85) ? WEEKDAY_MORNING : null,
      })),
  );
  await db.insert(alertFavourites).values(favourites);
  let at = WEEKDAY_MORNING.getTime() - 3_600_000;
  const tick = () => {
    at += 1_000;
    return new Date(at);
  };
  const events = listed.flatMap(({ id: propertyId, price }) => [
    ...(rnd.chance(0.8)
      ? [{ propertyId, kind: 'newListing' as const, newPrice: price, createdAt: tick() }]
      : []),
    ...[price + 100_000, price + 50_000]
      .filter(() => rnd.chance(0.4))
      .map((oldPrice) => ({
        propertyId,
        kind: 'priceDrop' as const,
        oldPrice,
        newPrice: price,
        createdAt: tick(),
      })),
  ]);
  await db.insert(alertEvents).values(events);
}

type Alert = {
  subscriberId: string;
  propertyId: string;
  reason: string;
  oldPrice: number | null;
  price: number;
};
const keyOf = (a: Alert) => `${a.subscriberId}|${a.propertyId}|${a.reason}`;

/** The alerts the rule gives, event by event in their order, as the job made them before matching moved to SQL. */
async function alertsByTheRule(db: Database): Promise<Alert[]> {
  const events = await db
    .select()
    .from(alertEvents)
    .where(isNull(alertEvents.processedAt))
    .orderBy(asc(alertEvents.createdAt), asc(alertEvents.id));
  const out = new Map<string, Alert>();
  const searchesOfType = new Map<string, Awaited<ReturnType<typeof liveSearchesOfType>>>();
  for (const event of events) {
    const [property] = await db.select().from(properties).where(eq(properties.id, event.propertyId));
    if (!property || property.sold) continue;
    // The searches do not change while the events are matched: read once per deal type.
    const searches =
      searchesOfType.get(property.typeTransaction) ??
      (await liveSearchesOfType(db, property.typeTransaction, 'alerts'));
    searchesOfType.set(property.typeTransaction, searches);
    const favourites = await db
      .select({ subscriberId: alertFavourites.subscriberId })
      .from(alertFavourites)
      .innerJoin(alertSubscribers, eq(alertSubscribers.id, alertFavourites.subscriberId))
      .where(
        and(
          eq(alertFavourites.propertyId, property.id),
          isNotNull(alertFavourites.confirmedAt),
          isNotNull(alertSubscribers.confirmedAt),
          isNull(alertSubscribers.unsubscribedAt),
        ),
      );
    const alerts = alertsForChange(
      event.kind,
      property,
      searches.map((s) => ({ subscriberId: s.subscriber.id, filters: s.search.filters })),
      event.kind === 'priceDrop' ? favourites.map((f) => f.subscriberId) : [],
    );
    for (const a of alerts) {
      const alert = {
        subscriberId: a.subscriberId,
        propertyId: property.id,
        reason: a.reason,
        oldPrice: a.reason === 'priceDrop' ? event.oldPrice : null,
        price: property.price,
      };
      if (!out.has(keyOf(alert))) out.set(keyOf(alert), alert);
    }
  }
  return [...out.values()].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}

describe('matching in the database, a slice of events per statement', () => {
  it('records exactly the alerts the rule gives, on generated searches, listings and price drops', async () => {
    const subscribers = await seedSubscribersAndSearches(app.db);
    await seedPropertiesAndEvents(
      app.db,
      subscribers.map((s) => s.id),
    );
    const expected = await alertsByTheRule(app.db);
    // Enough of each kind that a wrong join or a dropped condition shows.
    expect(expected.filter((a) => a.reason === 'newListing').length).toBeGreaterThan(100);
    expect(expected.filter((a) => a.reason === 'priceDrop').length).toBeGreaterThan(30);

    let slices = 0;
    while ((await matchPendingEvents(app.db, WEEKDAY_MORNING, 7)) === 7) slices += 1;
    const recorded = await app.db
      .select({
        subscriberId: alertDeliveries.subscriberId,
        propertyId: alertDeliveries.propertyId,
        reason: alertDeliveries.reason,
        oldPrice: alertDeliveries.oldPrice,
        price: alertDeliveries.price,
      })
      .from(alertDeliveries);
    expect(recorded.sort((a, b) => keyOf(a).localeCompare(keyOf(b)))).toEqual(expected);
    expect(slices).toBeGreaterThan(3);
    const [left] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(alertEvents)
      .where(isNull(alertEvents.processedAt));
    expect(left!.n).toBe(0);
  });

  it('finds the searches through the index on their deal type and city', async () => {
    const plan = await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const property = await createProperty(tx as unknown as Database, { city: 'חיפה' });
      const event = { kind: 'newListing', oldPrice: null } as typeof alertEvents.$inferSelect;
      const statement = insertAlerts([eventRecord(0, event, property)], WEEKDAY_MORNING);
      const { rows } = (await tx.execute(sql`explain ${statement}`)) as unknown as {
        rows: Record<string, string>[];
      };
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('saved_searches_live_match_idx');
  });
});
