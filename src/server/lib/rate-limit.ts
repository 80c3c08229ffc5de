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

/** Throws 429 when the key has already reached `max` in its current window (without counting this call). */
export async function assertUnderRateLimit(db: Database, key: string, rule: RateRule): Promise<void> {
  const result = await db.execute<{ count: number }>(
    sql`select count from rate_limits where key = ${key} and reset_at > now()`,
  );
  if (Number(result.rows[0]?.count ?? 0) >= rule.max) throw tooManyRequests();
}

/** Counts one event for the key (e.g. a failed sign-in) without refusing this request. */
export async function countRateLimitEvent(db: Database, key: string, rule: RateRule): Promise<void> {
  try {
    await consumeRateLimit(db, key, rule);
  } catch {
    // Over the limit already: the next request is refused by assertUnderRateLimit.
  }
}

export async function purgeExpiredRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at <= now()`);
}
