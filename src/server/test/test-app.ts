import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { adminQuery, withDatabase } from './global-setup';

/** A fresh, migrated database for one test file: PGlite, or PostgreSQL when the project says so. */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `test_${inject('runId')}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(url, `create database "${name}" template "${inject('postgresTemplate')}"`);
    const handle: DatabaseHandle & { url?: string } = await openDatabase({
      databaseUrl: withDatabase(url, name),
      poolSize: 4,
    });
    handle.url = withDatabase(url, name);
    const close = handle.close;
    handle.close = async () => {
      await close();
      await adminQuery(url, `drop database if exists "${name}" with (force)`);
    };
    return handle;
  }
  const template = readFileSync(inject('pgliteTemplate'));
  return openDatabase({ memory: true, loadDataDir: new Blob([template]) });
}

export type TestApp = FastifyInstance & { dataDir: string };

/** buildApp on a fresh database and a temporary DATA_DIR; closed after the file's tests. */
export async function createTestApp(options: Omit<BuildAppOptions, 'database'> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'app-test-'));
  const app = (await buildApp({
    webRoot: null,
    logger: false,
    // A busy test machine must not shed the tests' own requests (the overload tests set their limits).
    maxEventLoopDelayMs: 0,
    ...options,
    database,
    env: { NODE_ENV: 'test', DATA_DIR: dataDir, ...options.env },
  })) as TestApp;
  app.dataDir = dataDir;
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

/**
 * Two "processes" on one fresh test database, opened on first use and closed after the file: on PostgreSQL each
 * has its own pool and lock session; PGlite is one process (the same handle twice). Call at the file's top.
 */
export function sharedTwoProcesses(): () => Promise<[DatabaseHandle, DatabaseHandle]> {
  let pair: Promise<[DatabaseHandle, DatabaseHandle]> | undefined;
  afterAll(async () => {
    const opened = await pair?.catch(() => undefined);
    if (!opened) return;
    const [first, second] = opened;
    if (second !== first) await second.close();
    await first.close();
  });
  return () => {
    pair ??= (async (): Promise<[DatabaseHandle, DatabaseHandle]> => {
      const first = await openTestDatabase();
      if (!first.url) return [first, first];
      return [first, await openDatabase({ databaseUrl: first.url, poolSize: 2 })];
    })();
    return pair;
  };
}

/**
 * Two app instances on one fresh database, standing for two server processes: each has its own connection pool on
 * PostgreSQL (one shared handle on PGlite). Closed after the file's tests.
 */
export async function createTwoInstances(
  options: Omit<BuildAppOptions, 'database' | 'env'> & { poolSize?: number } = {},
): Promise<{ first: FastifyInstance; second: FastifyInstance }> {
  const { poolSize = 4, ...appOptions } = options;
  const db = await openTestDatabase();
  const other = db.url ? await openDatabase({ databaseUrl: db.url, poolSize }) : db;
  const dataDir = mkdtempSync(join(tmpdir(), 'two-instances-'));
  const build = (database: DatabaseHandle) =>
    buildApp({
      webRoot: null,
      logger: false,
      ...appOptions,
      database,
      env: { NODE_ENV: 'test', DATA_DIR: dataDir },
    });
  const first = await build(db);
  const second = await build(other);
  afterAll(async () => {
    await first.close();
    await second.close();
    if (other !== db) await other.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { first, second };
}

/** The session cookie of a response, ready for a `cookie` header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error(`no session cookie (status ${response.statusCode}: ${response.body})`);
  return `sid=${cookie.value}`;
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email, password },
  });
  return sessionCookie(response);
}
