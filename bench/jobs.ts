/**
 * Visitors while the background work runs (issue 37 section 1): 1,000 new listings meet 10,000 saved searches
 * of 10,000 confirmed subscribers, whose alert mails then come due (one each), on PGlite and on PostgreSQL.
 * For each database: the server is started on seeded data with nothing pending and visitors' searches and
 * property pages are measured (the jobs idle); then the new listings and their events are added, the server is
 * started again and the same visitors are measured while the jobs match and queue. Prints p95 and maximum with
 * and without the jobs, their ratio, the server's CPU per request and how much of the work the jobs finished.
 *
 *   npm run bench:jobs                       (PGlite; with BENCH_DATABASE_URL also PostgreSQL)
 *   BENCH_QUICK=1 npm run bench:jobs         (a busy machine: 2,000 listings, 2,000 searches, 200 new; < 2 min)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase } from '../src/server/db/client';
import { cpuMsOf, percentile } from './lib/mix';
import { startServer } from './lib/server';
import { distinctSearches } from './properties-searches';
import { seedProperties } from './properties-seed';

const QUICK = process.env.BENCH_QUICK === '1';
const SIZES = QUICK
  ? { properties: 2_000, searches: 2_000, fresh: 200, seconds: 8, warmup: 2 }
  : { properties: 10_000, searches: 10_000, fresh: 1_000, seconds: 30, warmup: 5 };
const CONNECTIONS = 4;

type Kind = 'pglite' | 'postgres';

/** Subscribers with one live search each, over the seeded cities, types and price ranges (set-based). */
async function seedSearches(db: DatabaseHandle['db'], count: number) {
  await db.execute(sql`
    with s as (
      insert into alert_subscribers (name, email, consent_text, consent_at, confirmed_at)
      select 'קונה ' || g, 'bench-buyer-' || g || '@example.com', 'הסכמה', now(), now()
      from generate_series(1, ${count}) g
      returning id, (regexp_replace(email, '\\D', '', 'g'))::int as g)
    insert into saved_searches (subscriber_id, filters, confirmed_at)
    select s.id, jsonb_build_object(
      'type', case when s.g % 3 = 2 then 'rent' else 'sale' end,
      'city', case when s.g % 5 = 0 then '' else (select city from properties order by id offset (s.g % 30) limit 1) end,
      'street', '', 'category', '', 'minRooms', 1 + s.g % 3, 'maxRooms', 10,
      'minPrice', 0,
      'maxPrice', case when s.g % 3 = 2 then 50000 else 3000000 + (s.g % 10) * 1000000 end,
      'features', '[]'::jsonb), now()
    from s`);
}

/** New listings with their alert events, as saving each through the API would have recorded them. */
async function seedFreshListings(db: DatabaseHandle['db'], count: number) {
  await db.execute(sql`
    with p as (
      insert into properties (type_transaction, city, address, price, category, rooms, floor, size, features, description)
      select case when g % 3 = 2 then 'השכרה' else 'מכירה' end,
        (select city from properties order by id offset (g % 30) limit 1),
        'החדש ' || g, case when g % 3 = 2 then 4000 + g % 5000 else 1500000 + (g % 40) * 50000 end,
        'דירה', 3 + g % 3, '2', 90, array['מעלית'], 'נכס חדש ' || g
      from generate_series(1, ${count}) g
      returning id, price)
    insert into alert_events (property_id, kind, new_price) select id, 'newListing', price from p`);
}

async function openBench(kind: Kind, dataDir: string) {
  return kind === 'postgres'
    ? openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL!, poolSize: 2 })
    : openDatabase({ dataDir });
}

/** Visitors' searches and property pages for `seconds`: latencies, requests, server CPU per request. */
async function visitors(port: number, pids: () => number[], ids: string[], seconds: number) {
  const searches = distinctSearches();
  const latencies: number[] = [];
  let failures = 0;
  const cpuBefore = cpuMsOf(pids());
  const until = Date.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        n += 1;
        const path = n % 2 === 0 ? searches.next() : `/api/v1/property/${ids[n % ids.length]}`;
        const started = performance.now();
        const res = await fetch(`http://127.0.0.1:${port}${path}`).catch(() => null);
        await res?.arrayBuffer();
        latencies.push(performance.now() - started);
        if (!res?.ok) failures += 1;
      }
    }),
  );
  const cpu = cpuMsOf(pids()) - cpuBefore;
  return {
    requests: latencies.length,
    failures,
    p95: percentile(latencies, 95),
    max: Math.max(...latencies),
    cpuPerRequest: cpu / latencies.length,
  };
}

async function progress(kind: Kind, dataDir: string) {
  const handle = await openBench(kind, dataDir);
  const rows = (await handle.db.execute(sql`select
      (select count(*) from alert_events where processed_at is null)::int as events_left,
      (select count(*) from alert_deliveries)::int as alerts,
      (select count(*) from mail_outbox where kind = 'alert')::int as mails`)) as unknown as {
    rows: { events_left: number; alerts: number; mails: number }[];
  };
  await handle.close();
  return rows.rows[0]!;
}

async function run(kind: Kind) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-jobs-'));
  try {
    let handle = await openBench(kind, dataDir);
    if (kind === 'postgres') await handle.db.execute(sql`drop schema public cascade; create schema public`);
    await handle.db.execute(sql`drop schema if exists drizzle cascade`);
    await handle.migrate();
    await seedProperties(handle.db, SIZES.properties);
    await seedSearches(handle.db, SIZES.searches);
    const ids = (
      (await handle.db.execute(sql`select id from properties limit 500`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows.map((r) => r.id);
    await handle.close();
    const env = { ALERTS_SEND_ANYTIME: 'true', ALERTS_JOB_INTERVAL_MS: '1000' };
    Object.assign(process.env, env);
    const databaseUrl = kind === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined;

    const startedIdle = performance.now();
    let server = await startServer({ dataDir, databaseUrl });
    const idleStartMs = performance.now() - startedIdle;
    // A warm-up, not counted: the first requests compile the code paths (and with the jobs, it is when
    // they have the most to do, so the measured run starts while they still work).
    await visitors(server.port, server.pids, ids, SIZES.warmup);
    const idle = await visitors(server.port, server.pids, ids, SIZES.seconds);
    await server.close();

    handle = await openBench(kind, dataDir);
    await seedFreshListings(handle.db, SIZES.fresh);
    await handle.close();
    server = await startServer({ dataDir, databaseUrl });
    await visitors(server.port, server.pids, ids, SIZES.warmup);
    const busy = await visitors(server.port, server.pids, ids, SIZES.seconds);
    await server.close();
    const done = await progress(kind, dataDir);
    return { kind, idleStartMs, idle, busy, done };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const kinds: Kind[] = process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
console.info(
  `jobs bench${QUICK ? ' (quick)' : ''}: ${SIZES.properties} listings, ${SIZES.searches} saved searches, ${SIZES.fresh} new listings; load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const kind of kinds) {
  const r = await run(kind);
  const f = (ms: number) => ms.toFixed(1);
  console.info(
    [
      `${kind}: start to listening ${f(r.idleStartMs)} ms`,
      `  without jobs: ${r.idle.requests} requests, p95 ${f(r.idle.p95)} ms, max ${f(r.idle.max)} ms, CPU ${f(r.idle.cpuPerRequest)} ms/request, failures ${r.idle.failures}`,
      `  with jobs:    ${r.busy.requests} requests, p95 ${f(r.busy.p95)} ms, max ${f(r.busy.max)} ms, CPU ${f(r.busy.cpuPerRequest)} ms/request, failures ${r.busy.failures}`,
      `  ratio p95 ${(r.busy.p95 / r.idle.p95).toFixed(2)}x, max ${(r.busy.max / r.idle.max).toFixed(2)}x`,
      `  jobs meanwhile: ${r.done.alerts} alerts recorded, ${r.done.mails} alert mails queued, ${r.done.events_left} events left`,
      `  load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    ].join('\n'),
  );
}
