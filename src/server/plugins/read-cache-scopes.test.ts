import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { properties } from '../db/schema';
import { createProperty, createUser, TEST_PASSWORD } from '../test/factories';
import { createTwoInstances, signIn } from '../test/test-app';

// Caches forget only what a write changed (docs/decisions/0022-scoped-cache-invalidation.md), on every process:
// two app instances on one database stand for two processes (own pools and caches on PostgreSQL). Prices are
// changed behind the API's back, so an answer shows the new price only if its cache entry was dropped; time
// stands still, so no entry expires by its TTL.
let writer: FastifyInstance;
let reader: FastifyInstance;
let admin: string;
let agent: string;

beforeAll(async () => {
  ({ first: writer, second: reader } = await createTwoInstances());
  const a = await createUser(writer.db, { role: 'admin' });
  const x = await createUser(writer.db, { role: 'agent' });
  admin = await signIn(writer, a.email, TEST_PASSWORD);
  agent = await signIn(writer, x.email, TEST_PASSWORD);
});

afterEach(() => vi.restoreAllMocks());
const freezeTime = () => vi.spyOn(Date, 'now').mockReturnValue(Date.now());

const get = async (url: string) => (await reader.inject({ url: `/api/v1${url}` })).json();
const setPriceBehindTheApi = (id: string, price: number) =>
  writer.db.update(properties).set({ price }).where(eq(properties.id, id));

/** What the reader answers about each of the test's properties: its page, searches and similar lists. */
async function readerView(
  ids: { sale: string; saleNeighbour: string; rent: string; otherCity: string },
  city: string,
) {
  const prices = (items: { _id: string; price: number }[]) =>
    Object.fromEntries(items.map((item) => [item._id, item.price]));
  return {
    salePage: (await get(`/property/${ids.sale}`)).data.data.price,
    rentPage: (await get(`/property/${ids.rent}`)).data.data.price,
    otherCityPage: (await get(`/property/${ids.otherCity}`)).data.data.price,
    saleSearch: prices((await get(`/property/search?type=sale&city=${encodeURIComponent(city)}`)).data.items),
    rentSearch: prices((await get(`/property/search?type=rent&city=${encodeURIComponent(city)}`)).data.items),
    similar: prices((await get(`/property/${ids.saleNeighbour}/similar`)).data.data),
  };
}

async function fixture() {
  const city = `עיר ${randomUUID().slice(0, 8)}`;
  const ids = {
    sale: (await createProperty(writer.db, { city, price: 1_000_000 })).id,
    saleNeighbour: (await createProperty(writer.db, { city, price: 1_100_000 })).id,
    rent: (await createProperty(writer.db, { city, price: 5_000, typeTransaction: 'השכרה' })).id,
    otherCity: (await createProperty(writer.db, { city: `${city} אחרת`, price: 2_000_000 })).id,
  };
  return { city, ids };
}

describe('scoped invalidation across processes', () => {
  it('a daily entry keeps every public cache', async () => {
    freezeTime();
    const { city, ids } = await fixture();
    const before = await readerView(ids, city);
    for (const id of Object.values(ids)) await setPriceBehindTheApi(id, 7_777_777);

    const entry = await writer.inject({
      method: 'POST',
      url: '/api/v1/indicators',
      headers: { cookie: agent },
      payload: { calls: 1 },
    });
    expect(entry.statusCode).toBe(201);
    expect(await readerView(ids, city)).toEqual(before);
  });

  it("a property's price change drops its page, its searches and its similar lists, and nothing else", async () => {
    freezeTime();
    const { city, ids } = await fixture();
    const before = await readerView(ids, city);
    // Changed behind the API: still cached unless the write below drops them.
    await setPriceBehindTheApi(ids.rent, 6_000);
    await setPriceBehindTheApi(ids.otherCity, 2_500_000);

    const saved = await writer.inject({
      method: 'PATCH',
      url: `/api/v1/property/${ids.sale}`,
      headers: { cookie: admin },
      payload: { price: 1_050_000 },
    });
    expect(saved.statusCode).toBe(200);
    expect(await readerView(ids, city)).toEqual({
      ...before,
      salePage: 1_050_000,
      saleSearch: { ...before.saleSearch, [ids.sale]: 1_050_000 },
      similar: { ...before.similar, [ids.sale]: 1_050_000 },
    });
  });

  it('a change of deal type drops the searches of both types', async () => {
    freezeTime();
    const { city, ids } = await fixture();
    const before = await readerView(ids, city);
    expect(Object.keys(before.rentSearch)).toEqual([ids.rent]);
    const saved = await writer.inject({
      method: 'PATCH',
      url: `/api/v1/property/${ids.sale}`,
      headers: { cookie: admin },
      payload: { typeTransaction: 'השכרה', price: 4_000 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await readerView(ids, city);
    expect(Object.keys(after.saleSearch).sort()).toEqual([ids.saleNeighbour]);
    expect(Object.keys(after.rentSearch).sort()).toEqual([ids.rent, ids.sale].sort());
  });
});
