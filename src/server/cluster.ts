import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { openDatabase } from './db/client';
import type { Env } from './env';
import { seedDemoOnce } from './seed/seed-demo';
import { createStorage } from './storage/create-storage';

/**
 * Several server processes on one port (node:cluster), PostgreSQL only (docs/operations.md): the primary
 * migrates (and seeds with SEED_DEMO) once, forks WORKERS workers that each build the app and listen, starts
 * a new one when one dies, and on SIGTERM/SIGINT stops them all and exits 0 once they have exited cleanly.
 * Exactly one worker runs the scheduled work (mail outbox, maintenance), a server worker or, with
 * JOBS_MODE=worker, a process of its own that serves nothing; its replacement takes it over.
 */

/** Set by the primary on each worker: its WorkerRole. */
export const RUNS_JOBS_VARIABLE = 'SERVER_RUNS_JOBS';
/**
 * Set by the primary on each worker: its slot, 0 to WORKERS - 1 for the servers and WORKERS for a jobs process,
 * kept across restarts. Names the process in the metrics and offsets its METRICS_PORT.
 */
export const PROCESS_SLOT_VARIABLE = 'SERVER_PROCESS_SLOT';

/** This process's slot (0 outside a cluster). */
export const processSlot = () => Number(process.env[PROCESS_SLOT_VARIABLE] ?? 0) || 0;

/** What that worker logs once it has started the scheduled work. */
export const RUNS_JOBS_MESSAGE = 'this server process runs the scheduled work (queues, clocks, maintenance)';

/** What a cluster worker does: serves and runs the scheduled work, serves only, or runs the work only. */
export type WorkerRole = 'serve+jobs' | 'serve' | 'jobs';
/** What the jobs-only process logs once it has started the scheduled work. */
export const JOBS_PROCESS_MESSAGE = 'this process runs the scheduled work only and serves no requests';

/**
 * Where the scheduled work runs: 'inline' (in the one server process, or one cluster worker), 'process' (a
 * process of its own, JOBS_MODE=worker on PostgreSQL) or 'none' (JOBS_MODE=off). PGlite: always inline.
 */
export function jobsPlacement(env: Pick<Env, 'DATABASE_URL' | 'JOBS_MODE'>): 'inline' | 'process' | 'none' {
  if (!env.DATABASE_URL) return 'inline';
  return env.JOBS_MODE === 'worker' ? 'process' : env.JOBS_MODE === 'off' ? 'none' : 'inline';
}

/** How many server processes to run: WORKERS (default: the CPUs) on PostgreSQL, always one on PGlite. */
export function serverProcessCount(env: Pick<Env, 'DATABASE_URL' | 'WORKERS'>): number {
  if (!env.DATABASE_URL) return 1;
  return env.WORKERS ?? availableParallelism();
}

/** How long the primary waits for the workers to finish their requests and exit before killing them. */
const SHUTDOWN_GRACE_MS = 20_000;
/** A worker that dies sooner than this after its start counts as a crash loop: restarts then back off. */
const STABLE_AFTER_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * `mainFile`: the server's entry module, which the workers run (not `npm start`'s build check). `jobs`: where
 * the scheduled work runs (jobsPlacement): in the first server worker, in one more worker of its own, or nowhere.
 */
export async function runPrimary(
  env: Env,
  count: number,
  mainFile: string,
  jobs: ReturnType<typeof jobsPlacement> = 'inline',
): Promise<void> {
  const log = Fastify({ logger: { level: env.LOG_LEVEL } }).log;
  const workers = new Map<Worker, { role: WorkerRole; slot: number; startedAt: number }>();
  let closing = false;
  let exitCode = 0;
  let anyListening = false;
  let quickDeaths = 0;
  const restarts = new Set<NodeJS.Timeout>();

  const finish = () => process.exit(exitCode);
  const shutdown = (signal: string, code = 0) => {
    if (closing) return;
    closing = true;
    exitCode = code;
    log.info({ signal, workers: workers.size }, 'stopping the server processes');
    for (const timer of restarts) clearTimeout(timer);
    if (workers.size === 0) finish();
    for (const worker of workers.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log.error('server processes did not stop in time: killing them');
      for (const worker of workers.keys()) worker.process.kill('SIGKILL');
      exitCode = 1;
      finish();
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await prepareDatabase(env, log);
  if (closing) return;

  cluster.setupPrimary({ exec: mainFile });
  // A worker's slot stays the same when it is restarted: its metrics label and its METRICS_PORT offset.
  const start = (role: WorkerRole, slot: number) => {
    const worker = cluster.fork({ [RUNS_JOBS_VARIABLE]: role, [PROCESS_SLOT_VARIABLE]: String(slot) });
    workers.set(worker, { role, slot, startedAt: Date.now() });
  };
  cluster.on('listening', () => {
    anyListening = true;
  });
  cluster.on('exit', (worker, code, signal) => {
    const info = workers.get(worker);
    workers.delete(worker);
    if (!info) return;
    if (closing) {
      // The SIGTERM we sent may reach a worker still starting, before it handles signals.
      if (code !== 0 && signal !== 'SIGTERM') exitCode = 1;
      if (workers.size === 0) finish();
      return;
    }
    if (!anyListening) {
      log.error({ workerPid: worker.process.pid, code, signal }, 'a server process failed to start');
      shutdown('startup failure', 1);
      return;
    }
    quickDeaths = Date.now() - info.startedAt < STABLE_AFTER_MS ? quickDeaths + 1 : 0;
    const delay = quickDeaths === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** (quickDeaths - 1));
    log.error(
      { workerPid: worker.process.pid, code, signal, restartInMs: delay, role: info.role },
      'a server process died: starting another',
    );
    const timer = setTimeout(() => {
      restarts.delete(timer);
      start(info.role, info.slot);
    }, delay);
    restarts.add(timer);
  });

  log.info({ workers: count, jobs }, 'starting the server processes');
  for (let i = 0; i < count; i++) start(i === 0 && jobs === 'inline' ? 'serve+jobs' : 'serve', i);
  if (jobs === 'process') start('jobs', count);
}

/** Migrations and the optional demo seed, once for all the workers, before any of them starts. */
async function prepareDatabase(env: Env, log: FastifyBaseLogger) {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL!, poolSize: 1 });
  try {
    const { applied } = await handle.migrate();
    log.info({ applied }, 'database schema up to date');
    if (env.SEED_DEMO) {
      const storage = createStorage(env);
      await storage.check();
      await seedDemoOnce(handle, storage, log);
    }
  } finally {
    await handle.close();
  }
}
