import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tooManyRequests } from './errors';

export type RateRule = { max: number; windowMs: number };

/**
 * Fixed-window counter in PostgreSQL, so every server process shares it.
 * Throws 429 once the key has been used more than `max` times in the window.
 */
export async function consumeRateLimit(db: Database, key: string, rule: RateRule): Promise<void> {
  const resetAt = new Date(Date.now() + rule.windowMs);
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, ${resetAt.toISOString()})
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count`);
  const count = Number(result.rows[0]?.count ?? 0);
  if (count > rule.max) throw tooManyRequests();
}

/**
 * Gives back one counted event (a sign-in attempt that turned out to succeed): counting comes first, so that
 * parallel attempts cannot all pass the check before any of them is counted, and a success then returns it.
 */
export async function releaseRateLimitEvent(db: Database, key: string): Promise<void> {
  await db.execute(
    sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`,
  );
}

export async function purgeExpiredRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at <= now()`);
}
