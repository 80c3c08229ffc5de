import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { TEST_TEMPLATE } from '../pages/test-pages';
import { type OwnPostgres, postgresBinaries, startOwnPostgres } from '../test/own-postgres';
import { type DatabaseHandle, openDatabase } from './client';

/**
 * A PostgreSQL that stops and comes back (a restart, an upgrade): while it is down every route that reads it
 * answers 503 with Retry-After and a Hebrew message (a page in HTML), logged as an outage; once it is back the
 * same requests are answered as usual, without restarting the server. The cluster is the test's own, so the
 * shared test server is never stopped.
 */
const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const bin = onPostgres ? postgresBinaries() : undefined;
if (onPostgres && !bin) console.warn('outage-restart.test.ts skipped: initdb and pg_ctl are not installed');

describe.runIf(onPostgres && bin)('a database that stops and starts again', () => {
  let cluster: OwnPostgres;
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let dataDir: string;
  /** What the requests logged: an outage is a warning without a stack, never an error. */
  const logged: { level: 'warn' | 'error'; args: unknown[] }[] = [];

  beforeAll(async () => {
    cluster = await startOwnPostgres(bin!);
    handle = await openDatabase({ databaseUrl: cluster.url, poolSize: 4, acquireTimeoutMs: 2_000 });
    await handle.migrate();
    dataDir = mkdtempSync(join(tmpdir(), 'outage-'));
    const webRoot = join(dataDir, 'web');
    mkdirSync(join(webRoot, 'assets'), { recursive: true });
    writeFileSync(join(webRoot, 'index.html'), TEST_TEMPLATE);
    app = await buildApp({
      database: handle,
      webRoot,
      keepPages: false,
      maxEventLoopDelayMs: 0,
      logger: false,
      env: { NODE_ENV: 'test', DATA_DIR: dataDir },
    });
    app.addHook('onRequest', async (request) => {
      for (const level of ['warn', 'error'] as const)
        vi.spyOn(request.log, level).mockImplementation((...args: unknown[]) => {
          logged.push({ level, args });
        });
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const unknownProperty = () => `/api/v1/property/${crypto.randomUUID()}`;

  it('answers 503 with Retry-After in Hebrew while it is down, and as usual once it is back', async () => {
    // Up: a property that does not exist is a 404 the database answered.
    expect((await app.inject(unknownProperty())).statusCode).toBe(404);
    expect((await app.inject('/api/health/ready')).statusCode).toBe(200);

    cluster.stop();

    const api = await app.inject(unknownProperty());
    expect(api.statusCode).toBe(503);
    expect(Number(api.headers['retry-after'])).toBeGreaterThan(0);
    expect(api.json()).toEqual({
      status: 'error',
      code: 'UNAVAILABLE',
      message: MESSAGES.databaseUnavailable,
    });

    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: 'agent@example.com', password: 'whatever-it-is' },
    });
    expect(login.statusCode).toBe(503);
    expect(login.json().message).toBe(MESSAGES.databaseUnavailable);

    const home = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(home.statusCode).toBe(503);
    expect(home.headers['retry-after']).toBeDefined();
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.body).toContain('dir="rtl"');
    expect(home.body).toContain(MESSAGES.databaseUnavailable);

    const ready = await app.inject('/api/health/ready');
    expect(ready.statusCode).toBe(503);

    expect(logged.filter((line) => line.level === 'error')).toEqual([]);
    const outages = logged.filter((line) => line.args.includes('database unavailable: answered 503'));
    expect(outages.length).toBeGreaterThanOrEqual(3);
    for (const { args } of outages) expect(JSON.stringify(args)).not.toContain('stack');

    cluster.start();

    await vi.waitFor(async () => expect((await app.inject('/api/health/ready')).statusCode).toBe(200), {
      timeout: 20_000,
      interval: 100,
    });
    expect((await app.inject(unknownProperty())).statusCode).toBe(404);
    const back = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(back.statusCode).toBe(200);
  });
});
