import { distanceMeters, MAP_MAX_ZOOM } from '@shared/domain/geo';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../../db/schema';
import { createPagesApp } from '../../pages/test-pages';
import { createProperty, createUser, TEST_PASSWORD } from '../../test/factories';
import { signIn, type TestApp } from '../../test/test-app';
import { MAX_MAP_FEATURES } from './clusters';
import { multipart, SALE_FIELDS } from './test-helpers';

// Locations (issue 39, docs/locations.md, docs/decisions/0061), on both databases: staff set a listing's exact
// point through the property API; the public answers, pages, searches and map carry only its public point,
// 150-300 m away and the same on every answer.

let app: TestApp;
let adminCookie: string;
let agentCookie: string;
let agentId: string;

/** An exact point with digits no public answer may hold. */
const EXACT = { lat: 32.794_173, lng: 34.989_827 };
const EXACT_TEXTS = ['32.794173', '34.989827', '32.79417', '34.98982'];

beforeAll(async () => {
  app = await createPagesApp();
  const admin = await createUser(app.db, { role: 'admin', name: 'מנהלת' });
  const agent = await createUser(app.db, { name: 'דנה סוכנת' });
  agentId = agent.id;
  adminCookie = await signIn(app, admin.email, TEST_PASSWORD);
  agentCookie = await signIn(app, agent.email, TEST_PASSWORD);
});

const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });
const patch = (id: string, payload: object) =>
  app.inject({ method: 'PATCH', url: `/api/v1/property/${id}`, payload, headers: { cookie: adminCookie } });
const stored = async (id: string) =>
  (await app.db.select().from(properties).where(eq(properties.id, id)))[0]!;

function expectNoExact(body: string, where: string) {
  for (const text of EXACT_TEXTS) expect(body, `${where} holds the exact point`).not.toContain(text);
}

describe('setting a point', () => {
  it('creates a listing with its point (form fields lat and lng) and keeps a public point 150-300 m away', async () => {
    const form = await multipart([...SALE_FIELDS, ['lat', String(EXACT.lat)], ['lng', String(EXACT.lng)]]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/property',
      payload: form.payload,
      headers: { ...form.headers, cookie: adminCookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json().data.data;
    const row = await stored(answer._id);
    expect({ lat: row.lat, lng: row.lng }).toEqual(EXACT);
    const shown = { lat: row.publicLat!, lng: row.publicLng! };
    expect(distanceMeters(EXACT, shown)).toBeGreaterThanOrEqual(150);
    expect(distanceMeters(EXACT, shown)).toBeLessThanOrEqual(300);
    expect(answer.location).toEqual(shown);
    expectNoExact(res.body, 'the create answer');
  });

  it('keeps the public point while the exact one stays, draws a new one when it moves, clears both on null', async () => {
    const p = await createProperty(app.db, { address: 'הגפן 3' });
    expect((await patch(p.id, { location: EXACT })).statusCode).toBe(200);
    const first = await stored(p.id);
    // Other edits, and the same point again, leave the public point as it was.
    expect((await patch(p.id, { price: 1_400_000 })).statusCode).toBe(200);
    expect((await patch(p.id, { location: { ...EXACT } })).statusCode).toBe(200);
    const again = await stored(p.id);
    expect([again.publicLat, again.publicLng]).toEqual([first.publicLat, first.publicLng]);
    const publicAnswers = await Promise.all([1, 2, 3].map(() => get(`/api/v1/property/${p.id}`)));
    for (const res of publicAnswers)
      expect(res.json().data.data.location).toEqual({ lat: first.publicLat, lng: first.publicLng });
    // Moved by a few streets: a new public point, 150-300 m from the new exact one.
    const moved = { lat: 32.81, lng: 34.99 };
    expect((await patch(p.id, { location: moved })).statusCode).toBe(200);
    const after = await stored(p.id);
    expect([after.lat, after.lng]).toEqual([moved.lat, moved.lng]);
    const shown = { lat: after.publicLat!, lng: after.publicLng! };
    expect(distanceMeters(moved, shown)).toBeGreaterThanOrEqual(150);
    expect(distanceMeters(moved, shown)).toBeLessThanOrEqual(300);
    expect((await patch(p.id, { location: null })).statusCode).toBe(200);
    const cleared = await stored(p.id);
    expect([cleared.lat, cleared.lng, cleared.publicLat, cleared.publicLng]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect((await get(`/api/v1/property/${p.id}`)).json().data.data.location).toBeNull();
  });

  it.each([
    ['a point in Paris', { lat: 48.85, lng: 2.35 }, 'בתחומי ישראל'],
    ['latitude and longitude swapped', { lat: 34.78, lng: 32.08 }, 'בתחומי ישראל'],
    ['a latitude as text', { lat: 'צפון', lng: 34.8 }, 'קו רוחב וקו אורך'],
    ['a point without a longitude', { lat: 32.08 }, 'קו רוחב וקו אורך'],
  ])('refuses %s with a Hebrew message on the field', async (_name, location, message) => {
    const p = await createProperty(app.db);
    const res = await patch(p.id, { location });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(Object.keys(res.json().fieldErrors ?? {}).some((key) => key.startsWith('location'))).toBe(true);
    expect((await stored(p.id)).lat).toBeNull();
  });

  it("gives staff the exact point on the listing's own route, and nobody else", async () => {
    const p = await createProperty(app.db, { address: 'הגפן 5' });
    await patch(p.id, { location: EXACT });
    const row = await stored(p.id);
    const staff = await get(`/api/v1/property/${p.id}/location`, adminCookie);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().data).toEqual({ exact: EXACT, public: { lat: row.publicLat, lng: row.publicLng } });
    expect(staff.headers['cache-control']).toContain('private');
    expect((await get(`/api/v1/property/${p.id}/location`)).statusCode).toBe(401);
    expect((await get(`/api/v1/property/${p.id}/location`, agentCookie)).statusCode).toBe(403);
  });
});

describe('the public never receives the exact point', () => {
  it('in no answer or page about the listing', async () => {
    const p = await createProperty(app.db, {
      city: 'נשר',
      address: 'התאנה 7',
      agentId,
      lat: EXACT.lat,
      lng: EXACT.lng,
      publicLat: 32.795_9,
      publicLng: 34.991_2,
    });
    await createProperty(app.db, { city: 'נשר', address: 'התאנה 9', price: 1_600_000 });
    const box = '34.9,32.7,35.1,32.9';
    const urls = [
      `/api/v1/property/${p.id}`,
      `/api/v1/property/${p.id}/similar`,
      '/api/v1/property',
      '/api/v1/property/search?type=sale&city=נשר',
      `/api/v1/property/search?type=sale&bbox=${box}`,
      `/api/v1/property/getMyProperties/${agentId}`,
      `/api/v1/properties/clusters?type=sale&bbox=${box}&zoom=22`,
      `/PropertyView/${p.id}`,
      '/Sale',
      '/sitemap.xml',
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expectNoExact(res.body, url);
    }
    const page = (await get(`/PropertyView/${p.id}`)).body;
    expect(page).toContain('32.7959');
  });
});

describe("'search this area'", () => {
  it('lists only the listings whose public point lies in the box, and refuses a box that is not one', async () => {
    const inside = await createProperty(app.db, { city: 'טבריה', publicLat: 32.79, publicLng: 35.53 });
    const outside = await createProperty(app.db, { city: 'טבריה', publicLat: 32.6, publicLng: 35.29 });
    // Its exact point is in the box, its public one is not: the public point decides.
    const exactOnly = await createProperty(app.db, {
      city: 'טבריה',
      lat: 32.79,
      lng: 35.53,
      publicLat: 32.5,
      publicLng: 35.0,
    });
    await createProperty(app.db, { city: 'טבריה' });
    const search = async (query: string) => {
      const res = await get(`/api/v1/property/search?type=sale&city=טבריה&pageSize=60&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { items: { _id: string }[]; total: number };
    };
    const boxed = await search('bbox=35.5,32.75,35.6,32.85');
    expect(boxed.items.map((i) => i._id)).toEqual([inside.id]);
    expect(boxed.total).toBe(1);
    expect((await search('')).total).toBe(4);
    expect((await search('bbox=35.0,32.4,35.6,32.85')).items.map((i) => i._id).sort()).toEqual(
      [inside.id, outside.id, exactOnly.id].sort(),
    );
    for (const bad of ['35.6,32.75,35.5,32.85', '35.5,32.75,35.6', 'north', '35.5,95,35.6,96']) {
      const res = await get(`/api/v1/property/search?type=sale&bbox=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('אזור המפה אינו תקין (מערב, דרום, מזרח, צפון במעלות)');
    }
  });
});

describe('the map clusters', () => {
  const clusters = (query: string) => get(`/api/v1/properties/clusters?${query}`);

  it('groups the matching listings by their public points, pins carrying what a pin shows', async () => {
    const city = 'קצרין';
    // Ten listings within a few hundred metres, one far away, one for rent, one without a point.
    for (let i = 0; i < 10; i++)
      await createProperty(app.db, {
        city,
        address: `הרמה ${i + 1}`,
        price: 1_000_000 + i,
        publicLat: 32.99 + i * 0.000_5,
        publicLng: 35.69 + i * 0.000_5,
      });
    const far = await createProperty(app.db, {
      city,
      rooms: 5,
      price: 2_222_222,
      publicLat: 32.9,
      publicLng: 35.8,
    });
    await createProperty(app.db, { city, typeTransaction: 'השכרה', publicLat: 32.99, publicLng: 35.69 });
    await createProperty(app.db, { city });
    const box = 'bbox=35.6,32.85,35.9,33.05';
    const wide = await clusters(`type=sale&city=${city}&${box}&zoom=10`);
    expect(wide.statusCode, wide.body).toBe(200);
    const data = wide.json().data;
    expect(data.total).toBe(11);
    const group = data.features.find((f: { kind: string }) => f.kind === 'cluster');
    expect(group).toMatchObject({ kind: 'cluster', count: 10 });
    expect(group.expansionZoom).toBeGreaterThan(10);
    expect(group.expansionZoom).toBeLessThanOrEqual(MAP_MAX_ZOOM);
    const pin = data.features.find((f: { kind: string }) => f.kind === 'pin');
    expect(pin).toEqual({
      kind: 'pin',
      id: far.id,
      lat: 32.9,
      lng: 35.8,
      price: 2_222_222,
      rooms: 5,
      image: null,
    });
    // The filters are the list's: a price bound leaves the ten out.
    const filtered = (await clusters(`type=sale&city=${city}&${box}&zoom=10&minPrice=2000000`)).json().data;
    expect(filtered.features.map((f: { id: string }) => f.id)).toEqual([far.id]);
    // The zoom is capped: asked for 20, answered as MAP_MAX_ZOOM, where every listing is a pin of its own.
    const deep = (await clusters(`type=sale&city=${city}&${box}&zoom=20`)).json().data;
    expect(deep.zoom).toBe(MAP_MAX_ZOOM);
    expect(deep.features).toHaveLength(11);
    expect(deep.features.every((f: { kind: string }) => f.kind === 'pin')).toBe(true);
  });

  it('rebuilds the index when a listing changes, and answers as a public answer is cached', async () => {
    const city = 'מצפה רמון';
    const box = 'bbox=34.7,30.5,34.9,30.7';
    const p = await createProperty(app.db, { city, address: 'נחל 1', publicLat: 30.61, publicLng: 34.8 });
    const url = `type=sale&city=${city}&${box}&zoom=12`;
    const first = await clusters(url);
    expect(first.json().data.total).toBe(1);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    expect(first.headers.etag).toMatch(/^"/);
    const again = await app.inject({
      url: `/api/v1/properties/clusters?${url}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // A listing added through the API (a write the caches hear of) appears at once.
    const form = await multipart([
      ['typeTransaction', 'מכירה'],
      ['city', city],
      ['address', 'נחל 2'],
      ['price', '900000'],
      ['category', 'דירה'],
      ['lat', '30.6'],
      ['lng', '34.81'],
    ]);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/property',
      payload: form.payload,
      headers: { ...form.headers, cookie: adminCookie },
    });
    expect(created.statusCode).toBe(201);
    expect((await clusters(url)).json().data.total).toBe(2);
    expect((await patch(p.id, { sold: true })).statusCode).toBe(200);
    expect((await clusters(url)).json().data.total).toBe(1);
  });

  it('never answers more than a few hundred items: a crowded box is grouped at a lower zoom', async () => {
    const city = 'ערד';
    const rows = Array.from({ length: 700 }, (_, i) => ({
      typeTransaction: 'מכירה',
      city,
      address: `רחוב ${i}`,
      price: 800_000,
      category: 'דירה',
      publicLat: 31.2 + (i % 35) * 0.004,
      publicLng: 35.1 + Math.floor(i / 35) * 0.004,
    }));
    await app.db.insert(properties).values(rows);
    const res = await clusters(`type=sale&city=${city}&bbox=35.0,31.1,35.3,31.4&zoom=15`);
    const data = res.json().data;
    expect(data.total).toBe(700);
    expect(data.features.length).toBeLessThanOrEqual(MAX_MAP_FEATURES);
    expect(data.zoom).toBeLessThan(15);
    const counted = data.features.reduce(
      (sum: number, f: { kind: string; count?: number }) => sum + (f.kind === 'cluster' ? f.count! : 1),
      0,
    );
    expect(counted).toBe(700);
  });

  it.each([
    ['no box', 'type=sale&zoom=10', 'אזור המפה'],
    ['a box upside down', 'type=sale&zoom=10&bbox=35,33,34,32', 'אזור המפה'],
    ['no zoom', 'type=sale&bbox=34,32,35,33', 'רמת התקריב'],
    ['a zoom of 2.5', 'type=sale&bbox=34,32,35,33&zoom=2.5', 'רמת התקריב'],
    ['no deal type', 'bbox=34,32,35,33&zoom=3', 'סוג עסקה'],
  ])('refuses %s with a Hebrew message', async (_name, query, message) => {
    const res = await clusters(query);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });
});
