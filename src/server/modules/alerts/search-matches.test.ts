import { SEARCH_COUNT_CAP } from '@shared/schemas/property';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../../db/schema';
import { createProperty } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { confirmedSubscriber, createAlertsTestApp, freshEmail } from './test-helpers';

let app: TestApp;

beforeAll(async () => {
  app = await createAlertsTestApp();
  await app.ready();
});
afterAll(() => app.close());

const listingTotal = async (query: string) => {
  const res = await app.inject({ url: `/api/v1/property/search?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().data.total as number;
};

describe('the count of current matches beside each saved search on the private page', () => {
  it('counts each search as its listing page does', async () => {
    const city = `עיר-${Math.random().toString(36).slice(2, 8)}`;
    const token = await confirmedSubscriber(app, freshEmail(), {
      search: { type: 'sale', city, minRooms: 4, maxPrice: 2_000_000 },
    });
    for (const filters of [
      { type: 'sale', city, category: 'וילה' },
      { type: 'rent', city },
      { type: 'sale', city, features: ['חניה'] },
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/alerts/me/${token}/searches`,
        payload: { filters },
      });
      expect(res.statusCode).toBe(201);
    }
    await createProperty(app.db, { city, rooms: 4, price: 1_900_000 });
    await createProperty(app.db, { city, rooms: 5, price: 1_500_000, features: ['חניה'] });
    await createProperty(app.db, { city, rooms: 3, price: 1_000_000 }); // too few rooms
    await createProperty(app.db, { city, rooms: 4, price: 2_100_000 }); // too dear
    await createProperty(app.db, { city, rooms: 4, price: 1_000_000, sold: true }); // sold
    await createProperty(app.db, { city, typeTransaction: 'השכרה', price: 5_000, category: 'וילה' });

    const res = await app.inject({ url: `/api/v1/alerts/me/${token}` });
    expect(res.statusCode).toBe(200);
    const searches = res.json().data.searches as { sentence: string; matches: unknown }[];
    expect(searches.map((s) => s.matches)).toEqual([
      { total: 2, capped: false },
      { total: 0, capped: false },
      { total: 1, capped: false },
      { total: 1, capped: false },
    ]);
    // The very counts of the listing pages the searches' links open.
    expect(await listingTotal(`type=sale&city=${encodeURIComponent(city)}&minRooms=4&maxPrice=2000000`)).toBe(
      2,
    );
    expect(
      await listingTotal(`type=sale&city=${encodeURIComponent(city)}&category=${encodeURIComponent('וילה')}`),
    ).toBe(0);
    expect(await listingTotal(`type=sale&city=${encodeURIComponent(city)}&amenities=parking`)).toBe(1);
    expect(await listingTotal(`type=rent&city=${encodeURIComponent(city)}`)).toBe(1);
  });

  it('says "more than" past the listing cap, as the listing does', async () => {
    const city = `עיר-${Math.random().toString(36).slice(2, 8)}`;
    const token = await confirmedSubscriber(app, freshEmail(), { search: { type: 'sale', city } });
    const row = { city, typeTransaction: 'מכירה', address: 'הרצל 1', price: 1_000_000, category: 'דירה' };
    await app.db.insert(properties).values(Array.from({ length: SEARCH_COUNT_CAP + 1 }, () => row));
    const res = await app.inject({ url: `/api/v1/alerts/me/${token}` });
    expect(res.json().data.searches[0].matches).toEqual({ total: SEARCH_COUNT_CAP, capped: true });
  });
});
