/**
 * npm run bench:pages — the server-rendered public pages (issue 26): the listing pages with filter sets that
 * never repeat within the run (`/Sale?…`, `/Rent?…`), property pages drawn at random among all of them, and
 * the home page, each with a property price update (PATCH, admin) after about every 50 reads, so neither a
 * read cache nor a page cache can answer them. Asked as a browser asks (`accept-encoding: gzip, deflate, br`).
 * Each figure runs beside the ceiling route in the same run (bench/lib/mix.ts) and states the server's own
 * CPU time per page. Needs the built web app (`npm run build`): without it no page is server-rendered.
 *
 *   npm run bench:pages                                        embedded PGlite, 10,000 properties
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:pages
 *       PostgreSQL, 100,000 properties: a fresh database next to that one, dropped after; WORKERS (default 2)
 *   BENCH_COUNT=10000 BENCH_SECONDS=10 BENCH_CPU_PROF=/tmp/prof BENCH_ONLY=listing,property,home
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery, withDatabase } from '../src/server/test/global-setup';
import { startCeiling } from './lib/ceiling';
import { priceUpdater, seedListings } from './lib/listings';
import { type BenchRequest, type Figure, measure } from './lib/mix';
import { FIGURE_HEADER, figureRow, machine, stamp, type Target } from './lib/report';
import { type BenchServer, signIn, startServer } from './lib/server';
import { distinctSearches } from './properties-searches';
import { BENCH_ADMIN } from './properties-seed';

const serverUrl = process.env.BENCH_DATABASE_URL;
const COUNT = Number(process.env.BENCH_COUNT ?? (serverUrl ? 100_000 : 10_000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WRITE_EVERY = 50;
const WORKERS = serverUrl ? Number(process.env.WORKERS ?? 2) : 1;
const ONLY = process.env.BENCH_ONLY?.split(',');
// Issue 26: a server-rendered page costs at most 5 ms of the server's CPU, uncached.
const TARGET: Target = { cpu: 5 };
const BROWSER = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };
const log = (line: string) => process.stdout.write(`${line}\n`);
const random = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

/** The search form's filter sets as the listing page's own URL (`/Sale?city=…`), never repeating. */
function distinctListings() {
  const searches = distinctSearches();
  return () => {
    const query = new URLSearchParams(searches.next().split('?')[1]);
    const page = query.get('type') === 'rent' ? '/Rent' : '/Sale';
    query.delete('type');
    return `${page}?${query}`;
  };
}

async function main() {
  if (!existsSync(join(import.meta.dirname, '../dist/ssr/entry-server.js'))) {
    throw new Error('bench:pages needs the built web app: npm run build');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pages-'));
  const dbName = `bench_pages_${Date.now()}`;
  const databaseUrl = serverUrl ? withDatabase(serverUrl, dbName) : undefined;
  if (serverUrl) await adminQuery(serverUrl, `create database "${dbName}"`);
  let server: BenchServer | undefined;
  const ceiling = await startCeiling();
  try {
    const listings = await seedListings(databaseUrl, dataDir, COUNT);
    const ids = listings.map((l) => l.id);
    server = await startServer({ dataDir, databaseUrl, workers: WORKERS });
    const { port, pids } = server;
    const cookie = await signIn(port, BENCH_ADMIN);
    const startedAt = stamp();
    log(`start: ${startedAt}`);
    const write = { every: WRITE_EVERY, run: priceUpdater(port, cookie, listings) };
    const figures: Figure[] = [];
    const run = async (key: string, name: string, next: () => string) => {
      if (ONLY && !ONLY.includes(key)) return;
      const figure = await measure({
        name,
        port,
        ceilingPort: ceiling.port,
        ceilingPid: ceiling.pid,
        serverPids: pids,
        next: (): BenchRequest => ({ path: next(), headers: BROWSER }),
        seconds: SECONDS,
        write,
      });
      figures.push(figure);
      log(figureRow(figure, TARGET));
    };
    const listing = distinctListings();
    await run('listing', '`/Sale`, `/Rent`: distinct filters', listing);
    await run(
      'property',
      `\`/PropertyView/{id}\`, random of ${ids.length.toLocaleString('en')}`,
      () => `/PropertyView/${random(ids)}`,
    );
    await run('home', 'home `/`', () => '/');

    log(`\nend: ${stamp()}`);
    log(
      `${machine()}; ${serverUrl ? `PostgreSQL, WORKERS=${WORKERS}` : 'PGlite, one process'}; ${COUNT} properties`,
    );
    log(`Writes: a property price update (PATCH, admin) after every ${WRITE_EVERY} answered pages.`);
    log(`\nstart ${startedAt}\n`);
    log(FIGURE_HEADER);
    for (const figure of figures) log(figureRow(figure, TARGET));
  } finally {
    await server?.close();
    await ceiling.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (serverUrl) await adminQuery(serverUrl, `drop database if exists "${dbName}" with (force)`);
  }
}

await main();
