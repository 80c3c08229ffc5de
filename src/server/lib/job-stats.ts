import type { DatabaseHandle } from '../db/client';

/**
 * What this process's runs of each background job did (the metrics): runs, failures, rows handled, the last
 * run's duration and when the last one ended well. Kept per database handle, as the job locks are (tests open
 * several handles in one process, each standing for a process of its own).
 */
export type JobStats = {
  runs: number;
  failures: number;
  rows: number;
  lastDurationSeconds: number;
  /** When the last run ended, well or not (Unix seconds); 0 before the first. */
  lastRun: number;
  /** Unix seconds; 0 before the first run that ended well. */
  lastSuccess: number;
  /** How often the job is meant to run, in seconds, when known (the "did not run" alert). */
  periodSeconds?: number;
};

const byHandle = new WeakMap<DatabaseHandle, Map<string, JobStats>>();
/** Told of each run's duration as it ends (the metrics' histogram), per handle. */
const observers = new WeakMap<DatabaseHandle, (name: string, seconds: number) => void>();

/** Has `observe` told of the duration of each run on `handle` from now on. */
export function observeJobRuns(handle: DatabaseHandle, observe: (name: string, seconds: number) => void) {
  observers.set(handle, observe);
}

function statsOf(handle: DatabaseHandle, name: string): JobStats {
  let jobs = byHandle.get(handle);
  if (!jobs) {
    jobs = new Map();
    byHandle.set(handle, jobs);
  }
  let stats = jobs.get(name);
  if (!stats) {
    stats = { runs: 0, failures: 0, rows: 0, lastDurationSeconds: 0, lastRun: 0, lastSuccess: 0 };
    jobs.set(name, stats);
  }
  return stats;
}

/** The jobs that ran (or were declared) on `handle` in this process. */
export const jobStats = (handle: DatabaseHandle): ReadonlyMap<string, JobStats> =>
  byHandle.get(handle) ?? new Map();

/** Names how often a job is meant to run. */
export function declareJobPeriod(handle: DatabaseHandle, name: string, periodMs: number) {
  statsOf(handle, name).periodSeconds = periodMs / 1000;
}

/**
 * The rows a run handled, from what it answered: a count, a list, or an object of counts only (the response clock's
 * `{ escalated, reminded }`); anything else counts none.
 */
export function rowsOf(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (Array.isArray(value)) return value.length;
  const counts = value && typeof value === 'object' ? Object.values(value) : [];
  if (counts.length > 0 && counts.every((v) => typeof v === 'number'))
    return counts.reduce((sum: number, v: number) => sum + v, 0);
  return 0;
}

/** Runs one run of the job `name`, counting it, its duration, its rows (rowsOf) and its failure. */
export async function recordJobRun<T>(
  handle: DatabaseHandle,
  name: string,
  run: () => Promise<T>,
): Promise<T> {
  const stats = statsOf(handle, name);
  const started = performance.now();
  const took = () => {
    const seconds = (performance.now() - started) / 1000;
    stats.runs += 1;
    stats.lastDurationSeconds = seconds;
    stats.lastRun = Date.now() / 1000;
    observers.get(handle)?.(name, seconds);
  };
  try {
    const value = await run();
    took();
    stats.rows += rowsOf(value);
    stats.lastSuccess = Date.now() / 1000;
    return value;
  } catch (err) {
    took();
    stats.failures += 1;
    throw err;
  }
}
