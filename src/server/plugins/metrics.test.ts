import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

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
      sql`insert into mail_outbox (kind, "to", subject, text, created_at)
        values ('test', 'a@example.com', 'נושא', 'טקסט', now() - interval '90 seconds')`,
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
    expect(sampleOf(text, 'queue_items', { queue: 'mail', state: 'pending' })).toBe(1);
    expect(sampleOf(text, 'queue_oldest_pending_seconds', { queue: 'mail' })).toBeGreaterThanOrEqual(90);
    expect(sampleOf(text, 'queue_oldest_pending_seconds', { queue: 'push' })).toBe(0);
    if (app.dbHandle.kind === 'postgres')
      expect(sampleOf(text, 'db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
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
