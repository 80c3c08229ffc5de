// The app under load, in its own process so autocannon does not share its event loop.
import { buildApp } from '../src/server/app';

const dataDir = process.env.BENCH_DATA_DIR!;
const app = await buildApp({
  webRoot: null,
  logger: false,
  env: { DATA_DIR: dataDir, NODE_ENV: 'production' },
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
let peakRss = process.memoryUsage().rss;
setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 5).unref();

process.on('message', (message: { type: string }) => {
  if (message.type === 'memory') {
    process.send?.({ type: 'memory', rss: process.memoryUsage().rss, peakRss });
    peakRss = process.memoryUsage().rss;
  }
  if (message.type === 'close') void app.close().then(() => process.exit(0));
});
process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
