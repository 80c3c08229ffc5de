import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadEnv } from '../env';

/**
 * A copy of the database (and uploads) to go back to if an import must be undone; returns where it is.
 * Embedded: the `pglite/` and `uploads/` folders are copied before the database is opened. PostgreSQL: pg_dump.
 */
export async function backupBeforeImport(): Promise<string | null> {
  const env = loadEnv();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = resolve(env.DATA_DIR, 'backups', `before-import-${stamp}`);
  mkdirSync(target, { recursive: true });
  const uploads = resolve(env.DATA_DIR, 'uploads');
  if (existsSync(uploads)) cpSync(uploads, join(target, 'uploads'), { recursive: true });
  if (!env.DATABASE_URL) {
    const data = resolve(env.DATA_DIR, 'pglite');
    if (!existsSync(data)) return target;
    cpSync(data, join(target, 'pglite'), { recursive: true });
    return target;
  }
  const file = join(target, 'database.dump');
  const dump = spawnSync('pg_dump', ['--format=custom', `--file=${file}`, env.DATABASE_URL], {
    stdio: 'inherit',
  });
  if (dump.error || dump.status !== 0) {
    console.error(
      'pg_dump could not back up the database; nothing was imported. Take a backup yourself and run again ' +
        'with --skip-backup.',
    );
    process.exit(1);
  }
  return target;
}
