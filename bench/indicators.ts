/**
 * npm run bench:indicators — the signed-in dashboards under the load a real office sees (issue 14): agents
 * with three years of daily entries and monthly goals, 20 connections, and a mix the read caches cannot
 * answer: the scoreboard, every agent's performance, one agent's performance and the weekly summary, each
 * for a month (and agent) drawn at random among all of them, with a daily entry written (POST /indicators,
 * signed in as admin, for a random agent and day) after about every 50 reads, so the caches are invalidated
 * as an office's work would. Each figure runs beside the ceiling route in the same run (bench/lib/mix.ts).
 * A daily entry drops only its own month's answers (docs/decisions/0022), so most reads of other months are
 * cache hits, as on a real site; the row "every month dropped" writes an agent's details instead (the dashboards
 * read the agents), which drops every month's answers, so nearly every read loads its month: the cost of a
 * miss. A last row reads one month with no writes: cache hits, labelled as such. Prints Markdown rows for
 * docs/performance.md.
 *
 *   npm run bench:indicators                                   embedded PGlite, 50 agents (a large office)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:indicators
 *       PostgreSQL, 300 agents: a fresh database created next to that one and dropped after; the server
 *       runs with WORKERS (default 2)
 *   BENCH_AGENTS=300 BENCH_SECONDS=10 BENCH_CPU_PROF=/tmp/prof BENCH_ONLY=scoreboard,all,all-misses
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { israelDate } from '@shared/domain/israel-time';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { goals, indicators, users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/modules/users';
import { adminQuery, withDatabase } from '../src/server/test/global-setup';
import { startCeiling } from './lib/ceiling';
import { dailyEntryWriter } from './lib/daily-entries';
import { type BenchRequest, type Figure, measure } from './lib/mix';
import { FIGURE_HEADER, figureRow, machine, stamp, type Target } from './lib/report';
import { type BenchServer, signIn, startServer } from './lib/server';

const serverUrl = process.env.BENCH_DATABASE_URL;
const AGENTS = Number(process.env.BENCH_AGENTS ?? (serverUrl ? 300 : 50));
const YEARS = 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WRITE_EVERY = 50;
const WORKERS = serverUrl ? Number(process.env.WORKERS ?? 2) : 1;
const ONLY = process.env.BENCH_ONLY?.split(',');
// Issue 14's targets: dashboards with writes p95 <= 50 ms on PostgreSQL (300 agents) and on PGlite (50).
const TARGET = { p95: 50 };
// Issue 26: the server's own CPU time per request.
const CPU_TARGETS = { all: 3 };
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-1' };
const DAY = 86_400_000;
const log = (line: string) => process.stdout.write(`${line}\n`);
const random = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

type Month = { year: number; month: number };

/** The Israel working days (Sunday to Thursday) of the last three years, newest first. */
function workingDays(): string[] {
  const days: string[] = [];
  for (let t = Date.now(); t > Date.now() - YEARS * 365 * DAY; t -= DAY) {
    const day = israelDate(new Date(t));
    if (new Date(`${day}T00:00:00Z`).getUTCDay() <= 4) days.push(day);
  }
  return days;
}

async function seed(databaseUrl: string | undefined, dataDir: string, days: string[], months: Month[]) {
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  await handle.migrate();
  const { db } = handle;
  const started = Date.now();
  const passwordHash = await hashPassword(ADMIN.password);
  await db.insert(users).values({ name: 'מנהל בדיקה', email: ADMIN.email, role: 'admin', passwordHash });
  const agents = await db
    .insert(users)
    .values(
      Array.from({ length: AGENTS }, (_, i) => ({
        name: `סוכן ${i + 1}`,
        email: `bench-agent-${i + 1}@example.com`,
        role: 'agent' as const,
        passwordHash,
      })),
    )
    .returning({ id: users.id });
  // Deterministic pseudo-random counts, so runs are comparable.
  let state = 42;
  const rand = (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % (max + 1);
  };
  let rows: (typeof indicators.$inferInsert)[] = [];
  let total = 0;
  const flush = async () => {
    if (rows.length) await db.insert(indicators).values(rows);
    total += rows.length;
    rows = [];
  };
  for (const agent of agents) {
    for (const day of days) {
      rows.push({
        agentId: agent.id,
        meetings: rand(4),
        exclusives: rand(1),
        priceUpdates: rand(2),
        buyerTours: rand(3),
        priceOffers: rand(2),
        deals: rand(9) === 0 ? 1 : 0,
        createdAt: new Date(`${day}T09:00:00Z`),
      });
      if (rows.length === 5_000) await flush();
    }
  }
  await flush();
  const goalRows = agents.flatMap((a) =>
    months.map((m) => ({
      agentId: a.id,
      ...m,
      meetings: 40,
      exclusives: 6,
      priceUpdates: 15,
      buyerTours: 25,
      priceOffers: 12,
      deals: 2,
    })),
  );
  for (let i = 0; i < goalRows.length; i += 5_000)
    await db.insert(goals).values(goalRows.slice(i, i + 5_000));
  // Fresh planner statistics, as autovacuum keeps them on a server (PGlite has no autovacuum).
  await db.execute(sql`analyze`);
  await handle.close();
  log(
    `seeded ${AGENTS} agents, ${total.toLocaleString('en')} daily entries and ${goalRows.length.toLocaleString('en')} goals in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return agents.map((a) => a.id);
}

/** An agent's details saved by an admin (PATCH /users/:id): every dashboard answer reads the agents. */
function agentDetails(port: number, cookie: string, agentIds: string[]) {
  let n = 0;
  return async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/users/${random(agentIds)}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie, origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ aboutMe: `סוכן ותיק ${++n}` }),
    });
    await res.arrayBuffer();
    return res.ok;
  };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-indicators-'));
  const dbName = `bench_indicators_${Date.now()}`;
  const databaseUrl = serverUrl ? withDatabase(serverUrl, dbName) : undefined;
  if (serverUrl) await adminQuery(serverUrl, `create database "${dbName}"`);
  let server: BenchServer | undefined;
  const ceiling = await startCeiling();
  const days = workingDays();
  const months = [...new Set(days.map((d) => d.slice(0, 7)))].map((ym) => {
    const [year, month] = ym.split('-').map(Number);
    return { year: year!, month: month! };
  });
  try {
    const agentIds = await seed(databaseUrl, dataDir, days, months);
    server = await startServer({ dataDir, databaseUrl, workers: WORKERS });
    const { port } = server;
    const cookie = await signIn(port, ADMIN);
    const origin = `http://127.0.0.1:${port}`;
    // As the dashboards ask from a browser: their answers are compressed (once per cached answer).
    const get = (path: string): BenchRequest => ({ path, headers: { cookie, ...BROWSER } });
    const startedAt = stamp();
    log(`start: ${startedAt}`);

    const write = { every: WRITE_EVERY, run: dailyEntryWriter(port, cookie, agentIds, days) };
    const figures: { figure: Figure; target?: Target }[] = [];
    const run = async (
      key: string,
      name: string,
      next: () => BenchRequest,
      withWrites = true,
      cpu?: number,
      writes = write,
    ) => {
      if (ONLY && !ONLY.includes(key)) return;
      const figure = await measure({
        name,
        port,
        ceilingPort: ceiling.port,
        ceilingPid: ceiling.pid,
        serverPids: server!.pids,
        next,
        seconds: SECONDS,
        write: withWrites ? writes : undefined,
      });
      const target = withWrites ? { ...TARGET, cpu } : undefined;
      figures.push({ figure, target });
      log(figureRow(figure, target));
    };
    const month = () => random(months);
    await run('scoreboard', `scoreboard, random month of ${months.length}`, () => {
      const m = month();
      return get(`/api/v1/indicators/scoreboard?year=${m.year}&month=${m.month}`);
    });
    await run(
      'all',
      "all agents' performance, random month",
      () => {
        const m = month();
        return get(`/api/v1/goals/performance/all/${m.year}/${m.month}`);
      },
      true,
      CPU_TARGETS.all,
    );
    await run(
      'all-misses',
      "all agents' performance, random month, every month dropped (an agent's details saved instead)",
      () => {
        const m = month();
        return get(`/api/v1/goals/performance/all/${m.year}/${m.month}`);
      },
      true,
      CPU_TARGETS.all,
      { every: WRITE_EVERY, run: agentDetails(port, cookie, agentIds) },
    );
    await run('agent', "one agent's performance, random agent and month", () => {
      const m = month();
      return get(`/api/v1/goals/performance/${random(agentIds)}/${m.year}/${m.month}`);
    });
    await run('weekly', 'weekly summary, random agent', () => ({
      path: '/api/v1/indicators/summary/weekly',
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ id: random(agentIds) }),
    }));
    const current = months[0]!;
    await run(
      'hits',
      "cache hits: all agents' performance, this month, no writes",
      () => get(`/api/v1/goals/performance/all/${current.year}/${current.month}`),
      false,
    );

    log(`\nend: ${stamp()}`);
    log(
      `${machine()}; ${serverUrl ? `PostgreSQL, WORKERS=${WORKERS}` : 'PGlite, one process'}; ${AGENTS} agents x ${YEARS} years`,
    );
    log(
      `Writes: a daily entry (POST /indicators, admin) after every ${WRITE_EVERY} answered reads (every month dropped: an agent's details, PATCH /users/:id).`,
    );
    log(`\nstart ${startedAt}\n`);
    log(FIGURE_HEADER);
    for (const { figure, target } of figures) log(figureRow(figure, target));
  } finally {
    await server?.close();
    await ceiling.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (serverUrl) await adminQuery(serverUrl, `drop database if exists "${dbName}" with (force)`);
  }
}

await main();
