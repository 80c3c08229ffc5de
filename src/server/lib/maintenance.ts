import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions } from '../db/schema';
import { purgeIdempotencyKeys } from './idempotency';
import { runSingleton } from './job-lock';
import { purgeExpiredRateLimits } from './rate-limit';

/** Deletes expired sessions, rate-limit windows and remembered idempotency keys (cheap thanks to the indexes on their expiry). */
export async function purgeExpired(app: FastifyInstance): Promise<void> {
  await app.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  await purgeExpiredRateLimits(app.db);
  await purgeIdempotencyKeys(app.db);
  // PGlite has no autovacuum: refresh the planner's statistics so queries keep their index plans.
  if (app.dbHandle.kind === 'pglite') await app.db.execute(sql`analyze`);
}

/** Runs the purge now and every hour (in one process at a time); returns a function that stops it. */
export function startMaintenance(app: FastifyInstance): () => void {
  const run = () =>
    runSingleton(app.dbHandle, 'maintenance', () => purgeExpired(app)).catch((err) =>
      app.log.warn({ err }, 'maintenance failed'),
    );
  void run();
  const timer = setInterval(run, 3_600_000);
  timer.unref();
  return () => clearInterval(timer);
}
