import { withBlockingLock } from '../db/advisory-lock';
import type { DatabaseHandle } from '../db/client';
import { recordJobRun } from './job-stats';

/**
 * Singleton work across processes and machines. On PostgreSQL a named advisory lock (db/advisory-lock.ts) says
 * which process runs it; the embedded database is one process, where an in-process guard is enough (its one
 * connection would grant the same advisory lock to every caller, since PostgreSQL locks are re-entrant per
 * session). Queues claimed row by row (`FOR UPDATE SKIP LOCKED`) need no lock of their own. Periodic jobs also
 * claim their period (job-period.ts), so that they run once per period in all, not once per process.
 */

/** Names held in this process, per database handle (tests open several handles, each a process of its own). */
const heldHere = new WeakMap<DatabaseHandle, Set<string>>();
const queues = new WeakMap<DatabaseHandle, Map<string, Promise<unknown>>>();

export type SingletonOutcome<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `job` unless another run of the same name holds the lock, here or in any other process; then it does
 * nothing and says so (`ran: false`). For periodic jobs: the next tick tries again. A run is counted in the
 * job's metrics (lib/job-stats.ts) unless `record` is false (a periodic job counts only the runs that claimed
 * their period).
 */
export async function runSingleton<T>(
  handle: DatabaseHandle,
  name: string,
  job: () => Promise<T>,
  { record = true }: { record?: boolean } = {},
): Promise<SingletonOutcome<T>> {
  const held = heldHere.get(handle) ?? new Set<string>();
  heldHere.set(handle, held);
  if (held.has(name)) return { ran: false };
  held.add(name);
  try {
    if (handle.locks && !(await handle.locks.tryLock(name))) return { ran: false };
    try {
      return { ran: true, value: await (record ? recordJobRun(handle, name, job) : job()) };
    } finally {
      await handle.locks?.unlock(name).catch(() => {});
    }
  } finally {
    held.delete(name);
  }
}

/**
 * Runs `job` once no other run of the same name is under way, waiting for it if one is (here or in another
 * process). For start-up work every process does after the others: the demo seed checks for users under it.
 */
export async function runExclusive<T>(
  handle: DatabaseHandle,
  name: string,
  job: () => Promise<T>,
): Promise<T> {
  const queue = queues.get(handle) ?? new Map<string, Promise<unknown>>();
  queues.set(handle, queue);
  const previous = queue.get(name) ?? Promise.resolve();
  const run = previous
    .catch(() => {})
    .then(() => (handle.connectionString ? withBlockingLock(handle.connectionString, name, job) : job()));
  queue.set(name, run);
  try {
    return await run;
  } finally {
    if (queue.get(name) === run) queue.delete(name);
  }
}
