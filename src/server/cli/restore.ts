// `npm run restore -- FILE`: replaces the embedded database with a backup. The server must be stopped.
import { existsSync } from 'node:fs';
import { restoreBackup } from '../db/backup';
import { loadEnv } from '../env';
import { runningServerPid } from '../lib/backups';

const file = process.argv[2];
const env = loadEnv();
if (!file || !existsSync(file)) {
  console.error('usage: npm run restore -- DATA_DIR/backups/pglite-<time>.tar.gz');
  process.exit(1);
}
if (env.DATABASE_URL) {
  console.error('DATABASE_URL is set: restore a PostgreSQL server with pg_restore (see docs/operations.md).');
  process.exit(1);
}
const pid = runningServerPid(env.DATA_DIR);
if (pid) {
  console.error(`the server is running (pid ${pid}): stop it first, then restore.`);
  process.exit(1);
}
const { keptAs } = await restoreBackup(file, env.DATA_DIR);
console.info(`restored ${file}${keptAs ? `; the previous database is kept in ${keptAs}` : ''}`);
