import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions } from '../db/schema';
import { purgeIdempotencyKeys } from './idempotency';
import { runOncePerPeriod } from './job-period';
import { purgeExpiredRateLimits } from './rate-limit';

/** Deletes expired sessions, rate-limit windows and remembered idempotency keys (cheap thanks to the indexes on their expiry). */
export async function purgeExpired(app: FastifyInstance): Promise<void> {
  await app.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  await purgeExpiredRateLimits(app.db);
  await purgeIdempotencyKeys(app.db);
  // PGlite has no autovacuum: refresh the planner's statistics so queries keep their index plans.
  if (app.dbHandle.kind === 'pglite') await app.db.execute(sql`analyze`);
}

const PERIOD_MS = 3_600_000;
/** How often each process asks whether this hour's purge is due (the claim decides, see job-period.ts). */
const TICK_MS = 5 * 60_000;

/** The purge, if no process has run it this hour. */
export function maintenanceTick(app: FastifyInstance, now?: Date) {
  return runOncePerPeriod(app.dbHandle, 'maintenance', PERIOD_MS, () => purgeExpired(app), now);
}

/** Runs the purge once an hour across every process: asks now and every few minutes; returns a function that stops it. */
export function startMaintenance(app: FastifyInstance): () => void {
  const run = () => maintenanceTick(app).catch((err) => app.log.warn({ err }, 'maintenance failed'));
  void run();
  const timer = setInterval(run, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
