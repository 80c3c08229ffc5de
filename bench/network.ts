/**
 * npm run bench:network — a branch manager's screens in a network of branches, side by side with the same
 * screens of today's single office (issue 33 "Speed", issue 40). Two databases are seeded: the network (50
 * branches, 1,000 agents, 100,000 properties and 100,000 leads by default) and one office the size of one of
 * its branches (20 agents, 2,000 properties, 2,000 leads). Each screen is measured for the office's admin, for a
 * branch manager of the network and for a network admin, with the server's own CPU time per request, beside
 * the ceiling (a bare Fastify route in its own process) and the app's bare route. Requests vary (each screen
 * walks months or statuses) and daily entries are written in between, so the read caches are dropped as they
 * are at work. Prints Markdown rows for docs/performance.md; the last column is the branch manager's CPU over
 * the office admin's.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:network
 *   BENCH_BRANCHES=10 BENCH_AGENTS=200 BENCH_PROPERTIES=20000 BENCH_LEADS=20000 BENCH_SECONDS=4 (smaller)
 *   npm run bench:network        (embedded PGlite; defaults a tenth of the size)
 *   BENCH_ONLY=leads,board       (some screens)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { israelYearMonth } from '@shared/domain/israel-calendar';
import { LEAD_STATUSES } from '@shared/domain/pipeline';
import { adminQuery, withDatabase } from '../src/server/test/global-setup';
import { startCeiling } from './lib/ceiling';
import { addEntryWriters, dailyEntryWriter } from './lib/daily-entries';
import { type Figure, measure } from './lib/mix';
import { BENCH_PASSWORD as PASSWORD, seedNetwork } from './lib/network-seed';
import { FIGURE_HEADER, figureRow, machine, stamp } from './lib/report';
import { type BenchServer, signIn, startServer } from './lib/server';

const serverUrl = process.env.BENCH_DATABASE_URL;
const scale = serverUrl ? 1 : 0.1;
const BRANCHES = Number(process.env.BENCH_BRANCHES ?? 50);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 1_000 * scale);
const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 100_000 * scale);
const LEADS = Number(process.env.BENCH_LEADS ?? 100_000 * scale);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const WRITE_EVERY = Number(process.env.BENCH_WRITE_EVERY ?? 50);
/** Admins who write the daily entries in turn (300 writes per person per 10 minutes). */
const WRITERS = Number(process.env.BENCH_WRITERS ?? 30);
const ONLY = process.env.BENCH_ONLY?.split(',');
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const log = (line: string) => process.stdout.write(`${line}\n`);

type Database = { name: string; dataDir: string; url?: string; dbName?: string; server?: BenchServer };

async function createDatabase(name: string): Promise<Database> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  if (!serverUrl) return { name, dataDir };
  const dbName = `bench_${name}_${Date.now()}`;
  await adminQuery(serverUrl, `create database "${dbName}"`);
  return { name, dataDir, url: withDatabase(serverUrl, dbName), dbName };
}

/** A screen: what its browser asks, varied per request so no one answer is reused throughout. */
type Screen = { key: string; name: string; next: (i: number) => string };

function screens(): Screen[] {
  const { year, month } = israelYearMonth();
  const monthBack = (i: number) => {
    const m = month - (i % 3);
    return m > 0 ? { y: year, m } : { y: year - 1, m: m + 12 };
  };
  return [
    {
      key: 'leads',
      name: 'leads table, first page (by status)',
      next: (i) => `/api/v1/pipeline/leads?status=${LEAD_STATUSES[i % LEAD_STATUSES.length]}`,
    },
    { key: 'board', name: 'board (7 columns of 20 cards)', next: () => '/api/v1/pipeline/board' },
    { key: 'agents', name: 'pipeline agents (leave and load)', next: () => '/api/v1/pipeline/agents' },
    {
      key: 'performance',
      name: 'performance table, all agents (this month and the two before)',
      next: (i) => {
        const { y, m } = monthBack(i);
        return `/api/v1/goals/performance/all/${y}/${m}`;
      },
    },
    {
      key: 'company',
      name: 'company row (this month and the two before)',
      next: (i) => {
        const { y, m } = monthBack(i);
        return `/api/v1/goals/companyPerformance?year=${y}&month=${m}`;
      },
    },
    { key: 'scoreboard', name: 'scoreboard', next: () => '/api/v1/indicators/scoreboard' },
    {
      // The network's own screen (decision 0045): a branch manager is refused it (403), so only the office admin
      // (one branch) and the network admin (every branch) are measured.
      key: 'dashboard',
      name: 'network dashboard (this month and the two before)',
      next: (i) => {
        const { y, m } = monthBack(i);
        return `/api/v1/network/dashboard?year=${y}&month=${m}`;
      },
    },
    {
      key: 'pipeline',
      name: 'pipeline performance (this month and the two before)',
      next: (i) => {
        const { y, m } = monthBack(i);
        return `/api/v1/pipeline/performance?year=${y}&month=${m}`;
      },
    },
  ];
}

async function main() {
  const network = await createDatabase('network');
  const office = await createDatabase('office');
  const ceiling = await startCeiling();
  try {
    const perBranch = (n: number) => Math.max(1, Math.round(n / BRANCHES));
    const seededNetwork = await seedNetwork(
      network.url,
      network.dataDir,
      {
        branches: BRANCHES,
        agents: AGENTS,
        properties: PROPERTIES,
        leads: LEADS,
      },
      'network',
    );
    const seededOffice = await seedNetwork(
      office.url,
      office.dataDir,
      {
        branches: 1,
        agents: perBranch(AGENTS),
        properties: perBranch(PROPERTIES),
        leads: perBranch(LEADS),
      },
      'office',
    );
    // Writes take turns among admins so none reaches the per-person write limit in a long run.
    const writerEmails = {
      office: await addEntryWriters(office.url, office.dataDir, 'office-network@example.com', WRITERS),
      network: await addEntryWriters(network.url, network.dataDir, 'network-network@example.com', WRITERS),
    };
    network.server = await startServer({ dataDir: network.dataDir, databaseUrl: network.url });
    office.server = await startServer({ dataDir: office.dataDir, databaseUrl: office.url });
    const sessions = {
      office: await signIn(office.server.port, { email: 'office-network@example.com', password: PASSWORD }),
      manager: await signIn(network.server.port, {
        email: 'network-manager@example.com',
        password: PASSWORD,
      }),
      network: await signIn(network.server.port, {
        email: 'network-network@example.com',
        password: PASSWORD,
      }),
    };
    const writerSessions = async (port: number, emails: string[]) => {
      const cookies: string[] = [];
      for (const email of emails) cookies.push(await signIn(port, { email, password: PASSWORD }));
      return cookies;
    };
    const writers = {
      office: dailyEntryWriter(
        office.server.port,
        await writerSessions(office.server.port, writerEmails.office),
        seededOffice.agentIds,
      ),
      network: dailyEntryWriter(
        network.server.port,
        await writerSessions(network.server.port, writerEmails.network),
        seededNetwork.agentIds,
      ),
    };
    const startedAt = stamp();
    log(`start: ${startedAt}`);
    const rows: { screen: string; who: string; figure: Figure }[] = [];
    const run = async (screen: Screen, who: keyof typeof sessions) => {
      const server = who === 'office' ? office.server! : network.server!;
      // A screen that does not answer 200 is reported, not measured.
      const probe = await fetch(`http://127.0.0.1:${server.port}${screen.next(0)}`, {
        headers: { cookie: sessions[who] },
      });
      if (probe.status !== 200) {
        log(`| ${screen.name}: ${who} | answered ${probe.status}: ${(await probe.text()).slice(0, 120)} |`);
        return;
      }
      await probe.arrayBuffer();
      let i = 0;
      const figure = await measure({
        name: `${screen.name}: ${who}`,
        port: server.port,
        ceilingPort: ceiling.port,
        ceilingPid: ceiling.pid,
        serverPids: server.pids,
        next: () => ({ path: screen.next(i++), headers: { cookie: sessions[who], ...BROWSER } }),
        write: { every: WRITE_EVERY, run: who === 'office' ? writers.office : writers.network },
        seconds: SECONDS,
      });
      rows.push({ screen: screen.name, who, figure });
      log(figureRow(figure));
    };
    const bare: Screen = { key: 'bare', name: "the app's bare route", next: () => '/api/health/live' };
    for (const screen of [bare, ...screens()]) {
      if (ONLY && screen.key !== 'bare' && !ONLY.includes(screen.key)) continue;
      for (const who of ['office', 'manager', 'network'] as const) await run(screen, who);
    }

    log(`\nend: ${stamp()}`);
    log(
      `${machine()}; ${serverUrl ? 'PostgreSQL' : 'PGlite'}, one process each; network: ${BRANCHES} branches, ${AGENTS} agents, ${PROPERTIES.toLocaleString('en')} properties, ${LEADS.toLocaleString('en')} leads; office: one branch of ${perBranch(AGENTS)} agents, ${perBranch(PROPERTIES).toLocaleString('en')} properties, ${perBranch(LEADS).toLocaleString('en')} leads; a daily entry written every ${WRITE_EVERY} answers`,
    );
    log(`\nstart ${startedAt}\n`);
    log(FIGURE_HEADER);
    for (const row of rows) log(figureRow(row.figure));
    log(
      '\n| Screen | Office admin CPU ms | Branch manager CPU ms | Manager / office | Network admin CPU ms |',
    );
    log('|---|---|---|---|---|');
    for (const screen of [...new Set(rows.map((r) => r.screen))]) {
      const cpu = (who: string) =>
        rows.find((r) => r.screen === screen && r.who === who)?.figure.cpuPerRequest ?? 0;
      log(
        `| ${screen} | ${cpu('office').toFixed(2)} | ${cpu('manager').toFixed(2)} | ${(cpu('manager') / cpu('office')).toFixed(2)} | ${cpu('network').toFixed(2)} |`,
      );
    }
  } finally {
    for (const db of [network, office]) {
      await db.server?.close();
      rmSync(db.dataDir, { recursive: true, force: true });
      if (serverUrl && db.dbName)
        await adminQuery(serverUrl, `drop database if exists "${db.dbName}" with (force)`);
    }
    await ceiling.close();
  }
}

await main();
