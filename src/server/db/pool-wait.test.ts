import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { openTestDatabase } from '../test/test-app';
import { type DatabaseHandle, openDatabase } from './client';

/**
 * One table locked (a long migration, an administrator's LOCK TABLE): the requests that read it hold the pool's
 * connections while they wait, and the next request waits for a connection no longer than
 * PG_POOL_ACQUIRE_TIMEOUT_MS before it is answered 503; readiness, on its own connection, answers at once.
 */
const onPostgres = process.env.TEST_DB_KIND === 'postgres';

describe.runIf(onPostgres)('a locked table', () => {
  let owner: DatabaseHandle & { url?: string };
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let locker: pg.Client;
  let dataDir: string;

  beforeAll(async () => {
    owner = await openTestDatabase();
    handle = await openDatabase({ databaseUrl: owner.url!, poolSize: 2, acquireTimeoutMs: 300 });
    dataDir = mkdtempSync(join(tmpdir(), 'pool-wait-'));
    app = await buildApp({
      database: handle,
      webRoot: null,
      logger: false,
      maxEventLoopDelayMs: 0,
      env: { NODE_ENV: 'test', DATA_DIR: dataDir },
    });
    await app.ready();
    locker = new pg.Client({ connectionString: owner.url });
    await locker.connect();
  });

  afterAll(async () => {
    await locker?.end();
    await app?.close();
    await handle?.close();
    await owner?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const unknownProperty = () => `/api/v1/property/${crypto.randomUUID()}`;

  it('makes a request wait no longer than the pool timeout, and readiness not at all', async () => {
    await locker.query('begin');
    await locker.query('lock table properties in access exclusive mode');
    // Two requests take the pool's two connections and wait on the lock.
    // (inject starts a request when it is awaited: Promise.resolve starts both now.)
    const stuck = [app.inject(unknownProperty()), app.inject(unknownProperty())].map((r) =>
      Promise.resolve(r),
    );
    await vi.waitFor(
      async () => {
        // Read outside the locking transaction, which sees one snapshot of pg_stat_activity.
        const rows = await owner.probe<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        expect(rows[0]?.n).toBe(2);
      },
      { timeout: 10_000, interval: 50 },
    );

    // The lock is still held: this answer comes from the pool's wait limit, not from the lock ending.
    const third = await app.inject(unknownProperty());
    expect(third.statusCode).toBe(503);
    expect(third.headers['retry-after']).toBeDefined();
    expect(third.json().message).toBe(MESSAGES.databaseUnavailable);

    const ready = await app.inject('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect((await app.inject('/api/health')).statusCode).toBe(200);

    await locker.query('commit');
    for (const answer of await Promise.all(stuck)) expect(answer.statusCode).toBe(404);
  });
});
