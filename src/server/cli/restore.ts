// `npm run restore -- FILE [--max-unpacked-mb N]`: replaces the embedded database with a backup. The server must
// be stopped. A file that unpacks to more than the cap (1024 MB by default) is refused before anything changes.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { MAX_UNPACKED_BYTES, restoreBackup } from '../db/backup';
import { loadEnv } from '../env';
import { runningServerPid } from '../lib/backups';

const { values, positionals } = parseArgs({
  options: { 'max-unpacked-mb': { type: 'string' } },
  allowPositionals: true,
});
const file = positionals[0];
const env = loadEnv();
const capMb = values['max-unpacked-mb'] === undefined ? undefined : Number(values['max-unpacked-mb']);
if (!file || !existsSync(file) || (capMb !== undefined && !(Number.isInteger(capMb) && capMb > 0))) {
  console.error('usage: npm run restore -- DATA_DIR/backups/pglite-<time>.tar.gz [--max-unpacked-mb 1024]');
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
let keptAs: string | null;
try {
  ({ keptAs } = await restoreBackup(file, env.DATA_DIR, {
    maxUnpackedBytes: capMb === undefined ? MAX_UNPACKED_BYTES : capMb * 1024 ** 2,
  }));
} catch (err) {
  console.error(`Nothing was restored: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
console.info(`restored ${file}${keptAs ? `; the previous database is kept in ${keptAs}` : ''}`);
