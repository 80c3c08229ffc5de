import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { jobRuns } from '../db/schema';
import { sharedTwoProcesses } from '../test/test-app';
import { claimPeriod, runOncePerPeriod } from './job-period';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Two "processes" on one database (test-app.ts). */
const twoProcesses = sharedTwoProcesses();

/** A job that counts its runs. */
function counted() {
  const runs: number[] = [];
  return { runs, job: async () => runs.push(runs.length + 1) };
}

const rowOf = async (handle: DatabaseHandle, name: string) =>
  (await handle.db.select().from(jobRuns).where(eq(jobRuns.name, name)))[0];

describe('runOncePerPeriod', () => {
  it('two processes ticking all through a period run the job once, and once more in the next period', async () => {
    const [a, b] = await twoProcesses();
    const { runs, job } = counted();
    const start = new Date();
    const tick = (minutes: number) => {
      const now = new Date(start.getTime() + minutes * MINUTE);
      // Both processes at the same instant, and each twice.
      return Promise.all([a, b, a, b].map((handle) => runOncePerPeriod(handle, 'hourly', HOUR, job, now)));
    };
    for (let minutes = 0; minutes < 60; minutes += 5) await tick(minutes);
    await tick(59.9);
    expect(runs).toEqual([1]);
    await tick(60);
    expect(runs).toEqual([1, 2]);
    for (let minutes = 61; minutes < 120; minutes += 10) await tick(minutes);
    expect(runs).toEqual([1, 2]);
    // The next period is counted from the last claim (minute 60), not from the first.
    await tick(119);
    expect(runs).toEqual([1, 2]);
    await tick(120);
    expect(runs).toEqual([1, 2, 3]);
  });

  it('says whether it ran and passes on the value', async () => {
    const [a, b] = await twoProcesses();
    const now = new Date();
    expect(await runOncePerPeriod(a, 'valued', HOUR, async () => 'done', now)).toEqual({
      ran: true,
      value: 'done',
    });
    expect(await runOncePerPeriod(b, 'valued', HOUR, async () => 'again', now)).toEqual({ ran: false });
  });

  it('records who started the last run and when it finished', async () => {
    const [a] = await twoProcesses();
    const now = new Date();
    await runOncePerPeriod(
      a,
      'recorded',
      HOUR,
      async () => {
        const running = await rowOf(a, 'recorded');
        expect(running!.lastStartedAt).toEqual(now);
        expect(running!.lastFinishedAt).toBeNull();
      },
      now,
    );
    const row = await rowOf(a, 'recorded');
    expect(row!.lastFinishedAt!.getTime()).toBeGreaterThanOrEqual(now.getTime());
    expect(row!.lastProcess).toMatch(new RegExp(`:${process.pid}$`));
  });

  it('a run that fails spends its period: the next period runs it again', async () => {
    const [a, b] = await twoProcesses();
    const start = new Date();
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    await expect(
      runOncePerPeriod(
        a,
        'failing',
        HOUR,
        async () => {
          throw new Error('job failed');
        },
        at(0),
      ),
    ).rejects.toThrow('job failed');
    const failed = await rowOf(a, 'failing');
    expect(failed!.lastFinishedAt).toBeNull();
    const { runs, job } = counted();
    expect(await runOncePerPeriod(b, 'failing', HOUR, job, at(5))).toEqual({ ran: false });
    expect(await runOncePerPeriod(a, 'failing', HOUR, job, at(59))).toEqual({ ran: false });
    expect(await runOncePerPeriod(b, 'failing', HOUR, job, at(60))).toEqual({ ran: true, value: 1 });
    expect(runs).toEqual([1]);
  });

  it('a run that outlasts its period is not overlapped by the next', async () => {
    const [a, b] = await twoProcesses();
    const start = new Date();
    let finish!: () => void;
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const long = runOncePerPeriod(
      a,
      'long',
      MINUTE,
      async () => {
        started();
        await done;
      },
      start,
    );
    await running;
    const later = new Date(start.getTime() + 10 * MINUTE);
    expect(await runOncePerPeriod(b, 'long', MINUTE, async () => 'b', later)).toEqual({ ran: false });
    finish();
    await long;
    expect(await runOncePerPeriod(b, 'long', MINUTE, async () => 'b', later)).toEqual({
      ran: true,
      value: 'b',
    });
  });

  it("counts on the database's clock when none is given", async () => {
    const [a, b] = await twoProcesses();
    const { runs, job } = counted();
    await runOncePerPeriod(a, 'database-clock', HOUR, job);
    await runOncePerPeriod(b, 'database-clock', HOUR, job);
    await runOncePerPeriod(a, 'database-clock', HOUR, job);
    expect(runs).toEqual([1]);
    // A period of one millisecond is over by the next tick.
    const { runs: often, job: oftenJob } = counted();
    await runOncePerPeriod(a, 'database-clock-short', 1, oftenJob);
    await a.db.execute('select pg_sleep(0.01)' as never);
    await runOncePerPeriod(b, 'database-clock-short', 1, oftenJob);
    expect(often).toEqual([1, 2]);
  });
});

describe('claimPeriod', () => {
  it('many claims at once, over several connections, give the period to exactly one', async () => {
    const [a, b] = await twoProcesses();
    const now = new Date();
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) => claimPeriod((i % 2 ? a : b).db, 'contended', HOUR, now)),
    );
    expect(claims.filter((c) => c !== null)).toHaveLength(1);
    const next = new Date(now.getTime() + HOUR);
    const again = await Promise.all(
      Array.from({ length: 12 }, (_, i) => claimPeriod((i % 2 ? a : b).db, 'contended', HOUR, next)),
    );
    expect(again.filter((c) => c !== null)).toHaveLength(1);
  });
});
