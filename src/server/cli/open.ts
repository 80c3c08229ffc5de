import { resolve } from 'node:path';
import { openDatabase } from '../db/client';
import { databaseOptions, loadEnv } from '../env';
import { LocalStorage } from '../storage/storage';

/** The database and storage the server would use, for command-line tasks. */
export async function openFromEnv() {
  const env = loadEnv();
  const handle = await openDatabase(databaseOptions(env));
  await handle.migrate();
  return { env, handle, storage: new LocalStorage(resolve(env.DATA_DIR, 'uploads')) };
}
