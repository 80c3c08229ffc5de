import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { type DatabaseHandle, openDatabase } from './db/client';
import { createUser, TEST_PASSWORD } from './test/factories';
import { openTestDatabase, sessionCookie } from './test/test-app';

// Two app instances, each with its own connection pool on PostgreSQL (one shared handle on PGlite),
// stand for two server processes behind a load balancer: nothing may live in one instance's memory.
let first: FastifyInstance;
let second: FastifyInstance;
const handles: DatabaseHandle[] = [];

beforeAll(async () => {
  const db = await openTestDatabase();
  handles.push(db);
  const other = db.url ? await openDatabase({ databaseUrl: db.url, poolSize: 2 }) : db;
  if (other !== db) handles.unshift(other);
  const options = {
    webRoot: null,
    logger: false as const,
    env: { NODE_ENV: 'test' as const, DATA_DIR: mkdtempSync(join(tmpdir(), 'multi-')) },
    rateLimits: { loginPerEmailAndIp: { max: 3, windowMs: 60_000 } },
  };
  first = await buildApp({ ...options, database: db });
  second = await buildApp({ ...options, database: other });
});

afterAll(async () => {
  await first.close();
  await second.close();
  for (const handle of handles) await handle.close();
});

const login = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email, password } });

describe('several server instances on one database', () => {
  it('a session started on one instance works on the other, and logout on either ends it', async () => {
    const user = await createUser(first.db);
    const cookie = sessionCookie(await login(first, user.email, TEST_PASSWORD));
    expect((await second.inject({ url: '/api/v1/users/me', headers: { cookie } })).statusCode).toBe(200);
    await second.inject({ method: 'POST', url: '/api/v1/users/logout', headers: { cookie } });
    expect((await first.inject({ url: '/api/v1/users/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('sign-in failures are counted across instances', async () => {
    const user = await createUser(first.db);
    expect((await login(first, user.email, 'wrong')).statusCode).toBe(401);
    expect((await login(second, user.email, 'wrong')).statusCode).toBe(401);
    expect((await login(first, user.email, 'wrong')).statusCode).toBe(401);
    expect((await login(second, user.email, TEST_PASSWORD)).statusCode).toBe(429);
  });
});
