import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runSingleton } from '../lib/job-lock';
import { runOncePerPeriod } from '../lib/job-period';
import { createTestApp } from '../test/test-app';
import { startMetricsServer } from './metrics';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** A value of the text format: `name{labels} value`, matched by its labels in any order. */
function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('/metrics without METRICS_TOKEN', () => {
  it('does not exist', async () => {
    const app = await createTestApp();
    expect((await app.inject('/metrics')).statusCode).toBe(404);
    expect(
      (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
    ).toBe(404);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  it('is refused without the token and counts requests, 503s and the queues with it', async () => {
    const app = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, maxPendingRequests: 0 });
    app.get('/api/v1/outage-probe', { config: { access: 'public' } }, () => {
      throw Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    });
    expect((await app.inject('/metrics')).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode,
    ).toBe(401);

    await app.db.execute(
      sql`insert into mail_outbox (kind, "to", subject, text, created_at, next_attempt_at)
        values ('test', 'a@example.com', 'נושא', 'טקסט', now() - interval '90 seconds', now() - interval '90 seconds'),
          ('test', 'b@example.com', 'נושא', 'טקסט', now(), now() + interval '1 hour')`,
    );
    // A text message due two minutes ago: the SMS outbox is a queue of its own.
    await app.db.execute(
      sql`insert into sms_outbox (kind, "to", text, created_at, next_attempt_at)
        values ('test', '0521234567', 'קוד', now() - interval '120 seconds', now() - interval '120 seconds')`,
    );
    const id = crypto.randomUUID();
    expect((await app.inject(`/api/v1/property/${id}`)).statusCode).toBe(404);
    expect((await app.inject('/api/v1/outage-probe')).statusCode).toBe(503);

    const scrape = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers['content-type']).toContain('text/plain');
    const text = scrape.body;
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE http_unavailable_total counter');
    expect(text).toContain('# TYPE queue_items gauge');
    expect(text).toContain('# TYPE queue_oldest_pending_seconds gauge');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('# TYPE nodejs_heap_size_used_bytes gauge');
    // The route pattern, never the raw URL.
    expect(text).not.toContain(id);
    expect(
      sampleOf(text, 'http_requests_total', { route: '/api/v1/property/:id', status_class: '4xx' }),
    ).toBe(1);
    expect(sampleOf(text, 'http_request_duration_seconds_count', { route: '/api/v1/property/:id' })).toBe(1);
    expect(sampleOf(text, 'http_unavailable_total', { reason: 'starting-or-stopping' })).toBe(1);
    // Both waiting; the one due in an hour is not late, the one due 90 s ago is.
    expect(sampleOf(text, 'queue_items', { queue: 'mail', state: 'pending' })).toBe(2);
    expect(sampleOf(text, 'queue_oldest_pending_seconds', { queue: 'mail' })).toBeGreaterThanOrEqual(90);
    expect(sampleOf(text, 'queue_oldest_pending_seconds', { queue: 'mail' })).toBeLessThan(3600);
    expect(sampleOf(text, 'queue_oldest_pending_seconds', { queue: 'push' })).toBe(0);
    expect(sampleOf(text, 'queue_items', { queue: 'sms', state: 'pending' })).toBe(1);
    expect(sampleOf(text, 'queue_items', { queue: 'sms', state: 'failed' })).toBe(0);
    expect(sampleOf(text, 'queue_oldest_pending_seconds', { queue: 'sms' })).toBeGreaterThanOrEqual(120);
    expect(sampleOf(text, 'queue_items', { queue: 'alerts', state: 'pending' })).toBe(0);
    const database = app.dbHandle.kind;
    expect(sampleOf(text, 'db_pool_connections', { database, state: 'max' })).toBeGreaterThan(0);
    expect(sampleOf(text, 'db_pool_waiting_requests', { database })).toBe(0);
    expect(sampleOf(text, 'db_pool_errors_total', { database })).toBe(0);
    expect(sampleOf(text, 'app_ready')).toBe(1);
    // Every series names the process that answered.
    expect(text).toMatch(/^http_requests_total\{[^}]*process="[^"]+\/0"/m);
    // The scrape itself is not counted.
    expect(text).not.toContain('route="/metrics"');
  });

  it('counts a request shed by the overload limit', async () => {
    const app = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, maxPendingRequests: 1 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.get('/api/v1/slow-probe', { config: { access: 'public' } }, async () => {
      await held;
      return { ok: true };
    });
    const first = Promise.resolve(app.inject('/api/v1/slow-probe'));
    await new Promise((resolve) => setImmediate(resolve));
    const shed = await app.inject('/api/v1/slow-probe');
    expect(shed.statusCode).toBe(503);
    release();
    expect((await first).statusCode).toBe(200);
    const text = (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(sampleOf(text, 'http_unavailable_total', { reason: 'overloaded' })).toBe(1);
  });
});

/** Every name the operator's alerts and dashboard read (deploy/), with its type. */
const EXPOSED: [string, 'counter' | 'gauge' | 'histogram'][] = [
  ['http_requests_total', 'counter'],
  ['http_request_duration_seconds', 'histogram'],
  ['http_unavailable_total', 'counter'],
  ['db_pool_connections', 'gauge'],
  ['db_pool_waiting_requests', 'gauge'],
  ['db_pool_errors_total', 'counter'],
  ['read_cache_requests_total', 'counter'],
  ['read_cache_invalidations_total', 'counter'],
  ['queue_items', 'gauge'],
  ['queue_oldest_pending_seconds', 'gauge'],
  ['job_runs_total', 'counter'],
  ['job_failures_total', 'counter'],
  ['job_rows_total', 'counter'],
  ['job_duration_seconds', 'histogram'],
  ['job_last_success_timestamp_seconds', 'gauge'],
  ['job_last_run_timestamp_seconds', 'gauge'],
  ['job_last_duration_seconds', 'gauge'],
  ['job_period_seconds', 'gauge'],
  ['job_period_last_finished_timestamp_seconds', 'gauge'],
  ['app_ready', 'gauge'],
  ['nodejs_eventloop_lag_seconds', 'gauge'],
  ['nodejs_heap_size_used_bytes', 'gauge'],
  ['nodejs_gc_duration_seconds', 'histogram'],
];

describe('what /metrics exposes', () => {
  it('names every figure with its type, and counts the read caches and the jobs, a failed run too', async () => {
    const app = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    // A cached read: the settings, twice (a miss, then a hit).
    expect((await app.inject('/api/v1/settings')).statusCode).toBe(200);
    expect((await app.inject('/api/v1/settings')).statusCode).toBe(200);
    // A periodic job that runs well, one that fails, and a queue job with rows.
    const period = 3_600_000;
    expect(await runOncePerPeriod(app.dbHandle, 'test-hourly', period, async () => 3)).toEqual({
      ran: true,
      value: 3,
    });
    await expect(
      runOncePerPeriod(app.dbHandle, 'test-broken', period, async () => {
        throw new Error('bucket out of reach');
      }),
    ).rejects.toThrow('bucket out of reach');
    await runSingleton(app.dbHandle, 'test-queue', async () => [1, 2]);

    const text = (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    for (const [name, type] of EXPOSED) expect(text, name).toContain(`# TYPE ${name} ${type}`);

    expect(
      sampleOf(text, 'read_cache_requests_total', { cache: 'settings', result: 'miss' }),
    ).toBeGreaterThan(0);
    expect(sampleOf(text, 'read_cache_requests_total', { cache: 'settings', result: 'hit' })).toBeGreaterThan(
      0,
    );

    expect(sampleOf(text, 'job_runs_total', { job_name: 'test-hourly' })).toBe(1);
    expect(sampleOf(text, 'job_failures_total', { job_name: 'test-hourly' })).toBe(0);
    expect(sampleOf(text, 'job_rows_total', { job_name: 'test-hourly' })).toBe(3);
    expect(sampleOf(text, 'job_period_seconds', { job_name: 'test-hourly' })).toBe(3600);
    expect(sampleOf(text, 'job_duration_seconds_count', { job_name: 'test-hourly' })).toBe(1);
    expect(sampleOf(text, 'job_last_success_timestamp_seconds', { job_name: 'test-hourly' })).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
    expect(
      sampleOf(text, 'job_period_last_finished_timestamp_seconds', { job_name: 'test-hourly' }),
    ).toBeGreaterThan(Date.now() / 1000 - 60);

    expect(sampleOf(text, 'job_runs_total', { job_name: 'test-broken' })).toBe(1);
    expect(sampleOf(text, 'job_failures_total', { job_name: 'test-broken' })).toBe(1);
    expect(sampleOf(text, 'job_last_success_timestamp_seconds', { job_name: 'test-broken' })).toBeUndefined();
    expect(sampleOf(text, 'job_last_run_timestamp_seconds', { job_name: 'test-broken' })).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
    expect(sampleOf(text, 'job_last_duration_seconds', { job_name: 'test-broken' })).toBeGreaterThanOrEqual(
      0,
    );
    expect(
      sampleOf(text, 'job_period_last_finished_timestamp_seconds', { job_name: 'test-broken' }),
    ).toBeUndefined();

    expect(sampleOf(text, 'job_rows_total', { job_name: 'test-queue' })).toBe(2);
    // A period already claimed runs nothing and counts nothing.
    expect(await runOncePerPeriod(app.dbHandle, 'test-hourly', period, async () => 3)).toEqual({
      ran: false,
    });
    const again = (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(sampleOf(again, 'job_runs_total', { job_name: 'test-hourly' })).toBe(1);
    expect(sampleOf(again, 'job_duration_seconds_count', { job_name: 'test-hourly' })).toBe(1);
  });

  it('counts a write that moves cached scopes as an invalidation', async () => {
    const app = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const scrape = async () =>
      sampleOf(
        (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body,
        'read_cache_invalidations_total',
      ) ?? Number.NaN;
    const before = await scrape();
    const { noteWrite } = await import('./read-cache');
    await noteWrite(app.db, ['settings']);
    // On PostgreSQL the write's announcement comes back to this process too: once or twice.
    expect(await scrape()).toBeGreaterThan(before);
  });
});

describe('/metrics on METRICS_PORT', () => {
  it('is served on the private port only, with the token when one is set', async () => {
    const app = await createTestApp({ env: { METRICS_TOKEN: TOKEN, METRICS_PORT: 1 } });
    expect((await app.inject('/metrics')).statusCode).toBe(404);
    expect(
      (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
    ).toBe(404);
    const server = await startMetricsServer(app, { host: '127.0.0.1', port: 0, token: TOKEN });
    try {
      const { port } = server.address() as { port: number };
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      expect((await fetch(`${base}/api/v1/settings`)).status).toBe(404);
      const scrape = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scrape.status).toBe(200);
      expect(await scrape.text()).toContain('# TYPE http_requests_total counter');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('needs no token on the private port when METRICS_TOKEN is unset', async () => {
    const app = await createTestApp({ env: { METRICS_PORT: 1 } });
    expect((await app.inject('/metrics')).statusCode).toBe(404);
    const server = await startMetricsServer(app, { host: '127.0.0.1', port: 0 });
    try {
      const { port } = server.address() as { port: number };
      const scrape = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scrape.status).toBe(200);
      expect(await scrape.text()).toContain('# TYPE queue_items gauge');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
