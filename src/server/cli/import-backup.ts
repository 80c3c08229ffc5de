import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createBackup } from '../db/backup';
import type { DatabaseHandle } from '../db/client';
import type { Env } from '../env';
import { backupDirOf, runningServerPid } from '../lib/backups';

/** PGlite belongs to one process: the import opens the embedded database itself, so the server must be stopped. */
export function refuseWhileServerRuns(env: Env) {
  const pid = env.DATABASE_URL ? null : runningServerPid(env.DATA_DIR);
  if (!pid) return;
  console.error(
    `The server is running on this data folder (pid ${pid}): stop it, import, then start it again.`,
  );
  process.exit(1);
}

/**
 * The backup to go back to if an import must be undone; returns its path. Embedded: the same backup as
 * `npm run backup` (undo with `npm run restore -- FILE`). PostgreSQL: pg_dump with its SHA-256 checksum beside it (undo with
 * pg_restore --clean, after `sha256sum -c FILE.sha256`).
 */
export async function backupBeforeImport(env: Env, handle: DatabaseHandle): Promise<string> {
  const dir = backupDirOf(env);
  if (!env.DATABASE_URL) return (await createBackup(handle, dir, env.BACKUP_KEEP)).path;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `before-import-${new Date().toISOString().replace(/[:.]/g, '-')}.dump`);
  const dump = spawnSync('pg_dump', ['--format=custom', `--file=${file}`, env.DATABASE_URL], {
    stdio: 'inherit',
  });
  if (dump.error || dump.status !== 0) {
    throw new Error(
      'pg_dump could not back up the database. Take a backup yourself, then run again with --skip-backup.',
    );
  }
  // The checksum beside it, as scripts/pg-backup.sh writes it: its restore checks it before pg_restore runs.
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  const digest = hash.digest('hex');
  writeFileSync(`${file}.sha256`, `${digest}  ${basename(file)}\n`);
  return file;
}
