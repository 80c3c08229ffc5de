import { resolve } from 'node:path';
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { LocalStorage } from '../storage/storage';

/** The database and storage the server would use, for command-line tasks. */
export async function openFromEnv() {
  const env = loadEnv();
  const handle = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
  );
  await handle.migrate();
  return { env, handle, storage: new LocalStorage(resolve(env.DATA_DIR, 'uploads')) };
}
