import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createBackup } from '../db/backup';
import type { Env } from '../env';
import { runSingleton } from './job-lock';

export const backupDirOf = (env: Pick<Env, 'BACKUP_DIR' | 'DATA_DIR'>) =>
  resolve(env.BACKUP_DIR ?? resolve(env.DATA_DIR, 'backups'));

/** The running server's pid, so `npm run backup` asks it for a backup and `npm run restore` refuses. */
export const pidFileOf = (dataDir: string) => resolve(dataDir, 'server.pid');

/** The pid of a live server on this data folder, or null. */
export function runningServerPid(dataDir: string): number | null {
  const file = pidFileOf(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** One backup at a time; a request while one runs waits for it instead of starting another. */
let running: Promise<unknown> | null = null;
export function backupNow(app: FastifyInstance) {
  running ??= createBackup(app.dbHandle, backupDirOf(app.env), app.env.BACKUP_KEEP).finally(() => {
    running = null;
  });
  return running as ReturnType<typeof createBackup>;
}

/**
 * Embedded database only: a backup every BACKUP_INTERVAL_HOURS (the first one an interval after start) and on
 * SIGUSR2 (sent by `npm run backup`). Returns a function that stops both.
 */
export function startBackups(app: FastifyInstance): () => void {
  if (app.dbHandle.kind !== 'pglite') return () => {};
  const pidFile = pidFileOf(app.env.DATA_DIR);
  writeFileSync(pidFile, String(process.pid));
  const run = (reason: string) =>
    runSingleton(app.dbHandle, 'backup', () => backupNow(app))
      .then((outcome) => {
        if (!outcome.ran) return app.log.info({ reason }, 'a database backup is already being written');
        const b = outcome.value;
        app.log.info({ backup: b.path, size: b.size, reason }, 'database backup written');
      })
      .catch((err) => app.log.error({ err, reason }, 'database backup failed'));
  const onSignal = () => void run('signal');
  process.on('SIGUSR2', onSignal);
  const hours = app.env.BACKUP_INTERVAL_HOURS;
  const timer = hours > 0 ? setInterval(() => void run('schedule'), hours * 3_600_000) : undefined;
  timer?.unref();
  return () => {
    if (timer) clearInterval(timer);
    process.off('SIGUSR2', onSignal);
    rmSync(pidFile, { force: true });
  };
}
