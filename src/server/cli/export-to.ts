// `npm run db:export-to -- postgres://user:pass@host:5432/agency`: copies the embedded database (DATA_DIR) into an
// empty PostgreSQL database, every table in one transaction, with the row counts compared. Stop the server first.
import { openDatabase } from '../db/client';
import { ExportRefused, exportTo } from '../db/export-to';
import { databaseOutage } from '../db/outage';
import { EnvError, loadEnv } from '../env';
import { runningServerPid } from '../lib/backups';

try {
  const env = loadEnv();
  const targetUrl = process.argv[2];
  if (!targetUrl || !/^postgres(ql)?:\/\//.test(targetUrl)) {
    throw new EnvError('usage: npm run db:export-to -- postgres://user:pass@host:5432/database');
  }
  if (env.DATABASE_URL) {
    throw new EnvError(
      'DATABASE_URL is set: this copies the embedded database (DATA_DIR); unset DATABASE_URL',
    );
  }
  const pid = runningServerPid(env.DATA_DIR);
  if (pid)
    throw new EnvError(`the server (pid ${pid}) owns the embedded database: stop it, then run this again`);
  const source = await openDatabase({ dataDir: env.DATA_DIR });
  try {
    await source.migrate();
    const counts = await exportTo(source, targetUrl, (line) => console.info(line));
    const total = counts.reduce((sum, c) => sum + c.rows, 0);
    console.info(
      `${counts.length} tables, ${total} rows copied; the counts match. Now set DATABASE_URL to it.`,
    );
  } finally {
    await source.close();
  }
} catch (err) {
  // A refusal or an unreachable database is a sentence to act on; anything else is a bug, with its stack.
  if (err instanceof EnvError || err instanceof ExportRefused) console.error(err.message);
  else if (databaseOutage(err))
    console.error(`the database cannot be reached: ${err instanceof Error ? err.message : String(err)}`);
  else console.error(err);
  process.exit(1);
}
