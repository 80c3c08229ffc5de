import cluster from 'node:cluster';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import {
  JOBS_PROCESS_MESSAGE,
  jobsPlacement,
  processSlot,
  RUNS_JOBS_MESSAGE,
  RUNS_JOBS_VARIABLE,
  runPrimary,
  serverProcessCount,
  type WorkerRole,
} from './cluster';
import { type Env, EnvError, loadEnv, startupWarnings } from './env';
import { startBackups } from './lib/backups';
import { declareJobPeriod } from './lib/job-stats';
import { startMaintenance } from './lib/maintenance';
import { startTracing } from './lib/tracing';
import { startAlertsJob } from './modules/alerts';
import { startDraining } from './modules/health';
import { startResponseClock } from './modules/leads';
import { startOutboxWorker } from './modules/mail';
import { startExclusivityJob } from './modules/orders';
import { startDailyReminder, startPushWorker } from './modules/push';
import { startSmsWorker } from './modules/sms';
import { startViewingEscalation } from './modules/viewings';
import { METRICS_LISTENING_MESSAGE, startMetricsServer } from './plugins/metrics';
import { seedDemoOnce } from './seed/seed-demo';
import { startOrphanSweep } from './storage/orphan-sweep';

/**
 * One server process: the only one (PGlite, or WORKERS=1), or a cluster worker (see cluster.ts), which
 * neither migrates nor seeds (the primary did) and runs the scheduled work only when the primary says so.
 * The scheduled work starts once the server listens: a start with much data answers visitors first. A
 * jobs-only worker (JOBS_MODE=worker) runs the scheduled work and never listens.
 */
async function runServer(env: Env, role: { primary: boolean; runsJobs: boolean; listens: boolean }) {
  let app: FastifyInstance | undefined;
  let stopJobs = async () => {};
  let stopMetrics = async () => {};
  let closing = false;
  // Traces when the OTEL_* variables ask for them (lib/tracing.ts); flushed at the end.
  const stopTracing = await startTracing();
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Still starting: nothing is served yet, and an interrupted migration is rolled back.
    if (!app) process.exit(0);
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), env.SHUTDOWN_DRAIN_MS + 15_000);
    force.unref();
    // Readiness answers 503 from now on; requests are served until the load balancer has noticed.
    startDraining(app);
    if (env.SHUTDOWN_DRAIN_MS > 0) {
      app.log.info({ ms: env.SHUTDOWN_DRAIN_MS }, 'draining');
      await sleep(env.SHUTDOWN_DRAIN_MS);
    }
    await stopJobs();
    await app.close(); // stops accepting, waits for in-flight requests, then closes the database
    await stopMetrics();
    await stopTracing?.().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    app = await buildApp({ migrate: role.primary });
  } catch (err) {
    // A missing bucket or refused credentials: say which setting, without a stack trace.
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (role.primary && (!env.DATABASE_URL || env.SEED_DEMO)) {
    await seedDemoOnce(app.dbHandle, app.storage, app.log);
  }
  if (role.primary) for (const warning of startupWarnings(env)) app.log.warn(warning);
  if (!env.DATABASE_URL && (env.WORKERS ?? 1) > 1) {
    app.log.warn('WORKERS is ignored with the embedded database: one process owns its data folder');
  }
  if (!env.DATABASE_URL && env.JOBS_MODE !== 'inline') {
    app.log.warn('JOBS_MODE is ignored with the embedded database: its one process runs the scheduled work');
  }
  if (closing) return;
  if (env.METRICS_PORT !== undefined) {
    // Each process its own port, a jobs-only process too (cluster.ts, processSlot).
    const server = await startMetricsServer(app, {
      host: env.METRICS_HOST,
      port: env.METRICS_PORT + processSlot(),
      token: env.METRICS_TOKEN,
    });
    stopMetrics = () => new Promise<void>((resolve) => server.close(() => resolve()));
    app.log.info({ metricsPort: env.METRICS_PORT + processSlot() }, METRICS_LISTENING_MESSAGE);
  }
  if (role.listens) await app.listen({ host: env.HOST, port: env.PORT });
  if (role.runsJobs && !closing) stopJobs = startJobs(app, role.listens);
}

/** The mail and push senders, the buyers' alerts, the evening reminder, the leads' response clock, the viewing requests' escalation, the hourly maintenance and (PGlite) the backups; returns what stops them. */
function startJobs(app: FastifyInstance, serves: boolean) {
  // How often each job that is not claimed per period means to run (the metrics' job_period_seconds; the
  // periodic ones declare theirs, lib/job-period.ts): an alert fires when one has not ended well for long.
  const handle = app.dbHandle;
  declareJobPeriod(handle, 'mail-outbox', 5_000);
  declareJobPeriod(handle, 'push-outbox', 2_000);
  if (app.env.SMS_PROVIDER) declareJobPeriod(handle, 'sms-outbox', 2_000);
  declareJobPeriod(handle, 'alerts', app.env.ALERTS_JOB_INTERVAL_MS);
  declareJobPeriod(handle, 'lead-response-clock', 60_000);
  declareJobPeriod(handle, 'viewing-escalation', 60_000);
  declareJobPeriod(handle, 'daily-entry-reminder', 60_000);
  if (handle.kind === 'pglite' && app.env.BACKUP_INTERVAL_HOURS > 0)
    declareJobPeriod(handle, 'backup', app.env.BACKUP_INTERVAL_HOURS * 3_600_000);
  const stopWorker = startOutboxWorker(app);
  const stopPush = startPushWorker(app);
  const stopSms = startSmsWorker(app);
  const stopAlerts = startAlertsJob(app);
  const stopReminder = startDailyReminder(app);
  const stopClock = startResponseClock(app);
  const stopMaintenance = startMaintenance(app);
  const stopBackups = startBackups(app);
  const stopSweep = startOrphanSweep(app);
  const stopExclusivity = startExclusivityJob(app);
  const stopViewingEscalation = startViewingEscalation(app);
  if (cluster.isWorker) app.log.info(serves ? RUNS_JOBS_MESSAGE : JOBS_PROCESS_MESSAGE);
  return async () => {
    stopMaintenance();
    stopBackups();
    stopSweep();
    stopExclusivity();
    stopReminder();
    stopClock();
    await Promise.all([stopAlerts(), stopWorker(), stopPush(), stopSms(), stopViewingEscalation()]);
  };
}

async function main() {
  let env: Env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (cluster.isWorker) {
    const role = process.env[RUNS_JOBS_VARIABLE] as WorkerRole;
    await runServer(env, { primary: false, runsJobs: role !== 'serve', listens: role !== 'jobs' });
    return;
  }
  const count = serverProcessCount(env);
  const jobs = jobsPlacement(env);
  if (count > 1 || jobs === 'process') await runPrimary(env, count, fileURLToPath(import.meta.url), jobs);
  else await runServer(env, { primary: true, runsJobs: jobs === 'inline', listens: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
