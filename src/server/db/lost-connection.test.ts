import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import type { DatabaseHandle } from './client';

/**
 * PostgreSQL ends a pooled connection (a restart, a failover, an administrator): the process goes on, the loss is
 * reported, and the next query gets a fresh connection. Without a listener, node-postgres would throw the
 * error out of the process.
 */
const onPostgres = process.env.TEST_DB_KIND === 'postgres';
let handle: DatabaseHandle;

beforeAll(async () => {
  if (onPostgres) handle = await openTestDatabase();
});
afterAll(() => handle?.close());
afterEach(() => vi.restoreAllMocks());

it.runIf(onPostgres)(
  'an idle connection the database ends is reported and replaced, not thrown',
  async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Two connections in the pool, both idle afterwards.
    await Promise.all([
      handle.db.execute(sql`select pg_sleep(0.05)`),
      handle.db.execute(sql`select pg_sleep(0.05)`),
    ]);
    const ended = await handle.db.execute<{ ended: boolean }>(
      sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    expect(ended.rows.length).toBeGreaterThan(0);
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining('database connection lost: terminating connection'),
      ),
    );
    const answer = await handle.db.execute<{ one: number }>(sql`select 1 as one`);
    expect(answer.rows).toEqual([{ one: 1 }]);
  },
);
