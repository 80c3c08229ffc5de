import { openDatabase } from '../db/client';
import { databaseOptions, loadEnv } from '../env';
import { createStorage } from '../storage/create-storage';

/** The database and storage the server would use, for command-line tasks. */
export async function openFromEnv() {
  const env = loadEnv();
  const storage = createStorage(env);
  await storage.check();
  const handle = await openDatabase(databaseOptions(env));
  await handle.migrate();
  return { env, handle, storage };
}
