import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { pageReads } from './page-api';

let app: TestApp;
let ids: string[];

beforeAll(async () => {
  app = await createTestApp();
  const rows = [
    await createProperty(app.db, { city: 'חיפה', address: 'מוריה 10', price: 1_500_000 }),
    await createProperty(app.db, { city: 'חיפה', address: 'הנביאים 3', price: 1_700_000, rooms: 3 }),
    await createProperty(app.db, { city: 'עכו', typeTransaction: 'השכרה', price: 5200 }),
    await createProperty(app.db, { city: 'חיפה', sold: true, price: 1_200_000 }),
  ];
  ids = rows.map((r) => r.id);
});

const viaReads = async (url: string) => {
  const res = await pageReads(app).api(url, {});
  return { status: res.status, body: await res.text() };
};
const viaRouter = async (url: string) => {
  const res = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
  return { status: res.statusCode, body: res.body };
};

describe("a page's reads", () => {
  it('answer each public read exactly as its route does', async () => {
    const urls = [
      '/api/v1/settings',
      `/api/v1/property/search?city=${encodeURIComponent('חיפה')}&minRooms=3&type=sale&page=1&pageSize=12`,
      '/api/v1/property/search?type=sale&sold=true&page=1&pageSize=6',
      '/api/v1/property/search?type=rent&sort=priceAsc',
      '/api/v1/property/locations/cities?type=sale',
      '/api/v1/property/locations/cities?type=rent',
      '/api/v1/property/locations/cities',
      `/api/v1/property/locations/streets?city=${encodeURIComponent('חיפה')}`,
      `/api/v1/property/${ids[0]}`,
      `/api/v1/property/${ids[2]}`,
    ];
    for (const url of urls) {
      const direct = await viaReads(url);
      expect(direct.status, url).toBe(200);
      expect(direct.body, url).toBe((await viaRouter(url)).body);
    }
  });

  it('answer similar properties as the route does (its picks are random: the same set here)', async () => {
    const url = `/api/v1/property/${ids[0]}/similar`;
    const idsOf = (body: string) =>
      (JSON.parse(body) as { data: { data: { _id: string }[] } }).data.data.map((p) => p._id).sort();
    const direct = await viaReads(url);
    expect(direct.status).toBe(200);
    expect(idsOf(direct.body)).toEqual(idsOf((await viaRouter(url)).body));
    expect(idsOf(direct.body)).toHaveLength(1);
  });

  it('leave refusals and unknown records to the router, so an error reads as the API says it', async () => {
    for (const url of [
      '/api/v1/property/search?type=sideways',
      '/api/v1/property/search?type=sale&minPrice=abc',
      `/api/v1/property/${randomUUID()}`,
      '/api/v1/property/not-an-id',
      `/api/v1/property/${randomUUID()}/similar`,
      '/api/v1/property/locations/cities?type=both',
    ]) {
      const direct = await viaReads(url);
      const routed = await viaRouter(url);
      expect(direct.status, url).toBeGreaterThanOrEqual(400);
      expect(direct, url).toEqual(routed);
    }
  });

  it('read a page’s property once for its status, head and body', async () => {
    const reads = pageReads(app);
    expect(reads.property(ids[0]!)).toBe(reads.property(ids[0]!));
    expect(reads.cities('sale')).toBe(reads.cities('sale'));
  });
});
