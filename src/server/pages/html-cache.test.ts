import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { properties } from '../db/schema';
import { PERSONAL, SHARED_CACHE } from '../plugins/etag';
import { createProperty, createUser, TEST_PASSWORD } from '../test/factories';
import { signIn, type TestApp } from '../test/test-app';
import { createPagesApp, testRenderer, testWebRoot } from './test-pages';

// Server-rendered pages are kept whole by URL until something they read changes (html-cache.ts,
// docs/decisions/0022). After every kind of write, each kept page must equal a fresh render of the same URL
// by an app that keeps no pages, on the same database.
let app: TestApp;
let fresh: FastifyInstance;
let admin: string;
let agentCookie: string;
let agentId: string;
let urls: string[];
let saleId: string;

beforeAll(async () => {
  // One frozen moment for every render: a kept page and a fresh one record the same answer times, and nothing
  // that a page says about "today" can change between them (timers still run, only the date stands still).
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  app = await createPagesApp();
  fresh = await buildApp({
    database: app.dbHandle,
    webRoot: testWebRoot(),
    renderer: testRenderer,
    keepPages: false,
    logger: false,
    maxEventLoopDelayMs: 0,
    env: { NODE_ENV: 'test', DATA_DIR: app.dataDir },
  });
  const a = await createUser(app.db, { role: 'admin' });
  const x = await createUser(app.db, { name: 'דנה כהן' });
  agentId = x.id;
  admin = await signIn(app, a.email, TEST_PASSWORD);
  agentCookie = await signIn(app, x.email, TEST_PASSWORD);
  // One candidate each for the similar lists, so a page's similar list is not a random draw.
  const sale = await createProperty(app.db, { city: 'טבריה', price: 1_000_000, agentId: x.id });
  const neighbour = await createProperty(app.db, { city: 'טבריה', price: 1_200_000, address: 'הגליל 4' });
  const rent = await createProperty(app.db, { city: 'טבריה', price: 4_500, typeTransaction: 'השכרה' });
  saleId = sale.id;
  urls = [
    '/',
    '/Sale',
    `/Sale?city=${encodeURIComponent('טבריה')}`,
    '/Rent',
    `/PropertyView/${sale.id}`,
    `/PropertyView/${neighbour.id}`,
    `/PropertyView/${rent.id}`,
    `/AboutAgent/${x.id}`,
    '/AboutLink',
    '/PropertyView/00000000-0000-4000-8000-000000000000',
  ];
});
afterAll(async () => {
  await fresh.close();
  vi.useRealTimers();
});

async function expectKeptPagesFresh() {
  const mismatched: string[] = [];
  for (const url of urls) {
    const kept = await app.inject({ url });
    const rendered = await fresh.inject({ url });
    expect(kept.statusCode, url).toBe(rendered.statusCode);
    const a = kept.body;
    const b = rendered.body;
    if (a !== b) {
      // Where they part, so a failure says what went stale.
      let i = 0;
      while (a[i] === b[i]) i++;
      mismatched.push(`${url}\nKEPT  ${a.slice(i - 80, i + 160)}\nFRESH ${b.slice(i - 80, i + 160)}`);
    }
  }
  expect(mismatched).toEqual([]);
}

const write = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) => {
  const res = await app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
};

describe('kept pages', () => {
  it('a repeat is the kept page: a change behind the API does not show until a write names it', async () => {
    const url = `/PropertyView/${saleId}`;
    const first = await app.inject({ url });
    expect(first.headers['cache-control']).toBe(SHARED_CACHE);
    expect(first.headers.etag).toMatch(/^"[^"]+"$/);
    await app.db.update(properties).set({ price: 1_010_000 }).where(eq(properties.id, saleId));
    const again = await app.inject({ url });
    expect(again.body).toBe(first.body);
    expect(again.body).not.toContain('1,010,000');
    const revalidated = await app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);

    await write('PATCH', `/property/${saleId}`, admin, { price: 1_020_000 });
    expect((await app.inject({ url })).body).toContain('1,020,000');
  });

  it('equal a fresh render after every kind of write', async () => {
    await expectKeptPagesFresh();
    const { id: neighbourId } = (
      await app.db.select().from(properties).where(eq(properties.address, 'הגליל 4'))
    )[0]!;

    await write('POST', '/indicators', agentCookie, { calls: 2 }); // a daily entry
    await expectKeptPagesFresh();
    await write('PATCH', `/property/${saleId}`, admin, { price: 1_100_000 }); // a price
    await expectKeptPagesFresh();
    await write('PATCH', `/property/${neighbourId}`, admin, { address: 'הגליל 6' }); // a similar property
    await expectKeptPagesFresh();
    await write('PATCH', `/property/${saleId}`, admin, { typeTransaction: 'השכרה', price: 5_000 }); // its type
    await expectKeptPagesFresh();
    await write('PATCH', `/users/${agentId}`, admin, { name: 'דנה לוי' }); // an agent
    await expectKeptPagesFresh();
    await write('PATCH', '/settings', admin, { phone: '04-6666666' }); // the settings
    await expectKeptPagesFresh();
    const created = await write('POST', '/property', admin, {
      typeTransaction: 'מכירה',
      city: 'טבריה',
      address: 'הירדן 1',
      price: 1_150_000,
      category: 'דירה',
    });
    urls.push(`/PropertyView/${created.json().data.data._id}`);
    await expectKeptPagesFresh(); // a new property
    await write('DELETE', `/property/${neighbourId}`, admin); // a deletion
    await expectKeptPagesFresh();
    await write('POST', '/users/logout', agentCookie); // a sign-out
    await expectKeptPagesFresh();
    // Ten writes, each followed by twenty-some renders: slow on a loaded machine.
  }, 180_000);

  it('a signed-in visitor’s page is private, and a kept page never sets a cookie', async () => {
    const url = `/PropertyView/${saleId}`;
    await app.inject({ url });
    const signedIn = await app.inject({ url, headers: { cookie: admin } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe(PERSONAL);
    expect(signedIn.headers['set-cookie']).toBeUndefined();
    const anyCookie = await app.inject({ url, headers: { cookie: 'sid=not-a-session' } });
    expect(anyCookie.headers['cache-control']).toBe(PERSONAL);
  });
});
