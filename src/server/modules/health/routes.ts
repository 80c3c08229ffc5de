import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { appRoot } from '../../lib/app-root';

/**
 * The HTTP servers of apps that stop taking new work (SIGTERM): their readiness answers 503 so the load
 * balancer moves on. Keyed by the server, which the app and its encapsulated plugins share.
 */
const draining = new WeakSet<object>();

/** Whether the app is draining (the metrics' `app_ready`). */
export const isDraining = (app: FastifyInstance) => draining.has(app.server);

/** Marks the app as draining: readiness answers 503 from now on, while requests are still served. */
export function startDraining(app: FastifyInstance) {
  draining.add(app.server);
}

let expectedMigrations: number | undefined;
/** How many migrations this build brings (drizzle/meta/_journal.json). */
function migrationsInBuild(): number {
  expectedMigrations ??= (
    JSON.parse(readFileSync(join(appRoot(), 'drizzle', 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;
  return expectedMigrations;
}

/** Read through the health checks' own connection (DatabaseHandle.probe), never the requests' pool. */
async function appliedMigrations(app: FastifyInstance): Promise<number> {
  const rows = await app.dbHandle.probe<{ n: number }>(
    `select case when to_regclass('drizzle.__drizzle_migrations') is null then 0
      else (select count(*)::int from drizzle.__drizzle_migrations) end as n`,
  );
  return Number(rows[0]?.n ?? 0);
}

const unavailable = (message: string) => ({ status: 'error', code: 'UNAVAILABLE', message });

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preClose', async () => startDraining(app));

  app.get('/api/health', { config: { access: 'public' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await app.dbHandle.ping();
      return { status: 'ok', database: app.dbHandle.kind };
    } catch (err) {
      request.log.warn({ dbError: (err as Error).message }, 'database ping failed');
      return reply.status(503).send(unavailable('מסד הנתונים אינו זמין'));
    }
  });

  /** Liveness: the process answers (no database call, so a database outage does not get it restarted). */
  app.get('/api/health/live', { config: { access: 'public' } }, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  /**
   * Readiness: 200 once the database answers and its schema has every migration of this build; 503 before,
   * and from SIGTERM on while the process drains.
   */
  let migrated = false;
  app.get('/api/health/ready', { config: { access: 'public' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (draining.has(app.server)) return reply.status(503).send(unavailable('השרת בתהליך כיבוי'));
    try {
      if (!migrated) migrated = (await appliedMigrations(app)) >= migrationsInBuild();
      else await app.dbHandle.ping();
    } catch (err) {
      request.log.warn({ dbError: (err as Error).message }, 'readiness: database unavailable');
      return reply.status(503).send(unavailable('מסד הנתונים אינו זמין'));
    }
    if (!migrated) return reply.status(503).send(unavailable('עדכון מסד הנתונים טרם הסתיים'));
    return { status: 'ok', database: app.dbHandle.kind };
  });
};
