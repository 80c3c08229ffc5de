import { hostname } from 'node:os';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client';
import { jobRuns } from '../db/schema';
import { runSingleton, type SingletonOutcome } from './job-lock';
import { declareJobPeriod, recordJobRun } from './job-stats';

/** Names this process in `job_runs.last_process`. */
const thisProcess = `${hostname()}:${process.pid}`;

/** The claim's clock: the one given (tests), else the database's, one clock for every machine. */
const clockOf = (now: Date | undefined): SQL => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

/**
 * Claims the current period of `name` in one statement: inserts its row, or moves its start to now when the
 * last run started at least `periodMs` ago. Two processes claiming at once meet on the row: the second sees
 * the first's start and gets nothing. Returns the claimed start (as the database's text, exact to the
 * microsecond) or null when the period is taken.
 */
export async function claimPeriod(
  db: Database,
  name: string,
  periodMs: number,
  now?: Date,
): Promise<string | null> {
  const at = clockOf(now);
  const [claimed] = await db
    .insert(jobRuns)
    .values({ name, lastStartedAt: at, lastProcess: thisProcess })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { lastStartedAt: sql`excluded.last_started_at`, lastProcess: sql`excluded.last_process` },
      setWhere: sql`${jobRuns.lastStartedAt} <= excluded.last_started_at - make_interval(secs => ${periodMs / 1000})`,
    })
    .returning({ startedAt: sql<string>`${jobRuns.lastStartedAt}::text` });
  return claimed?.startedAt ?? null;
}

/**
 * Runs a periodic job once per `periodMs` across every process on every machine of one database: each process
 * may tick as often as it likes (and at start-up); the first tick of a period claims it (claimPeriod) and runs
 * the job, every other tick of that period, here or elsewhere, does nothing and says so (`ran: false`). The job
 * also runs under runSingleton, so a run that outlasts its period never overlaps the next.
 *
 * A run that fails spends its period, as one whose process dies does (nothing is left to release the claim):
 * the next period tries again, and a job that keeps failing (a bucket out of reach) is tried once a period
 * rather than at every tick of every process (docs/decisions/0027-periodic-jobs-once-per-period.md). A run
 * that finishes records `last_finished_at`.
 *
 * `now` stands for the database's clock (tests); the period's end is counted from the claim, so runs drift
 * later by up to one tick a period.
 */
export async function runOncePerPeriod<T>(
  handle: DatabaseHandle,
  name: string,
  periodMs: number,
  job: () => Promise<T>,
  now?: Date,
): Promise<SingletonOutcome<T>> {
  declareJobPeriod(handle, name, periodMs);
  const outcome = await runSingleton(
    handle,
    name,
    async (): Promise<SingletonOutcome<T>> => {
      const startedAt = await claimPeriod(handle.db, name, periodMs, now);
      if (startedAt === null) return { ran: false };
      const startedHere = Date.now();
      const value = await recordJobRun(handle, name, job);
      const finishedAt = now ? clockOf(new Date(now.getTime() + Date.now() - startedHere)) : sql`now()`;
      await handle.db
        .update(jobRuns)
        .set({ lastFinishedAt: finishedAt })
        .where(and(eq(jobRuns.name, name), sql`${jobRuns.lastStartedAt} = ${startedAt}::timestamptz`));
      return { ran: true, value };
    },
    { record: false },
  );
  return outcome.ran ? outcome.value : outcome;
}
