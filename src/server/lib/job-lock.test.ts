import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockKeys } from '../db/advisory-lock';
import { openDatabase } from '../db/client';
import { adminQuery, withDatabase } from '../test/global-setup';
import { sharedTwoProcesses } from '../test/test-app';
import { appRoot } from './app-root';
import { runExclusive, runSingleton } from './job-lock';

/** Two "processes" on one database (test-app.ts). */
const twoProcesses = sharedTwoProcesses();

/** A job that runs until `finish` is called. */
function heldJob() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let started!: () => void;
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  return {
    finish,
    running,
    job: async () => {
      started();
      await done;
      return 'finished';
    },
  };
}

describe('runSingleton', () => {
  it('runs a job in one process at a time: another run of the same name is skipped, another name is not', async () => {
    const [a, b] = await twoProcesses();
    const held = heldJob();
    const first = runSingleton(a, 'test-job', held.job);
    await held.running;
    expect(await runSingleton(b, 'test-job', async () => 'second')).toEqual({ ran: false });
    expect(await runSingleton(a, 'test-job', async () => 'again here')).toEqual({ ran: false });
    expect(await runSingleton(b, 'other-job', async () => 'other')).toEqual({ ran: true, value: 'other' });
    held.finish();
    expect(await first).toEqual({ ran: true, value: 'finished' });
    // Released: the next tick of either process runs it.
    expect(await runSingleton(b, 'test-job', async () => 'now')).toEqual({ ran: true, value: 'now' });
  });

  it('releases the lock when the job fails', async () => {
    const [a, b] = await twoProcesses();
    await expect(
      runSingleton(a, 'failing-job', async () => {
        throw new Error('job failed');
      }),
    ).rejects.toThrow('job failed');
    expect(await runSingleton(b, 'failing-job', async () => 1)).toEqual({ ran: true, value: 1 });
  });

  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'a process whose database connection ends (a crash) frees its jobs for the others',
    async () => {
      const [a, b] = await twoProcesses();
      const held = heldJob();
      const first = runSingleton(a, 'crash-job', held.job);
      await held.running;
      expect(await runSingleton(b, 'crash-job', async () => 'b')).toEqual({ ran: false });
      await a.locks!.close();
      expect(await runSingleton(b, 'crash-job', async () => 'b')).toEqual({ ran: true, value: 'b' });
      held.finish();
      await first;
    },
  );
});

describe('runExclusive', () => {
  it('runs every caller, one after the other, across processes', async () => {
    const [a, b] = await twoProcesses();
    const events: string[] = [];
    const job = (who: string) => async () => {
      events.push(`${who} start`);
      await new Promise((resolve) => setImmediate(resolve));
      await a.ping();
      events.push(`${who} end`);
      return who;
    };
    const results = await Promise.all([
      runExclusive(a, 'exclusive-job', job('1')),
      runExclusive(b, 'exclusive-job', job('2')),
      runExclusive(a, 'exclusive-job', job('3')),
    ]);
    expect(results).toEqual(['1', '2', '3']);
    expect(events).toHaveLength(6);
    for (let i = 0; i < 6; i += 2) {
      expect(events[i]!.split(' ')[0]).toBe(events[i + 1]!.split(' ')[0]);
      expect(events[i]).toMatch(/ start$/);
    }
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('migrations under the lock', () => {
  it('three processes migrating a new database at once: one applies every migration, the others none', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `fresh_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(url, `create database "${name}"`);
    const three = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 1 })),
    );
    try {
      const applied = (await Promise.all(three.map((h) => h.migrate()))).map((r) => r.applied);
      const journal = JSON.parse(readFileSync(join(appRoot(), 'drizzle/meta/_journal.json'), 'utf8'));
      expect(applied.sort((x, y) => y - x)).toEqual([journal.entries.length, 0, 0]);
      const { rows } = await three[0]!.db.execute<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations' as never,
      );
      expect(rows[0]!.n).toBe(journal.entries.length);
    } finally {
      for (const handle of three) await handle.close();
      await adminQuery(url, `drop database if exists "${name}" with (force)`);
    }
  });
});

it('gives each name its own key, within one namespace of this product', () => {
  const names = ['migrations', 'demo-seed', 'maintenance', 'mail-outbox', 'backup', 'orphan-sweep'];
  const keys = names.map(lockKeys);
  expect(new Set(keys.map((k) => k[0])).size).toBe(1);
  expect(new Set(keys.map((k) => k[1])).size).toBe(names.length);
});
