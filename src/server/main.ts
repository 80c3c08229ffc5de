import { buildApp } from './app';
import { seedDemoIfEmpty } from './db/seed-demo';
import { EnvError, loadEnv } from './env';
import { startBackups } from './lib/backups';
import { startMaintenance } from './lib/maintenance';
import { startOutboxWorker } from './modules/mail/worker';

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp();
  if (!env.DATABASE_URL || env.SEED_DEMO) await seedDemoIfEmpty(app.db, app.storage, app.log);
  const stopWorker = startOutboxWorker(app);
  const stopMaintenance = startMaintenance(app);
  const stopBackups = startBackups(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    stopMaintenance();
    stopBackups();
    await stopWorker();
    await app.close(); // stops accepting, waits for in-flight requests, then closes the database
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
