import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GEOCODE_MESSAGES } from '@shared/schemas/geocode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geocodeCache } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// The geocoder (docs/locations.md), on both databases, against a local server standing in for Nominatim: an
// address is asked once (kept in the database, a miss too), requests leave at most one a second, and without
// a configured service the answer says so.

type Asked = { at: number; params: URLSearchParams };
const asked: Asked[] = [];
let failNext = 0;
let service: Server;
let app: TestApp;
let bare: TestApp;
let adminCookie = '';
let agentCookie = '';
let bareCookie = '';

/** What the stand-in knows: by city and street as Nominatim receives them. */
const PLACES: Record<string, unknown[]> = {
  'חיפה|40 מוריה': [{ lat: '32.7941', lon: '34.9898', display_name: 'מוריה 40, חיפה' }],
  'תל אביב|120 דיזנגוף': [{ lat: '32.0805', lon: '34.7741', display_name: 'דיזנגוף 120, תל אביב' }],
  'פריז|1 ריבולי': [{ lat: '48.86', lon: '2.35', display_name: 'Rue de Rivoli' }],
  'אילת|': [{ lat: '29.5577', lon: '34.9519', display_name: 'אילת' }],
};

beforeAll(async () => {
  service = createServer((request, response) => {
    const params = new URL(request.url ?? '/', 'http://x').searchParams;
    asked.push({ at: Date.now(), params });
    if (failNext > 0) {
      failNext--;
      response.writeHead(500).end('busy');
      return;
    }
    const found = PLACES[`${params.get('city')}|${params.get('street') ?? ''}`] ?? [];
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const { port } = service.address() as AddressInfo;
  app = await createTestApp({ env: { GEOCODER_URL: `http://127.0.0.1:${port}/search` } });
  bare = await createTestApp();
  const admin = await createUser(app.db, { role: 'admin' });
  const agent = await createUser(app.db, {});
  adminCookie = await signIn(app, admin.email, TEST_PASSWORD);
  agentCookie = await signIn(app, agent.email, TEST_PASSWORD);
  const bareAdmin = await createUser(bare.db, { role: 'admin' });
  bareCookie = await signIn(bare, bareAdmin.email, TEST_PASSWORD);
});

afterAll(async () => {
  await new Promise((resolve) => service.close(resolve));
});

const ask = (query: string, cookie = adminCookie, on: TestApp = app) =>
  on.inject({ url: `/api/v1/geocode?${query}`, headers: { cookie } });

describe('GET /api/v1/geocode', () => {
  it('suggests the point of an address, asking the service once for it', async () => {
    const before = asked.length;
    const first = await ask(
      `city=${encodeURIComponent('חיפה')}&street=${encodeURIComponent('מוריה')}&house=40`,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({
      configured: true,
      point: { lat: 32.7941, lng: 34.9898 },
      label: 'מוריה 40, חיפה',
      message: null,
    });
    expect(asked.length).toBe(before + 1);
    const params = asked.at(-1)!.params;
    expect(params.get('countrycodes')).toBe('il');
    expect(params.get('format')).toBe('jsonv2');
    // The same address, written with other spacing: from the database, the service is not asked.
    const again = await ask(
      `city=${encodeURIComponent(' חיפה ')}&street=${encodeURIComponent('מוריה ')}&house=40`,
    );
    expect(again.json().data.point).toEqual({ lat: 32.7941, lng: 34.9898 });
    expect(asked.length).toBe(before + 1);
    const rows = await app.db.select().from(geocodeCache);
    expect(rows.find((r) => r.addressKey === 'חיפה|מוריה|40')).toMatchObject({ lat: 32.7941, lng: 34.9898 });
  });

  it('sends at most one request a second, however many arrive together', async () => {
    const before = asked.length;
    const results = await Promise.all([
      ask(`city=${encodeURIComponent('תל אביב')}&street=${encodeURIComponent('דיזנגוף')}&house=120`),
      ask(`city=${encodeURIComponent('אילת')}`),
      ask(`city=${encodeURIComponent('עכו')}&street=${encodeURIComponent('העצמאות')}&house=1`),
    ]);
    for (const res of results) expect(res.statusCode).toBe(200);
    const times = asked.slice(before).map((a) => a.at);
    expect(times).toHaveLength(3);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(990);
    expect(results[1]!.json().data.point).toEqual({ lat: 29.5577, lng: 34.9519 });
  });

  it('keeps a miss too, and treats a place outside Israel as not found', async () => {
    const before = asked.length;
    const miss = await ask(`city=${encodeURIComponent('עיר שאין')}&street=${encodeURIComponent('אין')}`);
    expect(miss.json().data).toEqual({
      configured: true,
      point: null,
      label: null,
      message: GEOCODE_MESSAGES.notFound,
    });
    await ask(`city=${encodeURIComponent('עיר שאין')}&street=${encodeURIComponent('אין')}`);
    expect(asked.length).toBe(before + 1);
    const abroad = await ask(
      `city=${encodeURIComponent('פריז')}&street=${encodeURIComponent('ריבולי')}&house=1`,
    );
    expect(abroad.json().data.point).toBeNull();
  });

  it('answers 503 in Hebrew when the service fails, and asks again next time', async () => {
    failNext = 1;
    const query = `city=${encodeURIComponent('נצרת')}&street=${encodeURIComponent('פאולוס השישי')}&house=2`;
    const failed = await ask(query);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe(GEOCODE_MESSAGES.unavailable);
    const before = asked.length;
    const retried = await ask(query);
    expect(retried.statusCode).toBe(200);
    expect(asked.length).toBe(before + 1);
  });

  it('says so when no geocoder is configured, asking nobody', async () => {
    const before = asked.length;
    const res = await ask(`city=${encodeURIComponent('חיפה')}`, bareCookie, bare);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      configured: false,
      point: null,
      label: null,
      message: GEOCODE_MESSAGES.notConfigured,
    });
    expect(asked.length).toBe(before);
  });

  it('is for the staff who edit listings, and refuses an address without a city in Hebrew', async () => {
    expect((await app.inject({ url: '/api/v1/geocode?city=x' })).statusCode).toBe(401);
    expect((await ask('city=x', agentCookie)).statusCode).toBe(403);
    const res = await ask('street=x');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(GEOCODE_MESSAGES.cityRequired);
  });
});
