import { israelYearMonth } from '@shared/domain/israel-calendar';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indicators, properties } from '../../db/schema';
import { createProperty, createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// The read caches (docs/decisions/0007-read-caches.md) must never show stale data after a change made
// through this process; a change made behind its back (another server process) shows after the TTL.
let app: TestApp;
let admin: string;
let agent: string;
let agentId: string;

const ZERO = { meetings: 0, exclusives: 0, priceUpdates: 0, buyerTours: 0, priceOffers: 0, deals: 0 };

beforeAll(async () => {
  app = await createTestApp();
  const a = await createUser(app.db, { role: 'admin', name: 'מנהלת' });
  const x = await createUser(app.db, { name: 'אבי' });
  agentId = x.id;
  admin = await signIn(app, a.email, TEST_PASSWORD);
  agent = await signIn(app, x.email, TEST_PASSWORD);
});
afterAll(() => app.close());

const get = (url: string, cookie?: string) =>
  app.inject({ url: `/api/v1${url}`, headers: cookie ? { cookie } : {} });
const scoreOf = async () =>
  (await get('/indicators/scoreboard', admin))
    .json()
    .data.find((e: { agentId: string }) => e.agentId === agentId).totalScore as number;
const weeklyDeals = async () =>
  (
    await app.inject({
      method: 'POST',
      url: '/api/v1/indicators/summary/weekly',
      headers: { cookie: agent },
      payload: { id: agentId },
    })
  ).json().data.totalDeals as number;

describe('read caches', () => {
  it('a write through the API shows at once in the scoreboard, the summaries and the performance', async () => {
    const { year, month } = israelYearMonth();
    expect(await scoreOf()).toBe(0);
    expect(await weeklyDeals()).toBe(0);
    const perf = async () =>
      (await get(`/goals/performance/all/${year}/${month}`, admin)).json().data[0].deals.actual as number;
    expect(await perf()).toBe(0);

    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/indicators',
      headers: { cookie: agent },
      payload: { deals: 1 },
    });
    expect(res.statusCode).toBe(201);
    expect(await scoreOf()).toBeGreaterThan(0);
    expect(await weeklyDeals()).toBe(1);
    expect(await perf()).toBe(1);
    expect(
      (await get(`/goals/performance/${agentId}/${year}/${month}`, agent)).json().data.deals.actual,
    ).toBe(1);
  });

  it('a change behind the API is not seen until a write of indicators (or the TTL); read-only or refused POSTs and sign-outs do not count', async () => {
    const before = await scoreOf();
    await app.db.insert(indicators).values({ agentId, ...ZERO, deals: 3 });
    expect(await scoreOf()).toBe(before);
    await weeklyDeals(); // a POST that only reads
    expect(await scoreOf()).toBe(before);
    await app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: { cookie: 'sid=none' } });
    expect(await scoreOf()).toBe(before); // a logout that ended no session changed nothing
    const spare = await signIn(app, (await createUser(app.db, { name: 'רוני' })).email, TEST_PASSWORD);
    const out = await app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: { cookie: spare } });
    expect(out.statusCode).toBe(200);
    expect(await scoreOf()).toBe(before); // a sign-out changes sessions only (docs/decisions/0022)
    const entry = await app.inject({
      method: 'POST',
      url: '/api/v1/indicators',
      headers: { cookie: agent },
      payload: { calls: 1 },
    });
    expect(entry.statusCode).toBe(201);
    expect(await scoreOf()).toBeGreaterThan(before);
  });

  it('a property edited through the API is answered fresh, search and similar included', async () => {
    const p = await createProperty(app.db, { city: 'עכו', price: 1_000_000 });
    await createProperty(app.db, { city: 'עכו', price: 1_100_000 });
    const search = async () =>
      (await get('/property/search?type=sale&city=עכו')).json().data.items as { price: number }[];
    expect((await get(`/property/${p.id}`)).json().data.data.price).toBe(1_000_000);
    expect((await search()).map((i) => i.price).sort()).toEqual([1_000_000, 1_100_000]);
    expect((await get(`/property/${p.id}/similar`)).json().data.data).toHaveLength(1);

    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/v1/property/${p.id}`,
      headers: { cookie: admin },
      payload: { price: 1_050_000 },
    });
    expect(patched.statusCode).toBe(200);
    expect((await get(`/property/${p.id}`)).json().data.data.price).toBe(1_050_000);
    expect((await search()).map((i) => i.price).sort()).toEqual([1_050_000, 1_100_000]);
    const [other] = await app.db.select().from(properties).where(eq(properties.price, 1_100_000));
    expect((await get(`/property/${other!.id}/similar`)).json().data.data[0].price).toBe(1_050_000);
  });

  it('a session ended through the API stops at once', async () => {
    const x = await createUser(app.db);
    const cookie = await signIn(app, x.email, TEST_PASSWORD);
    expect((await get('/users/me', cookie)).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/users/${x.id}`, headers: { cookie: admin } }))
        .statusCode,
    ).toBe(200);
    expect((await get('/users/me', cookie)).statusCode).toBe(401);
  });
});
