/**
 * npm run bench:leads — the leads table and the board at depth (issue 37 §2, docs/decisions/0039): many leads
 * of many agents, each linked to a contact and most to a property, and the server's own CPU time per call for
 * the table's first page, a page deep in it (by its cursor), its last pages, an agent's own first page, the
 * board and one column's next cards, beside the ceiling (a bare Fastify route in its own process) and the
 * app's own bare route (/api/health/live). Then the sold list (GET /property/sold): the server's CPU for its
 * first call (built and compressed once) and for the calls after it, sent from the cache, and revalidated.
 * Prints Markdown rows for docs/performance.md.
 *
 *   npm run bench:leads                                        embedded PGlite, 10,000 leads
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_LEADS=100000 npm run bench:leads
 *       PostgreSQL: a fresh database created next to that one and dropped after
 *   BENCH_LEADS=2000 BENCH_SECONDS=4 BENCH_ONLY=page1,deep,board
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LEAD_STATUSES } from '@shared/domain/pipeline';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { contacts, leads, properties, users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/modules/users';
import { adminQuery, withDatabase } from '../src/server/test/global-setup';
import { startCeiling } from './lib/ceiling';
import { cpuMsOf, type Figure, measure } from './lib/mix';
import { FIGURE_HEADER, figureRow, machine, stamp, type Target } from './lib/report';
import { type BenchServer, signIn, startServer } from './lib/server';

const serverUrl = process.env.BENCH_DATABASE_URL;
const LEADS = Number(process.env.BENCH_LEADS ?? 10_000);
const AGENTS = Number(process.env.BENCH_AGENTS ?? (serverUrl ? 300 : 50));
const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 2_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const WORKERS = serverUrl ? Number(process.env.WORKERS ?? 1) : 1;
const ONLY = process.env.BENCH_ONLY?.split(',');
const PAGE_SIZE = 50;
// Issue 37 §2: every list and board call at most 10 ms of server CPU at any depth.
const TARGET: Target = { cpu: 10 };
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-1' };
const AGENT = { email: 'bench-agent-1@example.com', password: 'bench-password-1' };
const DAY = 86_400_000;
const log = (line: string) => process.stdout.write(`${line}\n`);

async function seed(databaseUrl: string | undefined, dataDir: string) {
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  await handle.migrate();
  const { db } = handle;
  const started = Date.now();
  const passwordHash = await hashPassword(ADMIN.password);
  const [admin] = await db
    .insert(users)
    .values({ name: 'מנהל בדיקה', email: ADMIN.email, role: 'admin', networkAccess: true, passwordHash })
    .returning({ branchId: users.branchId });
  const branchId = admin!.branchId;
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
  const propertyIds: string[] = [];
  for (let i = 0; i < PROPERTIES; i += 1_000) {
    const rows = await db
      .insert(properties)
      .values(
        Array.from({ length: Math.min(1_000, PROPERTIES - i) }, (_, j) => ({
          typeTransaction: (i + j) % 3 === 0 ? 'השכרה' : 'מכירה',
          sold: (i + j) % 5 === 0,
          city: ['חיפה', 'תל אביב', 'ירושלים', 'באר שבע'][(i + j) % 4]!,
          address: `הרחוב ${i + j + 1}`,
          price: 900_000 + (i + j) * 1_000,
          category: 'דירה',
          agentId: agents[(i + j) % agents.length]!.id,
        })),
      )
      .returning({ id: properties.id });
    propertyIds.push(...rows.map((r) => r.id));
  }
  // Deterministic pseudo-random spread, so runs are comparable.
  let state = 37;
  const rand = (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % max;
  };
  const now = Date.now();
  for (let i = 0; i < LEADS; i += 2_000) {
    const n = Math.min(2_000, LEADS - i);
    const contactRows = await db
      .insert(contacts)
      .values(
        Array.from({ length: n }, (_, j) => {
          const phone = `05${String(10_000_000 + i + j).padStart(8, '0')}`;
          return { name: `פונה ${i + j + 1}`, phone, phoneKey: phone.slice(1), branchId };
        }),
      )
      .returning({ id: contacts.id });
    await db.insert(leads).values(
      contactRows.map((contact, j) => {
        const createdAt = new Date(now - rand(730) * DAY - rand(DAY));
        return {
          contactId: contact.id,
          name: `פונה ${i + j + 1}`,
          phone: '0500000000',
          category: 'קונה',
          source: 'homeForm' as const,
          propertyId: rand(4) === 0 ? null : propertyIds[rand(propertyIds.length)]!,
          ownerId: agents[rand(agents.length)]!.id,
          branchId,
          status: LEAD_STATUSES[rand(LEAD_STATUSES.length)]!,
          createdAt,
          updatedAt: new Date(createdAt.getTime() + rand(30) * DAY),
        };
      }),
    );
  }
  // Fresh planner statistics, as autovacuum keeps them on a server (PGlite has no autovacuum).
  await db.execute(sql`analyze`);
  await handle.close();
  log(
    `seeded ${LEADS.toLocaleString('en')} leads of ${AGENTS} agents and ${PROPERTIES.toLocaleString('en')} properties in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** Walks the table by its cursors (as a browser does) to the page at `depth` rows; its cursor. */
async function cursorAt(port: number, cookie: string, path: string, depth: number): Promise<string> {
  let cursor = '';
  for (let seen = 0; seen < depth; seen += 200) {
    const res = await fetch(
      `http://127.0.0.1:${port}${path}${path.includes('?') ? '&' : '?'}pageSize=200${cursor ? `&cursor=${cursor}` : ''}`,
      {
        headers: { cookie },
      },
    );
    const body = (await res.json()) as { data: { nextCursor: string | null } };
    if (!body.data.nextCursor) break;
    cursor = body.data.nextCursor;
  }
  return cursor;
}

/** The server's CPU for `calls` sequential GETs of `path` (ms each), and the bytes of the last answer. */
async function sequentialCpu(
  server: BenchServer,
  path: string,
  calls: number,
  headers: Record<string, string>,
) {
  const before = cpuMsOf(server.pids());
  let bytes = 0;
  let status = 0;
  for (let i = 0; i < calls; i++) {
    const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { headers });
    bytes = (await res.arrayBuffer()).byteLength;
    status = res.status;
  }
  return { cpu: (cpuMsOf(server.pids()) - before) / calls, bytes, status };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-leads-'));
  const dbName = `bench_leads_${Date.now()}`;
  const databaseUrl = serverUrl ? withDatabase(serverUrl, dbName) : undefined;
  if (serverUrl) await adminQuery(serverUrl, `create database "${dbName}"`);
  let server: BenchServer | undefined;
  const ceiling = await startCeiling();
  try {
    await seed(databaseUrl, dataDir);
    server = await startServer({ dataDir, databaseUrl, workers: WORKERS });
    const { port } = server;
    const admin = await signIn(port, ADMIN);
    const agent = await signIn(port, AGENT);
    const startedAt = stamp();
    log(`start: ${startedAt}`);
    const deep = Math.min(5_000, Math.max(0, LEADS - PAGE_SIZE));
    const deepCursor = await cursorAt(port, admin, '/api/v1/pipeline/leads', deep);
    const lastCursor = await cursorAt(port, admin, '/api/v1/pipeline/leads', LEADS - 2 * PAGE_SIZE);
    const board = (await (
      await fetch(`http://127.0.0.1:${port}/api/v1/pipeline/board`, { headers: { cookie: admin } })
    ).json()) as { data: { columns: { status: string; nextCursor: string | null }[] } };
    const column = board.data.columns.find((c) => c.nextCursor);

    const figures: { figure: Figure; target?: Target }[] = [];
    const run = async (key: string, name: string, path: string, cookie = admin, target = TARGET) => {
      if (ONLY && !ONLY.includes(key)) return;
      const figure = await measure({
        name,
        port,
        ceilingPort: ceiling.port,
        ceilingPid: ceiling.pid,
        serverPids: server!.pids,
        next: () => ({ path, headers: { cookie, ...BROWSER } }),
        seconds: SECONDS,
      });
      figures.push({ figure, target });
      log(figureRow(figure, target));
    };
    await run('bare', "the app's bare route (GET /api/health/live)", '/api/health/live', admin, {});
    await run('page1', 'table, first page (admin, 50 rows)', '/api/v1/pipeline/leads');
    await run(
      'deep',
      `table, page after ${deep.toLocaleString('en')} rows (admin, by cursor)`,
      `/api/v1/pipeline/leads?cursor=${deepCursor}`,
    );
    await run(
      'last',
      'table, the last pages (admin, by cursor)',
      `/api/v1/pipeline/leads?cursor=${lastCursor}`,
    );
    await run('agent', "table, an agent's own first page", '/api/v1/pipeline/leads', agent);
    await run('board', 'board (admin: 7 columns of 20 cards, exact totals)', '/api/v1/pipeline/board');
    if (column?.nextCursor)
      await run(
        'column',
        `board, a column's next 20 cards (${column.status})`,
        `/api/v1/pipeline/board/column?status=${column.status}&cursor=${column.nextCursor}`,
      );

    const sold: string[] = [];
    if (!ONLY || ONLY.includes('sold')) {
      // Sequential calls (the route is limited to 30 per client in 15 minutes): a build, then the cache.
      const first = await sequentialCpu(server, '/api/v1/property/sold', 1, BROWSER);
      const cached = await sequentialCpu(server, '/api/v1/property/sold', 10, BROWSER);
      const etagRes = await fetch(`http://127.0.0.1:${port}/api/v1/property/sold`, { headers: BROWSER });
      await etagRes.arrayBuffer();
      const etag = etagRes.headers.get('etag') ?? '';
      const revalidated = await sequentialCpu(server, '/api/v1/property/sold', 10, {
        ...BROWSER,
        'if-none-match': etag,
      });
      sold.push(
        `| sold list, first call (built and compressed) | ${first.cpu.toFixed(1)} | ${first.status}, ${first.bytes.toLocaleString('en')} bytes br |`,
        `| sold list, from the cache (10 calls) | ${cached.cpu.toFixed(2)} | ${cached.status}, ${cached.bytes.toLocaleString('en')} bytes br |`,
        `| sold list, If-None-Match (10 calls) | ${revalidated.cpu.toFixed(2)} | ${revalidated.status} |`,
      );
    }

    log(`\nend: ${stamp()}`);
    log(
      `${machine()}; ${serverUrl ? `PostgreSQL, WORKERS=${WORKERS}` : 'PGlite, one process'}; ${LEADS.toLocaleString('en')} leads, ${AGENTS} agents, ${PROPERTIES.toLocaleString('en')} properties`,
    );
    log(`\nstart ${startedAt}\n`);
    log(FIGURE_HEADER);
    for (const { figure, target } of figures) log(figureRow(figure, target));
    if (sold.length) {
      log('\n| Sold list (sequential calls, one client) | Server CPU ms/call | Answer |\n|---|---|---|');
      for (const row of sold) log(row);
    }
  } finally {
    await server?.close();
    await ceiling.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (serverUrl) await adminQuery(serverUrl, `drop database if exists "${dbName}" with (force)`);
  }
}

await main();
