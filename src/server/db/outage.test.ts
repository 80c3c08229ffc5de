import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@shared/schemas/common';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_TEMPLATE } from '../pages/test-pages';
import { createTestApp, type TestApp } from '../test/test-app';
import { databaseOutage } from './outage';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
/** As Drizzle throws them: its own error with the driver's as the cause. */
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('databaseOutage', () => {
  it.each([
    [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      'unreachable',
    ],
    [pgError('57P03', 'the database system is starting up'), 'starting-or-stopping'],
    [pgError('57P03', 'the database system is shutting down'), 'starting-or-stopping'],
    [pgError('57P01', 'terminating connection due to administrator command'), 'starting-or-stopping'],
    [pgError('53300', 'sorry, too many clients already'), 'starting-or-stopping'],
    [pgError('08006', 'connection failure'), 'unreachable'],
    [pgError('57014', 'canceling statement due to statement timeout'), 'statement-timeout'],
    [new Error('timeout exceeded when trying to connect'), 'pool-timeout'],
    [new Error('Connection terminated unexpectedly'), 'unreachable'],
    [
      new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })], 'all refused'),
      'unreachable',
    ],
  ])('reads %s as an outage (%s), wrapped by Drizzle or not', (error, reason) => {
    expect(databaseOutage(error)).toBe(reason);
    expect(databaseOutage(wrapped(error))).toBe(reason);
  });

  it.each([
    pgError('23505', 'duplicate key value violates unique constraint'),
    pgError('57014', 'canceling statement due to user request'),
    pgError('42P01', 'relation "nowhere" does not exist'),
    new TypeError("Cannot read properties of undefined (reading 'id')"),
    'a string',
    undefined,
  ])('reads %s as a bug, not an outage', (error) => {
    expect(databaseOutage(error)).toBeUndefined();
    if (error instanceof Error) expect(databaseOutage(wrapped(error))).toBeUndefined();
  });

  it('stops on a cause chain that loops', () => {
    const a: Error & { cause?: unknown } = new Error('a');
    a.cause = a;
    expect(databaseOutage(a)).toBeUndefined();
  });
});

describe('the answer to an outage', () => {
  let app: TestApp;

  beforeAll(async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), TEST_TEMPLATE);
    app = await createTestApp({ webRoot });
    const starting = () => {
      throw wrapped(pgError('57P03', 'the database system is starting up'));
    };
    app.get('/api/v1/outage-probe', { config: { access: 'public' } }, starting);
    app.get('/outage-page-probe', { config: { access: 'public' } }, starting);
    app.get('/api/v1/bug-probe', { config: { access: 'public' } }, () => {
      throw wrapped(pgError('42P01', 'relation "nowhere" does not exist'));
    });
  });

  it('is 503 with Retry-After and the Hebrew message in the API', async () => {
    const response = await app.inject('/api/v1/outage-probe');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'error',
      code: 'UNAVAILABLE',
      message: MESSAGES.databaseUnavailable,
    });
  });

  it('is a Hebrew HTML page with 503 for a page', async () => {
    const response = await app.inject({ url: '/outage-page-probe', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<html lang="he" dir="rtl">');
    expect(response.body).toContain(MESSAGES.databaseUnavailable);
  });

  it('leaves any other database error a 500', async () => {
    const response = await app.inject('/api/v1/bug-probe');
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
  });
});
