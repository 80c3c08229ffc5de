import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { unavailableReason } from '../lib/unavailable';

/** Queues read at each scrape: their items by state, and the age of the oldest one still waiting. */
const QUEUES = [
  { name: 'mail', table: 'mail_outbox' },
  { name: 'push', table: 'push_outbox' },
] as const;

function tokenMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics at /metrics (docs/operations.md, "Monitoring"), only with `Authorization: Bearer
 * <METRICS_TOKEN>`; without METRICS_TOKEN the route does not exist. Each process has its own registry and answers
 * its own figures: scrape every process (or machine) with a label naming it.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { token?: string }) => {
    const token = opts.token;
    if (!token) return;
    const register = new Registry();
    collectDefaultMetrics({ register });

    const requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by route pattern, method and status class (2xx, 3xx, 4xx, 5xx).',
      labelNames: ['route', 'method', 'status_class'] as const,
      registers: [register],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern and method.',
      labelNames: ['route', 'method'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [register],
    });
    const unavailable = new Counter({
      name: 'http_unavailable_total',
      help: 'Requests answered 503, by reason: overloaded, event-loop-busy, or the database (unreachable, starting-or-stopping, statement-timeout, pool-timeout).',
      labelNames: ['reason'] as const,
      registers: [register],
    });
    const handle = app.dbHandle;
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state (in_use, idle, max); absent on the embedded database.',
      labelNames: ['state'] as const,
      registers: [register],
      collect() {
        const stats = handle.poolStats?.();
        if (!stats) return;
        this.set({ state: 'in_use' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'max' }, stats.max);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Queries waiting for a pooled connection.',
      registers: [register],
      collect() {
        const stats = handle.poolStats?.();
        if (stats) this.set(stats.waiting);
      },
    });
    const queueItems = new Gauge({
      name: 'queue_items',
      help: 'Items of each outbox by state (pending, held, sent, failed).',
      labelNames: ['queue', 'state'] as const,
      registers: [register],
    });
    const queueOldest = new Gauge({
      name: 'queue_oldest_pending_seconds',
      help: 'Age of the oldest item of each outbox still waiting to be sent (0 when none waits).',
      labelNames: ['queue'] as const,
      registers: [register],
    });
    const readQueues = async () => {
      queueItems.reset();
      for (const { name, table } of QUEUES) {
        const result = (await app.db.execute(
          sql.raw(`select status, count(*)::int as n,
             coalesce(extract(epoch from now() - min(created_at) filter (where status = 'pending')), 0)::float8 as oldest
             from ${table} group by status`),
        )) as unknown as { rows: { status: string; n: number; oldest: number }[] };
        let oldest = 0;
        for (const row of result.rows) {
          queueItems.set({ queue: name, state: row.status }, Number(row.n));
          oldest = Math.max(oldest, Number(row.oldest));
        }
        queueOldest.set({ queue: name }, oldest);
      }
    };

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      if (route === '/metrics') return;
      const method = request.method;
      requests.inc({ route, method, status_class: `${Math.floor(reply.statusCode / 100)}xx` });
      duration.observe({ route, method }, reply.elapsedTime / 1000);
      const reason = reply.statusCode === 503 ? unavailableReason(request) : undefined;
      if (reason) unavailable.inc({ reason });
    });

    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!tokenMatches(request, token))
        return reply
          .status(401)
          .send({ status: 'fail', code: 'UNAUTHORIZED', message: 'metrics token required' });
      // The queues' figures need the database; without it the rest is still worth answering.
      await readQueues().catch((err: Error) =>
        request.log.warn({ dbError: err.message }, 'metrics: queues unread'),
      );
      return reply.type(register.contentType).send(await register.metrics());
    });
  },
  { name: 'metrics' },
);
