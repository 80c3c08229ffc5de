import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { israelYearMonth } from '@shared/domain/israel-calendar';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { properties } from '../db/schema';
import { createProperty, createUser, TEST_PASSWORD } from '../test/factories';
import { openTestDatabase, signIn } from '../test/test-app';
import { readCachesListening } from './read-cache';

// Two app instances on one database stand for two server processes: on PostgreSQL each has its own pool and
// its own caches (nothing shared in memory but the module's code); on PGlite, which one process owns, they
// share the handle. A write answered by one must never be followed by a stale read from the other: no
// sleeps, no retries, and time stands still so no cache entry can expire by its TTL during a test.
let writer: FastifyInstance;
let reader: FastifyInstance;
const handles: DatabaseHandle[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'caches-'));
let admin: string;
let agent: string;
let agentId: string;

beforeAll(async () => {
  const db = await openTestDatabase();
  handles.push(db);
  const other = db.url ? await openDatabase({ databaseUrl: db.url, poolSize: 2 }) : db;
  if (other !== db) handles.unshift(other);
  const options = {
    webRoot: null,
    logger: false as const,
    env: { NODE_ENV: 'test' as const, DATA_DIR: dataDir },
  };
  writer = await buildApp({ ...options, database: db });
  reader = await buildApp({ ...options, database: other });
  const a = await createUser(writer.db, { role: 'admin' });
  const x = await createUser(writer.db, { role: 'agent' });
  agentId = x.id;
  admin = await signIn(writer, a.email, TEST_PASSWORD);
  agent = await signIn(writer, x.email, TEST_PASSWORD);
});

afterAll(async () => {
  await writer.close();
  await reader.close();
  for (const handle of handles) await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => vi.restoreAllMocks());
const freezeTime = () => vi.spyOn(Date, 'now').mockReturnValue(Date.now());

const get = (app: FastifyInstance, url: string, cookie?: string) =>
  app.inject({ url: `/api/v1${url}`, headers: cookie ? { cookie } : {} });
const priceOf = async (app: FastifyInstance, id: string) =>
  (await get(app, `/property/${id}`)).json().data.data.price as number;
const onPostgres = process.env.TEST_DB_KIND === 'postgres';

describe('read caches across processes on one database', () => {
  it('a property saved through one is read fresh through the other: single, search and similar', async () => {
    freezeTime();
    const p = await createProperty(writer.db, { city: 'צפת', price: 1_000_000 });
    const neighbour = await createProperty(writer.db, { city: 'צפת', price: 1_100_000 });
    const prices = async () =>
      ((await get(reader, '/property/search?type=sale&city=צפת')).json().data.items as { price: number }[])
        .map((item) => item.price)
        .sort();
    expect(await priceOf(reader, p.id)).toBe(1_000_000);
    expect(await prices()).toEqual([1_000_000, 1_100_000]);
    expect((await get(reader, `/property/${neighbour.id}/similar`)).json().data.data[0].price).toBe(
      1_000_000,
    );

    const saved = await writer.inject({
      method: 'PATCH',
      url: `/api/v1/property/${p.id}`,
      headers: { cookie: admin },
      payload: { price: 1_050_000 },
    });
    expect(saved.statusCode).toBe(200);
    expect(await priceOf(reader, p.id)).toBe(1_050_000);
    expect(await prices()).toEqual([1_050_000, 1_100_000]);
    expect((await get(reader, `/property/${neighbour.id}/similar`)).json().data.data[0].price).toBe(
      1_050_000,
    );
  });

  it('settings and dashboards written through one are read fresh through the other', async () => {
    freezeTime();
    const phone = async () => (await get(reader, '/settings')).json().data.settings.phone as string;
    const before = await phone();
    const saved = await writer.inject({
      method: 'PATCH',
      url: '/api/v1/settings',
      headers: { cookie: admin },
      payload: { phone: before === '03-5555555' ? '03-6666666' : '03-5555555' },
    });
    expect(saved.statusCode).toBe(200);
    expect(await phone()).not.toBe(before);

    const { year, month } = israelYearMonth();
    const deals = async () =>
      (await get(reader, `/goals/performance/${agentId}/${year}/${month}`, admin)).json().data.deals
        .actual as number;
    const score = async () =>
      (await get(reader, `/indicators/scoreboard?year=${year}&month=${month}`, admin))
        .json()
        .data.find((entry: { agentId: string }) => entry.agentId === agentId).totalScore as number;
    expect(await deals()).toBe(0);
    expect(await score()).toBe(0);
    const entry = await writer.inject({
      method: 'POST',
      url: '/api/v1/indicators',
      headers: { cookie: agent },
      payload: { deals: 1 },
    });
    expect(entry.statusCode).toBe(201);
    expect(await deals()).toBe(1);
    expect(await score()).toBeGreaterThan(0);
  });

  it('a sign-out or a deactivation through one ends the session on the other at once', async () => {
    freezeTime();
    const first = await createUser(writer.db);
    const cookie = await signIn(writer, first.email, TEST_PASSWORD);
    expect((await get(reader, '/users/me', cookie)).statusCode).toBe(200); // now cached by the reader
    const out = await writer.inject({ method: 'POST', url: '/api/v1/users/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await get(reader, '/users/me', cookie)).statusCode).toBe(401);

    const second = await createUser(writer.db);
    const other = await signIn(writer, second.email, TEST_PASSWORD);
    expect((await get(reader, '/users/me', other)).statusCode).toBe(200);
    const removed = await writer.inject({
      method: 'DELETE',
      url: `/api/v1/users/${second.id}`,
      headers: { cookie: admin },
    });
    expect(removed.statusCode).toBe(200);
    expect((await get(reader, '/users/me', other)).statusCode).toBe(401);
  });

  it.runIf(onPostgres)(
    'a lost listening connection turns the caches off and drops them; they work again once it is back',
    async () => {
      freezeTime();
      const p = await createProperty(writer.db, { price: 2_000_000 });
      const setPriceBehindTheApi = (price: number) =>
        reader.db.update(properties).set({ price }).where(eq(properties.id, p.id));
      expect(await priceOf(reader, p.id)).toBe(2_000_000);
      await setPriceBehindTheApi(2_100_000);
      expect(await priceOf(reader, p.id)).toBe(2_000_000); // cached: the change bumped nothing

      const terminated = await reader.db.execute<{ pid: number }>(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = 'read-cache-sync' and datname = current_database()`,
      );
      expect(terminated.rows).toHaveLength(2); // the writer's and the reader's
      expect(await priceOf(reader, p.id)).toBe(2_100_000);

      await readCachesListening(reader.db);
      await readCachesListening(writer.db);
      expect(await priceOf(reader, p.id)).toBe(2_100_000);
      await setPriceBehindTheApi(2_200_000);
      expect(await priceOf(reader, p.id)).toBe(2_100_000); // cached again
      const saved = await writer.inject({
        method: 'PATCH',
        url: `/api/v1/property/${p.id}`,
        headers: { cookie: admin },
        payload: { price: 2_300_000 },
      });
      expect(saved.statusCode).toBe(200);
      expect(await priceOf(reader, p.id)).toBe(2_300_000);
    },
  );
});
