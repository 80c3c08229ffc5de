// npm run bench:properties — seeds 100,000 properties into a fresh PGlite database, serves the app from a
// child process and measures the search, the single property with similar ones, the full list and the
// image pipeline. Prints a Markdown table to paste into docs/performance.md.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openDatabase } from '../src/server/db/client';
import { processImage } from '../src/server/modules/images/pipeline';
import { LocalStorage } from '../src/server/storage/storage';
import { adminQuery, withDatabase } from '../src/server/test/global-setup';
import { BENCH_CITIES, BENCH_STREETS, seedProperties } from './properties-seed';

type Result = { requests: { average: number }; non2xx: number; errors: number };
type Instance = PromiseLike<Result> & {
  on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  requests: { setupRequest: (req: { path: string }) => { path: string } }[];
}) => Instance;
// autocannon ships no types; this is the part used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const COUNT = Number(process.env.BENCH_COUNT ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-properties-'));
const rows: string[] = [];
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function load(name: string, port: number, paths: string[], target?: number, connections = 20) {
  const latencies: number[] = [];
  let i = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: DURATION,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length]! }) }],
  });
  instance.on('response', (_client, status, _bytes, time) => {
    if (status === 200) latencies.push(time);
  });
  const result = await instance;
  const p95 = percentile(latencies, 95);
  const verdict =
    target === undefined
      ? ''
      : p95 <= target
        ? `meets ≤ ${target} ms`
        : `misses ${target} ms by ${(p95 - target).toFixed(1)} ms`;
  rows.push(
    `| ${name} | ${result.requests.average.toFixed(0)} req/s | ${percentile(latencies, 50).toFixed(1)} ms | ${p95.toFixed(1)} ms | ${percentile(latencies, 99).toFixed(1)} ms | ${result.non2xx} non-2xx, ${result.errors} errors | ${verdict} |`,
  );
  console.info(rows.at(-1));
}

async function main() {
  // Image pipeline first, while this process holds nothing else, so the peak is the pipeline's:
  // ten 12-megapixel photos (4000 x 3000 JPEG with noise, like a phone photo).
  const storage = new LocalStorage(join(dataDir, 'uploads'));
  const photos = await Promise.all(
    Array.from({ length: 10 }, (_, k) =>
      sharp({
        create: {
          width: 4000,
          height: 3000,
          channels: 3,
          background: { r: 90 + k * 10, g: 120, b: 160 },
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .jpeg({ quality: 88 })
        .toBuffer(),
    ),
  );
  const baseRss = process.memoryUsage().rss;
  let peak = baseRss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const times: number[] = [];
  for (const photo of photos) {
    const t = performance.now();
    await processImage(storage, photo, 'bench');
    times.push(performance.now() - t);
  }
  clearInterval(sampler);
  const total = times.reduce((a, b) => a + b, 0);
  rows.push(
    `| image pipeline, 10 x 12 MP JPEG (avg ${mb(photos.reduce((a, p) => a + p.length, 0) / 10)} each) | total ${(total / 1000).toFixed(1)} s | ${(total / 10).toFixed(0)} ms per photo | peak RSS ${mb(peak)} (+${mb(peak - baseRss)} over start) | | | |`,
  );
  console.info(rows.at(-1));

  console.info(`seeding ${COUNT} properties into ${dataDir} ...`);
  let started = Date.now();
  // BENCH_DATABASE_URL=postgres://... runs the same against a fresh database on a PostgreSQL server.
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const dbName = `bench_properties_${Date.now()}`;
  const databaseUrl = serverUrl ? withDatabase(serverUrl, dbName) : undefined;
  if (serverUrl) await adminQuery(serverUrl, `create database "${dbName}"`);
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  await handle.migrate();
  await seedProperties(handle.db, COUNT);
  const sample = (await handle.db.execute(
    sql`select id from properties where sold = false order by random() limit 500`,
  )) as unknown as { rows: { id: string }[] };
  await handle.close();
  const seedSeconds = ((Date.now() - started) / 1000).toFixed(1);
  console.info(`seeded in ${seedSeconds} s`);

  const child = fork(join(import.meta.dirname, 'properties-server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  });
  const port = await new Promise<number>((resolve) =>
    child.on('message', (m: { type: string; port: number }) => m.type === 'ready' && resolve(m.port)),
  );
  const memory = () =>
    new Promise<{ rss: number; peakRss: number }>((resolve) => {
      child.once('message', (m: { rss: number; peakRss: number }) => resolve(m));
      child.send({ type: 'memory' });
    });

  const searches: string[] = [];
  for (let k = 0; k < 200; k++) {
    const city = encodeURIComponent(BENCH_CITIES[k % BENCH_CITIES.length]!);
    const type = k % 3 === 0 ? 'rent' : 'sale';
    const price =
      type === 'sale'
        ? `minPrice=${(k % 5) * 500_000}&maxPrice=${4_000_000 + (k % 7) * 1_000_000}`
        : `maxPrice=${8000 + (k % 5) * 2000}`;
    const variants = [
      `type=${type}&city=${city}&${price}&minRooms=2&maxRooms=5`,
      `type=${type}&city=${city}&street=${encodeURIComponent(BENCH_STREETS[k % BENCH_STREETS.length]!)}`,
      `type=${type}&${price}&sort=priceAsc`,
      `type=${type}&category=${encodeURIComponent('דירה')}&minRooms=3&page=${1 + (k % 5)}`,
      `type=${type}`,
    ];
    searches.push(`/api/v1/property/search?${variants[k % variants.length]}&pageSize=12`);
  }
  const ids = sample.rows.map((r) => r.id);
  const single = ids.map((id) => `/api/v1/property/${id}`);
  const similar = ids.map((id) => `/api/v1/property/${id}/similar`);
  // One connection first: the service time of each endpoint without queueing.
  await load('search, 1 connection', port, searches, undefined, 1);
  await load('single property, 1 connection', port, single, undefined, 1);
  await load('similar properties, 1 connection', port, similar, undefined, 1);
  await load('search, typical filters', port, searches, 30);
  await load('single property', port, single, 20);
  await load('similar properties', port, similar, 20);
  await load(
    'single + similar (alternating)',
    port,
    ids.flatMap((id) => [`/api/v1/property/${id}`, `/api/v1/property/${id}/similar`]),
    20,
  );

  await memory();
  const fullTimes: number[] = [];
  let bytes = 0;
  for (let k = 0; k < 2; k++) {
    started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/property`);
    bytes = (await res.arrayBuffer()).byteLength;
    fullTimes.push(performance.now() - started);
  }
  const mem = await memory();
  rows.push(
    `| full GET /api/v1/property (${COUNT.toLocaleString('en')} rows, 1 client) | ${fullTimes.map((t) => `${(t / 1000).toFixed(2)} s`).join(' / ')} | body ${mb(bytes)} | server peak RSS ${mb(mem.peakRss)} | after ${mb(mem.rss)} | | |`,
  );
  console.info(rows.at(-1));
  child.send({ type: 'close' });

  console.info(
    `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, ${mb(totalmem())} RAM, Node ${process.version}`,
  );
  console.info(
    `Database: ${serverUrl ? 'PostgreSQL server (fresh database)' : 'PGlite (fresh data directory)'}`,
  );
  console.info(`Seed: ${COUNT} properties + ${COUNT * 3} image rows in ${seedSeconds} s`);
  console.info(
    '\n| measurement | throughput / time | p50 | p95 | p99 | errors | target |\n|---|---|---|---|---|---|---|',
  );
  for (const row of rows) console.info(row);
  rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl) await adminQuery(serverUrl, `drop database if exists "${dbName}" with (force)`);
}

main().catch((err) => {
  console.error(err);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
