import pg from 'pg';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import { AdvisoryLockSession } from './advisory-lock';
import type { DatabaseHandle } from './client';

/**
 * The jobs that tick together at start each take their lock on the process's one lock session: its statements
 * go one at a time, never a client.query() while another runs (node-postgres warns about it; pg 9 refuses it).
 */
const onPostgres = process.env.TEST_DB_KIND === 'postgres';
let handle: (DatabaseHandle & { url?: string }) | undefined;
afterAll(() => handle?.close());
afterEach(() => vi.restoreAllMocks());

describe.runIf(onPostgres)('AdvisoryLockSession', () => {
  it('sends one statement at a time however many jobs ask at once', async () => {
    handle = await openTestDatabase();
    const inFlight = new Map<pg.Client, number>();
    let most = 0;
    const query = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: never[]) {
      const now = (inFlight.get(this) ?? 0) + 1;
      inFlight.set(this, now);
      most = Math.max(most, now);
      const done = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
      const result = (query as (...a: never[]) => Promise<unknown>).apply(this, args);
      return result.finally(done) as never;
    } as never);
    const session = new AdvisoryLockSession(handle.url!);
    try {
      const names = ['mail', 'push', 'alerts', 'clock', 'backups', 'reminders'];
      expect(await Promise.all(names.map((name) => session.tryLock(name)))).toEqual(names.map(() => true));
      await Promise.all(names.map((name) => session.unlock(name)));
      // Released: taken again at once.
      expect(await session.tryLock('mail')).toBe(true);
      expect(most).toBe(1);
    } finally {
      await session.close();
    }
  });
});
