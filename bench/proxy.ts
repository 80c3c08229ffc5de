/**
 * npm run bench:proxy — the public mix behind the shipped deploy/nginx.conf (issue 26): Debian's nginx
 * (installed with apt-get when missing and running as root) terminates TLS in front of the server and keeps
 * what the server marks public. The mix is what visitors ask: the home page, `/Sale`, `/Rent`, the pages and
 * API answers of the 200 most visited properties, and a few common searches, with a property price update
 * (PATCH, admin) after about every 50 answers. It runs three ways in the same run: straight to the server,
 * through nginx, and the ceiling (a bare route); each with CPU per request (server, and server + nginx), and
 * nginx's hit ratio from its own log. Needs the built web app (`npm run build`).
 *
 *   npm run bench:proxy                                  embedded PGlite, 10,000 properties
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:proxy     PostgreSQL
 *   BENCH_COUNT=10000 BENCH_SECONDS=10
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery, withDatabase } from '../src/server/test/global-setup';
import { ensureNginx, startNginx } from '../src/server/test/nginx';
import { startCeiling } from './lib/ceiling';
import { priceUpdater, seedListings } from './lib/listings';
import { type BenchRequest, type Figure, measure } from './lib/mix';
import { FIGURE_HEADER, figureRow, machine, stamp } from './lib/report';
import { type BenchServer, signIn, startServer } from './lib/server';
import { BENCH_ADMIN } from './properties-seed';

const serverUrl = process.env.BENCH_DATABASE_URL;
const COUNT = Number(process.env.BENCH_COUNT ?? (serverUrl ? 100_000 : 10_000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WRITE_EVERY = 50;
const WORKERS = serverUrl ? Number(process.env.WORKERS ?? 2) : 1;
const POPULAR = 200;
const BROWSER = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };
const log = (line: string) => process.stdout.write(`${line}\n`);
const random = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
// nginx's certificate is made for the run (self-signed).
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** What visitors ask, most of it about a few hundred properties and the listing pages. */
function publicMix(popular: string[]): () => BenchRequest {
  const searches = [
    '/api/v1/property/search?type=sale',
    '/api/v1/property/search?type=rent',
    '/api/v1/property/search?type=sale&sort=priceAsc',
    '/api/v1/property/locations/cities?type=sale',
  ];
  return () => {
    const roll = Math.random();
    if (roll < 0.1) return { path: '/', headers: BROWSER };
    if (roll < 0.2) return { path: random(['/Sale', '/Rent']), headers: BROWSER };
    if (roll < 0.55) return { path: `/PropertyView/${random(popular)}`, headers: BROWSER };
    if (roll < 0.85)
      return { path: `/api/v1/property/${random(popular)}`, headers: { 'accept-encoding': 'br' } };
    return { path: random(searches), headers: { 'accept-encoding': 'br' } };
  };
}

async function main() {
  if (!existsSync(join(import.meta.dirname, '../dist/ssr/entry-server.js'))) {
    throw new Error('bench:proxy needs the built web app: npm run build');
  }
  const nginx = ensureNginx();
  if (!nginx.ok) throw new Error(`bench:proxy needs nginx: ${nginx.reason}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-proxy-'));
  const dbName = `bench_proxy_${Date.now()}`;
  const databaseUrl = serverUrl ? withDatabase(serverUrl, dbName) : undefined;
  if (serverUrl) await adminQuery(serverUrl, `create database "${dbName}"`);
  let server: BenchServer | undefined;
  let proxy: Awaited<ReturnType<typeof startNginx>> | undefined;
  const ceiling = await startCeiling();
  try {
    const listings = await seedListings(databaseUrl, dataDir, COUNT);
    const popular = listings.slice(0, POPULAR).map((l) => l.id);
    server = await startServer({ dataDir, databaseUrl, workers: WORKERS });
    const { port, pids } = server;
    proxy = await startNginx(port, { http: await freePort(), https: await freePort() });
    const nginxPids = proxy.pids;
    const cookie = await signIn(port, BENCH_ADMIN);
    const startedAt = stamp();
    log(`start: ${startedAt}`);
    const write = { every: WRITE_EVERY, run: priceUpdater(port, cookie, listings) };
    const common = {
      port,
      ceilingPort: ceiling.port,
      ceilingPid: ceiling.pid,
      next: publicMix(popular),
      seconds: SECONDS,
      write,
    };
    const figures: Figure[] = [];
    const direct = await measure({ ...common, name: 'public mix, straight to the server', serverPids: pids });
    figures.push(direct);
    log(figureRow(direct));
    const before = proxy.cacheStatuses();
    const proxied = await measure({
      ...common,
      name: 'public mix through nginx (TLS), CPU of server + nginx',
      origin: proxy.httpsUrl,
      serverPids: () => [...pids(), ...nginxPids()],
    });
    figures.push(proxied);
    log(figureRow(proxied));
    const after = proxy.cacheStatuses();
    const counts = [...after].map(([status, n]) => [status, n - (before.get(status) ?? 0)] as const);
    const total = counts.reduce((sum, [, n]) => sum + n, 0);
    const served = counts
      .filter(([status]) => ['HIT', 'STALE', 'UPDATING', 'REVALIDATED'].includes(status))
      .reduce((sum, [, n]) => sum + n, 0);
    const ratio = `nginx hit ratio: ${((served / total) * 100).toFixed(1)}% of ${total} answers (${counts
      .map(([status, n]) => `${status} ${n}`)
      .join(', ')})`;

    log(`\nend: ${stamp()}`);
    log(
      `${machine()}; ${serverUrl ? `PostgreSQL, WORKERS=${WORKERS}` : 'PGlite, one process'}; ${COUNT} properties`,
    );
    log(
      `Writes: a property price update (PATCH, admin, straight to the server) after every ${WRITE_EVERY} answers.`,
    );
    log(ratio);
    log(`\nstart ${startedAt}\n`);
    log(FIGURE_HEADER);
    for (const figure of figures) log(figureRow(figure));
  } finally {
    await proxy?.stop();
    await server?.close();
    await ceiling.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (serverUrl) await adminQuery(serverUrl, `drop database if exists "${dbName}" with (force)`);
  }
}

await main();
