/**
 * Load benchmark of the indicator and goal aggregations (issue 5): 300 agents with three years of daily
 * indicators and monthly goals, then autocannon at 20 connections against the scoreboard, performance for all
 * agents, one agent's performance and the weekly summary. Target: p95 <= 50 ms each.
 *
 *   npm run bench:indicators                       embedded PGlite (the default deployment)
 *   BENCH_DATABASE_URL=postgres://... npm run bench:indicators   a PostgreSQL server (an empty database)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { israelDate } from '@shared/domain/israel-time';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { goals, indicators, users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/modules/users/passwords';

type Result = { requests: { total: number }; non2xx: number; errors: number };
type Instance = PromiseLike<Result> & {
  on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}) => Instance;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const AGENTS = 300;
const YEARS = 3;
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const TARGET_P95_MS = 50;
const PASSWORD = 'bench-password-1';
const DAY = 86_400_000;
const log = (line: string) => process.stdout.write(`${line}\n`);

async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const passwordHash = await hashPassword(PASSWORD);
  await db
    .insert(users)
    .values({ name: 'מנהל בדיקה', email: 'bench-admin@example.com', role: 'admin', passwordHash });
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
  const days: string[] = [];
  for (let t = Date.now(); t > Date.now() - YEARS * 365 * DAY; t -= DAY) {
    const day = israelDate(new Date(t));
    if (new Date(`${day}T00:00:00Z`).getUTCDay() <= 4) days.push(day);
  }
  let rows: (typeof indicators.$inferInsert)[] = [];
  let total = 0;
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
      if (rows.length === 5_000) {
        await db.insert(indicators).values(rows);
        total += rows.length;
        rows = [];
      }
    }
  }
  if (rows.length) await db.insert(indicators).values(rows);
  total += rows.length;
  const months = Array.from({ length: YEARS * 12 }, (_, k) => {
    const now = new Date();
    const index = now.getUTCFullYear() * 12 + now.getUTCMonth() - k;
    return { year: Math.floor(index / 12), month: (index % 12) + 1 };
  });
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
  return { agentId: agents[0]!.id, indicatorRows: total, goalRows: goalRows.length };
}

async function measure(name: string, url: string, cookie: string, body?: object) {
  const latencies: number[] = [];
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    method: body ? 'POST' : 'GET',
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  instance.on('response', (_c, _s, _b, ms) => latencies.push(ms));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
  return {
    name,
    requests: result.requests.total,
    rps: Math.round(result.requests.total / DURATION_S),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    failures: result.non2xx + result.errors,
  };
}

/** The server under test, in its own process so the load generator does not share its event loop. */
async function serve() {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = process.env.BENCH_DATA_DIR!;
  const handle = await openDatabase(url ? { databaseUrl: url } : { dataDir });
  const app = await buildApp({
    database: handle,
    logger: false,
    webRoot: null,
    env: { DATA_DIR: dataDir, NODE_ENV: 'test' },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  log(`LISTENING ${base}`);
}

function startServer(dataDir: string): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'serve'], {
    env: { ...process.env, BENCH_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /LISTENING (\S+)/.exec(out);
      if (match) resolve({ base: match[1]!, child });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-indicators-'));
  const url = process.env.BENCH_DATABASE_URL;
  const handle = await openDatabase(url ? { databaseUrl: url } : { dataDir });
  await handle.migrate();
  log(`database: ${handle.kind}; seeding ${AGENTS} agents x ${YEARS} years...`);
  const started = Date.now();
  const seeded = await seed(handle.db);
  log(
    `seeded ${seeded.indicatorRows} indicators and ${seeded.goalRows} goals in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  // Fresh planner statistics, as autovacuum keeps them on a server (PGlite has no autovacuum: see docs).
  await handle.db.execute(sql`analyze`);
  await handle.close();

  const { base, child } = await startServer(dataDir);
  const login = await fetch(`${base}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-admin@example.com', password: PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const [year, month] = israelDate().split('-').map(Number);

  const results = [];
  results.push(await measure('GET /indicators/scoreboard', `${base}/api/v1/indicators/scoreboard`, cookie));
  results.push(
    await measure(
      'GET /goals/performance/all/{y}/{m}',
      `${base}/api/v1/goals/performance/all/${year}/${month}`,
      cookie,
    ),
  );
  results.push(
    await measure(
      'GET /goals/performance/{agent}/{y}/{m}',
      `${base}/api/v1/goals/performance/${seeded.agentId}/${year}/${month}`,
      cookie,
    ),
  );
  results.push(
    await measure('POST /indicators/summary/weekly', `${base}/api/v1/indicators/summary/weekly`, cookie, {
      id: seeded.agentId,
    }),
  );
  // Markdown rows, ready for docs/performance.md.
  log(
    `\n| Endpoint | Requests | Req/s | p50 ms | p95 ms | p99 ms | Failures | Target p95 <= ${TARGET_P95_MS} ms |`,
  );
  log('|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const met = r.p95 <= TARGET_P95_MS && r.failures === 0 ? 'met' : 'missed';
    const ms = (v: number) => v.toFixed(1);
    log(
      `| ${r.name} | ${r.requests} | ${r.rps} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.failures} | ${met} |`,
    );
  }

  child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}

if (process.argv[2] === 'serve') await serve();
else await main();
