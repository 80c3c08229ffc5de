// `npm run backup`: an online backup of the embedded database into BACKUP_DIR (default DATA_DIR/backups).
import { setTimeout as sleep } from 'node:timers/promises';
import { createBackup, listBackups } from '../db/backup';
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { backupDirOf, runningServerPid } from '../lib/backups';

const env = loadEnv();
if (env.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up the PostgreSQL server with pg_dump (see docs/operations.md).');
  process.exit(1);
}
const dir = backupDirOf(env);
const pid = runningServerPid(env.DATA_DIR);
if (pid) {
  // PGlite belongs to one process: the running server takes the backup itself, without stopping.
  const before = listBackups(dir)[0]?.name;
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 300_000;
  while (listBackups(dir)[0]?.name === before) {
    if (Date.now() > deadline) {
      console.error(`the server (pid ${pid}) wrote no backup within 5 minutes; see its log`);
      process.exit(1);
    }
    await sleep(250);
  }
  console.info(`backup written by the running server: ${listBackups(dir)[0]!.path}`);
} else {
  const handle = await openDatabase({ dataDir: env.DATA_DIR });
  try {
    const backup = await createBackup(handle, dir, env.BACKUP_KEEP);
    console.info(`backup written: ${backup.path} (${backup.size} bytes)`);
  } finally {
    await handle.close();
  }
}
