import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
type Item = { _id: string; city: string; address: string; price: number; rooms: number; category: string };

/** 24 listings for sale across two cities, 6 rentals and 3 sold, with known prices and rooms. */
beforeAll(async () => {
  app = await createTestApp();
  const day = 86_400_000;
  for (let i = 0; i < 24; i++) {
    await createProperty(app.db, {
      city: i % 2 === 0 ? 'חיפה' : 'נתניה',
      address: i % 4 < 2 ? `הרצל ${i + 1}` : `הרצליה ${i + 1}`,
      price: 1_000_000 + i * 100_000,
      rooms: 1 + (i % 6),
      category: i % 3 === 0 ? 'פנטהאוז' : 'דירה',
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * day),
    });
  }
  for (let i = 0; i < 6; i++) {
    await createProperty(app.db, {
      typeTransaction: 'השכרה',
      city: 'חיפה',
      address: `הרצל ${i + 1}`,
      price: 4000 + i * 1000,
    });
  }
  await createProperty(app.db, { city: 'חיפה', address: 'הרצל 99', price: 1_500_000, sold: true });
  await createProperty(app.db, {
    typeTransaction: 'השכרה',
    city: 'חיפה',
    address: 'הרצל 98',
    price: 5000,
    sold: true,
  });
});

async function search(query: string) {
  const res = await app.inject({ url: `/api/v1/property/search?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: Item[]; total: number; page: number; pageSize: number };
}
const all = (query: string) => search(`${query}&pageSize=60`);

describe('GET /api/v1/property/search', () => {
  it('needs the deal type and shows only properties that are not sold', async () => {
    expect((await app.inject({ url: '/api/v1/property/search' })).statusCode).toBe(400);
    expect((await all('type=sale')).total).toBe(24);
    const rent = await all('type=rent');
    expect(rent.total).toBe(6);
    expect(rent.items.every((p) => p.price < 10_000)).toBe(true);
  });

  it.each([
    ['city', 'type=sale&city=חיפה', (p: Item) => p.city === 'חיפה', 12],
    [
      'street (exact street, not a prefix of another)',
      'type=sale&street=הרצל',
      (p: Item) => /^הרצל \d+$/.test(p.address),
      12,
    ],
    ['category', 'type=sale&category=פנטהאוז', (p: Item) => p.category === 'פנטהאוז', 8],
    ['minRooms', 'type=sale&minRooms=5', (p: Item) => p.rooms >= 5, 8],
    ['maxRooms', 'type=sale&maxRooms=2', (p: Item) => p.rooms <= 2, 8],
    ['minPrice', 'type=sale&minPrice=3000000', (p: Item) => p.price >= 3_000_000, 4],
    ['maxPrice', 'type=sale&maxPrice=1200000', (p: Item) => p.price <= 1_200_000, 3],
  ] as const)('filters by %s alone', async (_name, query, keep, total) => {
    const page = await all(query);
    expect(page.total).toBe(total);
    expect(page.items).toHaveLength(total);
    expect(page.items.every(keep)).toBe(true);
  });

  it('combines every filter', async () => {
    const page = await all(
      `type=sale&city=${encodeURIComponent('חיפה')}&street=${encodeURIComponent('הרצל')}&category=${encodeURIComponent('דירה')}&minRooms=2&maxRooms=5&minPrice=1000000&maxPrice=3000000`,
    );
    // i even, i % 4 < 2 → i % 4 == 0; category דירה → i % 3 != 0; rooms 1 + i % 6 in 2..5; price ≤ 3M → i ≤ 20
    const expected = [4, 8, 16, 20].filter((i) => 1 + (i % 6) >= 2 && 1 + (i % 6) <= 5);
    expect(page.items.map((p) => p.price).sort()).toEqual(
      expected.map((i) => 1_000_000 + i * 100_000).sort(),
    );
    expect(page.total).toBe(expected.length);
  });

  it('pages with a stable total, newest first by default, and sorts by price', async () => {
    const first = await search('type=sale&pageSize=10&page=1');
    const third = await search('type=sale&pageSize=10&page=3');
    expect(first).toMatchObject({ total: 24, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    expect(third.items).toHaveLength(4);
    expect(first.items[0]!.price).toBe(1_000_000 + 23 * 100_000);
    const cheap = await search('type=sale&pageSize=5&sort=priceAsc');
    expect(cheap.items.map((p) => p.price)).toEqual([0, 1, 2, 3, 4].map((i) => 1_000_000 + i * 100_000));
    const beyond = await search('type=sale&pageSize=10&page=9');
    expect(beyond).toMatchObject({ total: 24, items: [] });
  });

  it('answers 400 in Hebrew for bad parameters', async () => {
    for (const query of [
      'type=buy',
      'type=sale&minPrice=-1',
      'type=sale&maxRooms=many',
      'type=sale&category=טירה',
      'type=sale&pageSize=1000',
    ]) {
      const res = await app.inject({ url: `/api/v1/property/search?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(/[\u0590-\u05FF]/);
    }
  });
});
