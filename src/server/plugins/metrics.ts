import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { processSlot } from '../cluster';
import { jobStats, observeJobRuns } from '../lib/job-stats';
import { unavailableReason } from '../lib/unavailable';
import { isDraining } from '../modules/health';
import { readCacheStats } from './read-cache';

/**
 * The queues read at each scrape, by state, with the age of the item due longest ago. Each figure is one
 * index range (the outboxes' `(status, next_attempt_at)`, the alert events' partial index on the unprocessed)
 * and a count stops at QUEUE_COUNT_CAP: a scrape costs the same with a million items waiting. Sent mail and
 * processed events are history, not queue, and are not counted.
 */
const QUEUES = [
  { name: 'mail', table: 'mail_outbox', states: ['pending', 'held', 'failed'] },
  { name: 'push', table: 'push_outbox', states: ['pending', 'failed'] },
  { name: 'sms', table: 'sms_outbox', states: ['pending', 'failed'] },
] as const;
export const QUEUE_COUNT_CAP = 10_000;

/** Names this process in every series: its machine and its slot among the cluster's workers (cluster.ts). */
export const processLabel = () => `${hostname()}/${processSlot()}`;

function tokenMatches(authorization: string | undefined, token: string): boolean {
  const given = Buffer.from(authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const UNAUTHORIZED = { status: 'fail', code: 'UNAUTHORIZED', message: 'metrics token required' };

export type MetricsOptions = {
  token?: string | undefined;
  /** METRICS_PORT is set: /metrics is served there only (startMetricsServer), not on the app's port. */
  privatePort?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics in Prometheus's text format, when METRICS_TOKEN or METRICS_PORT is set. */
    metrics?: { contentType: string; scrape(): Promise<string> };
  }
}

/**
 * Prometheus metrics (docs/operations.md, "Monitoring"). With METRICS_TOKEN, /metrics on the app's port answers
 * `Authorization: Bearer <METRICS_TOKEN>` only; with METRICS_PORT, it is served on that port only (with the
 * token too when one is set) and the app's port answers 404; with neither the route does not exist. Each
 * process has its own registry and answers its own figures, labelled `process`: scrape every process.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { token, privatePort = false }: MetricsOptions) => {
    if (!token && !privatePort) return;
    const register = new Registry();
    register.setDefaultLabels({ process: processLabel() });
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
      help: 'Requests answered 503, by reason: load shed (overloaded, event-loop-busy) or the database (unreachable, starting-or-stopping, statement-timeout, pool-timeout).',
      labelNames: ['reason'] as const,
      registers: [register],
    });
    const handle = app.dbHandle;
    const database = handle.kind;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Connections of the requests pool by state (in_use, idle, max); PGlite: its one connection.',
      labelNames: ['database', 'state'] as const,
      registers: [register],
      collect() {
        const stats = handle.poolStats();
        this.set({ database, state: 'in_use' }, stats.total - stats.idle);
        this.set({ database, state: 'idle' }, stats.idle);
        this.set({ database, state: 'max' }, stats.max);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Statements waiting for a connection (PGlite: for its one connection).',
      labelNames: ['database'] as const,
      registers: [register],
      collect() {
        this.set({ database }, handle.poolStats().waiting);
      },
    });
    new Counter({
      name: 'db_pool_errors_total',
      help: 'Database connections lost, or that could not be had (refused, or none free in time); PGlite has none.',
      labelNames: ['database'] as const,
      registers: [register],
      collect() {
        this.reset();
        this.inc({ database }, handle.poolStats().errors);
      },
    });

    const cacheRequests = new Counter({
      name: 'read_cache_requests_total',
      help: 'Lookups of each read cache (docs/decisions/0007, 0022), by result: hit or miss.',
      labelNames: ['cache', 'result'] as const,
      registers: [register],
      collect() {
        cacheRequests.reset();
        for (const [cache, count] of readCacheStats(app.db).caches) {
          cacheRequests.inc({ cache, result: 'hit' }, count.hits);
          cacheRequests.inc({ cache, result: 'miss' }, count.misses);
        }
      },
    });
    new Counter({
      name: 'read_cache_invalidations_total',
      help: 'Writes that moved cached scopes (here or announced by another process), and drops of every cache.',
      registers: [register],
      collect() {
        this.reset();
        this.inc(readCacheStats(app.db).invalidations);
      },
    });

    // Labelled `job_name`: Prometheus gives every target a `job` label of its own.
    const jobRuns = new Counter({
      name: 'job_runs_total',
      help: 'Runs of each background job in this process.',
      labelNames: ['job_name'] as const,
      registers: [register],
    });
    const jobFailures = new Counter({
      name: 'job_failures_total',
      help: 'Runs of each background job that failed, in this process.',
      labelNames: ['job_name'] as const,
      registers: [register],
    });
    const jobRows = new Counter({
      name: 'job_rows_total',
      help: 'Rows each background job handled (mails and notifications sent, events matched and alerts queued, leads escalated, files removed).',
      labelNames: ['job_name'] as const,
      registers: [register],
    });
    const jobDuration = new Histogram({
      name: 'job_duration_seconds',
      help: 'Time each run of a background job took.',
      labelNames: ['job_name'] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
      registers: [register],
    });
    const jobLastSuccess = new Gauge({
      name: 'job_last_success_timestamp_seconds',
      help: 'When a run of the job last ended well in this process (Unix seconds).',
      labelNames: ['job_name'] as const,
      registers: [register],
    });
    const jobLastRun = new Gauge({
      name: 'job_last_run_timestamp_seconds',
      help: 'When a run of the job last ended in this process, well or not (Unix seconds).',
      labelNames: ['job_name'] as const,
      registers: [register],
    });
    const jobLastDuration = new Gauge({
      name: 'job_last_duration_seconds',
      help: 'How long the last run of the job in this process took.',
      labelNames: ['job_name'] as const,
      registers: [register],
    });
    const jobPeriod = new Gauge({
      name: 'job_period_seconds',
      help: 'How often each periodic job is meant to run, across every process.',
      labelNames: ['job_name'] as const,
      registers: [register],
    });
    const periodFinished = new Gauge({
      name: 'job_period_last_finished_timestamp_seconds',
      help: 'When the last run of each periodic job that claimed its period ended well, in any process (job_runs).',
      labelNames: ['job_name'] as const,
      registers: [register],
    });
    observeJobRuns(handle, (job, seconds) => jobDuration.observe({ job_name: job }, seconds));
    const readJobs = async () => {
      jobRuns.reset();
      jobFailures.reset();
      jobRows.reset();
      for (const [job, stats] of jobStats(handle)) {
        jobRuns.inc({ job_name: job }, stats.runs);
        jobFailures.inc({ job_name: job }, stats.failures);
        jobRows.inc({ job_name: job }, stats.rows);
        if (stats.lastRun > 0) {
          jobLastRun.set({ job_name: job }, stats.lastRun);
          jobLastDuration.set({ job_name: job }, stats.lastDurationSeconds);
        }
        if (stats.lastSuccess > 0) jobLastSuccess.set({ job_name: job }, stats.lastSuccess);
        if (stats.periodSeconds !== undefined) jobPeriod.set({ job_name: job }, stats.periodSeconds);
      }
      // One row per periodic job: a scan of a handful of rows.
      const result = (await app.db.execute(
        sql`select name, extract(epoch from last_finished_at)::float8 as finished
            from job_runs where last_finished_at is not null`,
      )) as unknown as { rows: { name: string; finished: number }[] };
      for (const row of result.rows) periodFinished.set({ job_name: row.name }, Number(row.finished));
    };

    const queueItems = new Gauge({
      name: 'queue_items',
      help: `Items of each queue by state: the mail outbox (pending, held, failed), the push and SMS outboxes (pending, failed), the alert events (pending); counted up to ${QUEUE_COUNT_CAP}.`,
      labelNames: ['queue', 'state'] as const,
      registers: [register],
    });
    const queueOldest = new Gauge({
      name: 'queue_oldest_pending_seconds',
      help: 'How long the item of each queue due longest ago has waited since it became due (0 when none waits).',
      labelNames: ['queue'] as const,
      registers: [register],
    });
    const count = (from: ReturnType<typeof sql>) =>
      sql`select count(*)::int as n from (select 1 from ${from} limit ${QUEUE_COUNT_CAP}) capped`;
    const readQueues = async () => {
      const rows = async <R>(query: ReturnType<typeof sql>) =>
        ((await app.db.execute(query)) as unknown as { rows: R[] }).rows;
      for (const { name, table, states } of QUEUES) {
        for (const state of states) {
          const [row] = await rows<{ n: number }>(
            count(sql`${sql.identifier(table)} where status = ${state}`),
          );
          queueItems.set({ queue: name, state }, Number(row?.n ?? 0));
        }
        // The index's first entry for `pending`: the mail due longest ago (a mail held back to the morning is
        // not due before then, so it is not late).
        const [due] = await rows<{ age: number | null }>(
          sql`select extract(epoch from now() - min(next_attempt_at))::float8 as age
              from ${sql.identifier(table)} where status = 'pending'`,
        );
        queueOldest.set({ queue: name }, Math.max(0, Number(due?.age ?? 0)));
      }
      const [events] = await rows<{ n: number }>(count(sql`alert_events where processed_at is null`));
      queueItems.set({ queue: 'alerts', state: 'pending' }, Number(events?.n ?? 0));
      const [oldestEvent] = await rows<{ age: number | null }>(
        sql`select extract(epoch from now() - min(created_at))::float8 as age
            from alert_events where processed_at is null`,
      );
      queueOldest.set({ queue: 'alerts' }, Math.max(0, Number(oldestEvent?.age ?? 0)));
    };

    const ready = new Gauge({
      name: 'app_ready',
      help: 'Whether this process is ready (1), or draining before it stops or unable to read the database at the scrape (0).',
      registers: [register],
    });

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      if (route === '/metrics') return;
      const method = request.method;
      requests.inc({ route, method, status_class: `${Math.floor(reply.statusCode / 100)}xx` });
      duration.observe({ route, method }, reply.elapsedTime / 1000);
      const reason = reply.statusCode === 503 ? unavailableReason(request) : undefined;
      if (reason) unavailable.inc({ reason });
    });

    const scrape = async () => {
      // What needs the database; without it the rest is still worth answering.
      let databaseRead = true;
      const unread = (what: string) => (err: Error) => {
        databaseRead = false;
        app.log.warn({ dbError: err.message }, `metrics: ${what} unread`);
      };
      await readQueues().catch(unread('queues'));
      await readJobs().catch(unread('jobs'));
      ready.set(databaseRead && !isDraining(app) ? 1 : 0);
      return register.metrics();
    };
    app.decorate('metrics', { contentType: register.contentType, scrape });

    if (privatePort || !token) return;
    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!tokenMatches(request.headers.authorization, token)) return reply.status(401).send(UNAUTHORIZED);
      return reply.type(register.contentType).send(await scrape());
    });
  },
  { name: 'metrics' },
);

/** Logged by each process once its metrics port listens (main.ts), with the port. */
export const METRICS_LISTENING_MESSAGE = 'metrics listening';

/**
 * The private metrics listener (METRICS_PORT, on METRICS_HOST): GET /metrics and nothing else, with the token
 * when METRICS_TOKEN is set. Resolves once it listens, with the server, which the caller closes.
 */
export async function startMetricsServer(
  app: FastifyInstance,
  { host, port, token }: { host: string; port: number; token?: string | undefined },
): Promise<Server> {
  const metrics = app.metrics;
  if (!metrics) throw new Error('metrics are off: METRICS_PORT needs the metrics plugin');
  const answer = async (request: IncomingMessage) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD'))
      return {
        status: 404,
        type: 'application/json',
        body: JSON.stringify({ status: 'fail', code: 'NOT_FOUND' }),
      };
    if (token && !tokenMatches(request.headers.authorization, token))
      return { status: 401, type: 'application/json', body: JSON.stringify(UNAUTHORIZED) };
    return { status: 200, type: metrics.contentType, body: await metrics.scrape() };
  };
  const server = createServer((request, response) => {
    answer(request)
      .catch((err: Error) => {
        app.log.error({ err }, 'metrics: scrape failed');
        return { status: 500, type: 'text/plain', body: 'scrape failed' };
      })
      .then(({ status, type, body }) => {
        response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
