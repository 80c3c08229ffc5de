// The app under test in its own process (so it can be killed with SIGKILL and so load tools do not share its
// event loop). Configured by environment: DATA_DIR or DATABASE_URL, MAX_PENDING_REQUESTS, SEED_DEMO.
import { buildApp } from '../../src/server/app';
import { seedDemoIfEmpty } from '../../src/server/seed/seed-demo';
import { watchServer } from './server-stats';

const unlimited = { max: 1_000_000_000, windowMs: 60_000 };
const app = await buildApp({
  webRoot: null,
  logger: false,
  env: { NODE_ENV: 'production', APP_ORIGIN: 'http://127.0.0.1' },
  // The faults bench measures durability and load, not the per-client limits (tested elsewhere).
  rateLimits: { formsPerIp: unlimited, loginPerIp: unlimited, loginPerEmailAndIp: unlimited },
});
if (process.env.SEED_DEMO === 'true') await seedDemoIfEmpty(app.db, app.storage);
await app.listen({ host: '127.0.0.1', port: 0 });
const stats = watchServer(app.server);
const address = app.server.address();
process.on('message', (message: { type: string }) => {
  if (message.type === 'stats') process.send?.({ type: 'stats', stats: stats() });
  if (message.type === 'close') void app.close().then(() => process.exit(0));
});
process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
