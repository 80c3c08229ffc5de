/**
 * npm run bench:network-load — the network-size load test (issue 40): a network of 50 branches, 1,000 agents,
 * 100,000 properties, 100,000 leads and 10,000 saved searches (issue 29's size), the production server with two
 * processes (WORKERS=2 on PostgreSQL) and the shipped nginx in front, driven for BENCH_SECONDS by one weighted
 * mix of everyone at once:
 *
 * - visitors: the home page, `/Sale` and `/Rent` with filters, property pages, single properties and searches
 *   from the API, both through nginx (TLS, its shared cache) and straight to the server;
 * - agents, each signed in as herself: my day, the board, a lead's page, the leads table (first pages with
 *   filters, and later pages by their keyset cursors, found beforehand by walking the table);
 * - branch managers: their branch's performance table, company row, scoreboard and pipeline performance;
 * - the network admin: the network dashboard;
 * - writes in the same stream: a new lead from the public form (each from its own visitor address), an activity
 *   logged on a lead, a daily entry, a price update.
 *
 * Requests vary (ids, months, filters, cursors), so the read caches do not answer all of them. The time is cut
 * into rounds: the mix, then the ceiling (bench/lib/ceiling.ts) for a quarter of that, as bench/lib/mix.ts does.
 * Reported per route family: count, p50/p95/p99, errors; for the mix as a whole: the server's CPU per request
 * (every process, from /proc), nginx's, PostgreSQL's (the backends serving this database, from /proc), the load
 * generator's and the machine's, the ceiling in the same run, the load average, and what saturates first.
 * Prints Markdown rows for docs/performance.md. Needs the built web app (`npm run build`) and nginx.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:network-load    (full size)
 *   BENCH_BRANCHES=3 BENCH_AGENTS=30 BENCH_PROPERTIES=2000 BENCH_LEADS=2000 BENCH_SEARCHES=200 BENCH_SECONDS=5
 *   npm run bench:network-load      (embedded PGlite, one process; a tenth of the size)
 *   BENCH_CONNECTIONS=16 BENCH_NGINX_CONNECTIONS=4 BENCH_AGENT_SESSIONS=20
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { israelYearMonth } from '@shared/domain/israel-calendar';
import { LEAD_CATEGORIES } from '@shared/domain/lead-categories';
import { LEAD_STATUSES } from '@shared/domain/pipeline';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/modules/users';
import { adminQuery, withDatabase } from '../src/server/test/global-setup';
import { ensureNginx, startNginx } from '../src/server/test/nginx';
import { CEILING_PATH, startCeiling } from './lib/ceiling';
import { type BenchRequest, cpuMsOf, percentile } from './lib/mix';
import { BENCH_PASSWORD, seedNetwork } from './lib/network-seed';
import { machine, stamp } from './lib/report';
import { type BenchServer, signIn, startServer } from './lib/server';

const serverUrl = process.env.BENCH_DATABASE_URL;
const scale = serverUrl ? 1 : 0.1;
const BRANCHES = Number(process.env.BENCH_BRANCHES ?? 50);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 1_000 * scale);
const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 100_000 * scale);
const LEADS = Number(process.env.BENCH_LEADS ?? 100_000 * scale);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 10_000 * scale);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WORKERS = serverUrl ? Number(process.env.WORKERS ?? 2) : 1;
/** Connections straight to the server (everyone's mix) and through nginx (visitors only). */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const NGINX_CONNECTIONS = Number(process.env.BENCH_NGINX_CONNECTIONS ?? 4);
const AGENT_SESSIONS = Math.min(AGENTS, Number(process.env.BENCH_AGENT_SESSIONS ?? 20));
const MANAGERS = Math.min(BRANCHES, Number(process.env.BENCH_MANAGERS ?? 5));
const POPULAR = 200;
const CITIES = ['חיפה', 'תל אביב', 'ירושלים', 'באר שבע'];
const PAGE = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };
const API = { 'accept-encoding': 'br' };
const log = (line: string) => process.stdout.write(`${line}\n`);
const rand = (max: number) => Math.floor(Math.random() * max);
const pick = <T>(items: readonly T[]) => items[rand(items.length)]!;
// nginx's certificate is made for the run (self-signed).
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
// As behind the shipped nginx (deploy/nginx.conf): the server trusts one hop's X-Forwarded-For, so each public
// form post below comes from its own visitor address (the forms allow 10 posts per address in 15 minutes).
process.env.TRUST_PROXY = '1';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

// --- The network --------------------------------------------------------------------------------------------

type Listing = { id: string; branchId: string; sale: boolean; price: number };
type Network = {
  listings: Listing[];
  /** The signed-in agents: id and up to 100 of their own leads. */
  agents: { id: string; email: string; leadIds: string[] }[];
  /** The branch managers: email and branch. */
  managers: { email: string; branchId: string }[];
};

/** Confirmed subscribers with one live saved search each, over the network's cities and price ranges. */
async function seedSearches(db: Awaited<ReturnType<typeof openDatabase>>['db'], count: number) {
  if (count <= 0) return;
  await db.execute(sql`
    with s as (
      insert into alert_subscribers (name, email, consent_text, consent_at, confirmed_at)
      select 'קונה ' || g, 'bench-buyer-' || g || '@example.com', 'הסכמה', now(), now()
      from generate_series(1, ${count}) g
      returning id, (regexp_replace(email, '\\D', '', 'g'))::int as g)
    insert into saved_searches (subscriber_id, filters, confirmed_at)
    select s.id, jsonb_build_object(
      'type', case when s.g % 3 = 0 then 'rent' else 'sale' end,
      'city', case when s.g % 5 = 0 then '' else (array[${sql.join(
        CITIES.map((c) => sql`${c}`),
        sql`, `,
      )}])[1 + s.g % ${CITIES.length}] end,
      'street', '', 'category', '', 'minRooms', 1 + s.g % 3, 'maxRooms', 10,
      'minPrice', 0,
      'maxPrice', case when s.g % 3 = 0 then 50000 else 1000000 + (s.g % 100) * 1000000 end,
      'features', '[]'::jsonb), now()
    from s`);
}

/**
 * Seeds the network (bench/lib/network-seed.ts, as bench:network does), the saved searches and a manager for
 * each of the first MANAGERS branches (the seed makes the first one's), and reads what the mix asks for. All
 * before the server starts: PGlite has one owner.
 */
async function seed(databaseUrl: string | undefined, dataDir: string): Promise<Network> {
  const seeded = await seedNetwork(
    databaseUrl,
    dataDir,
    { branches: BRANCHES, agents: AGENTS, properties: PROPERTIES, leads: LEADS },
    'network',
  );
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  const { db } = handle;
  const started = Date.now();
  await seedSearches(db, SEARCHES);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const managers = [{ email: 'network-manager@example.com', branchId: seeded.branchIds[0]! }];
  const more = seeded.branchIds.slice(1, MANAGERS).map((branchId, i) => ({
    name: `מנהלת סניף ${i + 2}`,
    email: `network-manager-${i + 2}@example.com`,
    role: 'admin' as const,
    networkAccess: false,
    passwordHash,
    branchId,
  }));
  if (more.length) await db.insert(users).values(more);
  managers.push(...more.map((m) => ({ email: m.email, branchId: m.branchId })));
  await db.execute(sql`analyze`);
  const listings = (
    (await db.execute(
      sql`select id, branch_id as "branchId", type_transaction = 'מכירה' as sale, price from properties`,
    )) as unknown as { rows: Listing[] }
  ).rows;
  const signedIn = seeded.agents.slice(0, AGENT_SESSIONS);
  const leadRows = (
    (await db.execute(sql`select owner_id as "ownerId", id from (
        select owner_id, id, row_number() over (partition by owner_id order by created_at desc) as n
        from leads where owner_id in (${sql.join(
          signedIn.map((a) => sql`${a.id}`),
          sql`, `,
        )})) t where n <= 100`)) as unknown as { rows: { ownerId: string; id: string }[] }
  ).rows;
  await handle.close();
  log(
    `seeded ${SEARCHES.toLocaleString('en')} saved searches and ${managers.length} branch managers in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return {
    listings,
    agents: signedIn.map((a) => ({
      id: a.id,
      email: `network-agent-${seeded.agents.indexOf(a) + 1}@example.com`,
      leadIds: leadRows.filter((r) => r.ownerId === a.id).map((r) => r.id),
    })),
    managers,
  };
}

// --- The mix ------------------------------------------------------------------------------------------------

type Who = 'visitor' | 'agent' | 'manager' | 'network admin' | 'write';
/** A route family: who asks, how often (relative weight), and the next request, different each time. */
type Family = { key: string; who: Who; weight: number; next: () => BenchRequest };

type Session = { cookie: string };
type AgentSession = Session & { id: string; leadIds: string[]; cursors: string[] };
type ManagerSession = Session & { listings: Listing[]; cursors: string[] };

function monthBack() {
  const { year, month } = israelYearMonth();
  const m = month - rand(3);
  return m > 0 ? { y: year, m } : { y: year - 1, m: m + 12 };
}

/** A visitor's listing filters, as the search form writes them into the address. */
function listingFilters(sale: boolean): URLSearchParams {
  const q = new URLSearchParams();
  if (Math.random() < 0.8) q.set('city', pick(CITIES));
  if (Math.random() < 0.5) q.set('minRooms', String(1 + rand(4)));
  if (Math.random() < 0.6)
    q.set('maxPrice', String(sale ? 1_000_000 + rand(100) * 100_000 : 2_000 + rand(100) * 100));
  if (Math.random() < 0.4) q.set('sort', pick(['newest', 'priceAsc', 'priceDesc']));
  if (Math.random() < 0.3) q.set('page', String(2 + rand(4)));
  return q;
}

/**
 * The visitors' families. Most property pages are of the POPULAR most visited listings (as bench:proxy), the
 * rest of any listing, so some miss every cache.
 */
function visitorFamilies(listings: Listing[], prefix: string): Family[] {
  const popular = listings.slice(0, POPULAR);
  const property = () => (Math.random() < 0.7 ? pick(popular) : pick(listings)).id;
  return [
    { key: `${prefix}home`, who: 'visitor', weight: 3, next: () => ({ path: '/', headers: PAGE }) },
    {
      key: `${prefix}/Sale, /Rent with filters`,
      who: 'visitor',
      weight: 6,
      next: () => {
        const sale = Math.random() < 0.6;
        const q = listingFilters(sale).toString();
        return { path: `${sale ? '/Sale' : '/Rent'}${q ? `?${q}` : ''}`, headers: PAGE };
      },
    },
    {
      key: `${prefix}property page`,
      who: 'visitor',
      weight: 8,
      next: () => ({ path: `/PropertyView/${property()}`, headers: PAGE }),
    },
    {
      key: `${prefix}property (API)`,
      who: 'visitor',
      weight: 8,
      next: () => ({ path: `/api/v1/property/${property()}`, headers: API }),
    },
    {
      key: `${prefix}search (API)`,
      who: 'visitor',
      weight: 5,
      next: () => {
        const sale = Math.random() < 0.6;
        const q = listingFilters(sale);
        q.set('type', sale ? 'sale' : 'rent');
        return { path: `/api/v1/property/search?${q}`, headers: API };
      },
    },
  ];
}

const withCookie = (session: Session) => ({ ...API, cookie: session.cookie });

/** Everyone straight to the server: visitors, agents, managers, the network admin, and the writes. */
function serverFamilies(
  port: number,
  listings: Listing[],
  agents: AgentSession[],
  managers: ManagerSession[],
  network: Session,
): Family[] {
  const write = (session: Session | undefined, body: unknown, extra: Record<string, string> = {}) => ({
    'content-type': 'application/json',
    origin: `http://127.0.0.1:${port}`,
    ...(session ? { cookie: session.cookie } : {}),
    ...extra,
    body: JSON.stringify(body),
  });
  const request = (method: string, path: string, made: ReturnType<typeof write>): BenchRequest => {
    const { body, ...headers } = made;
    return { method, path, headers, body };
  };
  const small = () => rand(3);
  return [
    ...visitorFamilies(listings, ''),
    // Agents: about half of all requests (1,000 agents working the same hours).
    {
      key: 'my day',
      who: 'agent',
      weight: 10,
      next: () => ({ path: '/api/v1/pipeline/my-day', headers: withCookie(pick(agents)) }),
    },
    {
      key: 'board',
      who: 'agent',
      weight: 6,
      next: () => ({ path: '/api/v1/pipeline/board', headers: withCookie(pick(agents)) }),
    },
    {
      key: "a lead's page",
      who: 'agent',
      weight: 12,
      next: () => {
        const agent = pick(agents.filter((a) => a.leadIds.length));
        return { path: `/api/v1/pipeline/leads/${pick(agent.leadIds)}`, headers: withCookie(agent) };
      },
    },
    {
      key: 'leads table, first page (filters)',
      who: 'agent',
      weight: 6,
      next: () => {
        const q = new URLSearchParams();
        const roll = Math.random();
        if (roll < 0.5) q.set('status', pick(LEAD_STATUSES));
        else if (roll < 0.7) q.set('overdue', 'true');
        else if (roll < 0.8) q.set('q', `05${rand(10)}`);
        return { path: `/api/v1/pipeline/leads?${q}`, headers: withCookie(pick(agents)) };
      },
    },
    {
      key: 'leads table, later page (cursor)',
      who: 'agent',
      weight: 5,
      next: () => {
        const session = pick([...agents, ...managers].filter((s) => s.cursors.length));
        return { path: pick(session.cursors), headers: withCookie(session) };
      },
    },
    // Branch managers: their branch's screens.
    {
      key: 'performance table (branch)',
      who: 'manager',
      weight: 2,
      next: () => {
        const { y, m } = monthBack();
        return { path: `/api/v1/goals/performance/all/${y}/${m}`, headers: withCookie(pick(managers)) };
      },
    },
    {
      key: 'company row (branch)',
      who: 'manager',
      weight: 1,
      next: () => {
        const { y, m } = monthBack();
        return {
          path: `/api/v1/goals/companyPerformance?year=${y}&month=${m}`,
          headers: withCookie(pick(managers)),
        };
      },
    },
    {
      key: 'scoreboard (branch)',
      who: 'manager',
      weight: 2,
      next: () => ({ path: '/api/v1/indicators/scoreboard', headers: withCookie(pick(managers)) }),
    },
    {
      key: 'pipeline performance (branch)',
      who: 'manager',
      weight: 1,
      next: () => {
        const { y, m } = monthBack();
        return {
          path: `/api/v1/pipeline/performance?year=${y}&month=${m}`,
          headers: withCookie(pick(managers)),
        };
      },
    },
    {
      key: 'network dashboard',
      who: 'network admin',
      weight: 1,
      next: () => {
        const { y, m } = monthBack();
        return { path: `/api/v1/network/dashboard?year=${y}&month=${m}`, headers: withCookie(network) };
      },
    },
    // Writes: about one request in ten.
    {
      key: 'activity logged (agent)',
      who: 'write',
      weight: 4,
      next: () => {
        const agent = pick(agents.filter((a) => a.leadIds.length));
        return request(
          'POST',
          `/api/v1/pipeline/leads/${pick(agent.leadIds)}/activities`,
          write(agent, { kind: pick(['call', 'whatsapp', 'note']), note: 'שיחת מעקב' }),
        );
      },
    },
    {
      key: 'daily entry (agent)',
      who: 'write',
      weight: 1.5,
      next: () => {
        const agent = pick(agents);
        return request(
          'POST',
          '/api/v1/indicators',
          write(agent, {
            agent: agent.id,
            meetings: small(),
            exclusives: small(),
            priceUpdates: small(),
            buyerTours: small(),
            priceOffers: small(),
            deals: 0,
          }),
        );
      },
    },
    {
      key: 'new lead (public form)',
      who: 'write',
      weight: 2,
      next: () =>
        request(
          'POST',
          '/api/v1/email/send-mail',
          write(
            undefined,
            {
              name: `פונה ${rand(1_000_000)}`,
              phone: `05${2 + rand(7)}${String(rand(10_000_000)).padStart(7, '0')}`,
              category: pick(Object.values(LEAD_CATEGORIES)),
              city: pick(CITIES),
            },
            { 'x-forwarded-for': `10.${rand(256)}.${rand(256)}.${1 + rand(254)}` },
          ),
        ),
    },
    {
      key: 'price update (manager)',
      who: 'write',
      weight: 0.5,
      next: () => {
        const manager = pick(managers.filter((m) => m.listings.length));
        const listing = pick(manager.listings);
        const step = listing.sale ? 10_000 : 100;
        const price = Math.max(step, listing.price + step * (rand(11) - 5));
        return request('PATCH', `/api/v1/property/${listing.id}`, write(manager, { price }));
      },
    },
  ];
}

/** The keyset cursors of a session's leads table (first pages, all and by status), walked as a browser does. */
async function walkCursors(port: number, session: Session, pages = 4): Promise<string[]> {
  const cursors: string[] = [];
  for (const status of [undefined, LEAD_STATUSES[0], LEAD_STATUSES[1]]) {
    let cursor: string | null = null;
    for (let page = 0; page < pages; page++) {
      const q = new URLSearchParams(status ? { status } : {});
      if (cursor) q.set('cursor', cursor);
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/pipeline/leads?${q}`, {
        headers: { cookie: session.cookie },
      });
      if (!res.ok) break;
      const body = (await res.json()) as { data: { nextCursor: string | null } };
      cursor = body.data.nextCursor;
      if (!cursor) break;
      const next = new URLSearchParams(q);
      next.set('cursor', cursor);
      cursors.push(`/api/v1/pipeline/leads?${next}`);
    }
  }
  return cursors;
}

// --- The load generator -------------------------------------------------------------------------------------

type Context = { family?: string };
type Result = { errors: number; timeouts: number };
type Instance = PromiseLike<Result> & {
  on(
    event: 'response',
    fn: (
      client: { requestIterator: { context: Context } },
      status: number,
      bytes: number,
      ms: number,
    ) => void,
  ): void;
};
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  requests: { setupRequest: (req: BenchRequest, context: Context) => BenchRequest }[];
}) => Instance;
// autocannon ships no types; this is the part used here. Each connection's context holds the family of the
// request in flight (one at a time: no pipelining), read back when its answer comes.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** Picks a family by weight. */
function chooser(families: Family[]) {
  const total = families.reduce((sum, f) => sum + f.weight, 0);
  return () => {
    let roll = Math.random() * total;
    for (const family of families) {
      roll -= family.weight;
      if (roll < 0) return family;
    }
    return families[families.length - 1]!;
  };
}

type Tally = { latencies: number[]; errors: Map<number, number> };

/** Drives `families` at `url` for `seconds`; answers are tallied per family (a 2xx is a success). */
async function drive(
  url: string,
  families: Family[],
  connections: number,
  seconds: number,
  tallies?: Map<string, Tally>,
): Promise<number> {
  const choose = chooser(families);
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (req, context) => {
          const family = choose();
          context.family = family.key;
          return { ...req, ...family.next() };
        },
      },
    ],
  });
  instance.on('response', (client, status, _bytes, ms) => {
    const key = client.requestIterator.context.family ?? '?';
    if (!tallies) return;
    const tally = tallies.get(key) ?? { latencies: [], errors: new Map<number, number>() };
    tallies.set(key, tally);
    if (status >= 200 && status < 300) tally.latencies.push(ms);
    else tally.errors.set(status, (tally.errors.get(status) ?? 0) + 1);
  });
  const result = await instance;
  return result.errors + result.timeouts;
}

// --- CPU ----------------------------------------------------------------------------------------------------

/** Busy time of the whole machine (all cores, every process), in ms, from /proc/stat. */
function machineBusyMs(): number {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const ticks = fields.map(Number);
  const total = ticks.slice(0, 8).reduce((sum, t) => sum + t, 0);
  // idle and iowait are the 4th and 5th.
  return ((total - ticks[3]! - ticks[4]!) * 1000) / 100;
}

const eachCpu = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuMsOf([pid])]));

type Snapshot = {
  at: number;
  server: Map<number, number>;
  nginx: Map<number, number>;
  database: Map<number, number>;
  self: number;
  machine: number;
};

/** CPU used between two snapshots per process group; a process first seen in `after` counts from its start. */
function used(before: Map<number, number>, after: Map<number, number>): Map<number, number> {
  return new Map([...after].map(([pid, ms]) => [pid, ms - (before.get(pid) ?? 0)]));
}
const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);

// --- The run ------------------------------------------------------------------------------------------------

async function main() {
  if (!existsSync(join(import.meta.dirname, '../dist/ssr/entry-server.js'))) {
    throw new Error('bench:network-load needs the built web app: npm run build');
  }
  const nginxReady = ensureNginx();
  if (!nginxReady.ok) throw new Error(`bench:network-load needs nginx: ${nginxReady.reason}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-network-load-'));
  const dbName = `bench_network_load_${Date.now()}`;
  const databaseUrl = serverUrl ? withDatabase(serverUrl, dbName) : undefined;
  if (serverUrl) await adminQuery(serverUrl, `create database "${dbName}"`);
  let server: BenchServer | undefined;
  let proxy: Awaited<ReturnType<typeof startNginx>> | undefined;
  let pgClient: pg.Client | undefined;
  const ceiling = await startCeiling();
  try {
    const seeded = await seed(databaseUrl, dataDir);
    server = await startServer({ dataDir, databaseUrl, workers: WORKERS });
    const { port } = server;
    proxy = await startNginx(port, { http: await freePort(), https: await freePort() });

    const signInAs = async (email: string) => ({
      cookie: await signIn(port, { email, password: BENCH_PASSWORD }),
    });
    const agents: AgentSession[] = [];
    for (const agent of seeded.agents) {
      const session = await signInAs(agent.email);
      agents.push({
        ...session,
        id: agent.id,
        leadIds: agent.leadIds,
        cursors: await walkCursors(port, session),
      });
    }
    const managers: ManagerSession[] = [];
    for (const manager of seeded.managers) {
      const session = await signInAs(manager.email);
      managers.push({
        ...session,
        listings: seeded.listings.filter((l) => l.branchId === manager.branchId),
        cursors: await walkCursors(port, session),
      });
    }
    const network = await signInAs('network-network@example.com');

    const straight = serverFamilies(port, seeded.listings, agents, managers, network);
    const proxied = visitorFamilies(seeded.listings, 'nginx: ');
    // A family that does not answer 2xx is reported and left out of the mix, not measured.
    const probe = async (origin: string, families: Family[]) => {
      const kept: Family[] = [];
      for (const family of families) {
        const req = family.next();
        const res = await fetch(`${origin}${req.path}`, {
          method: req.method ?? 'GET',
          headers: req.headers,
          body: req.body,
        });
        const text = await res.text();
        if (res.ok) kept.push(family);
        else log(`left out: ${family.key} answered ${res.status}: ${text.slice(0, 160)}`);
      }
      return kept;
    };
    const straightMix = await probe(`http://127.0.0.1:${port}`, straight);
    const proxiedMix = await probe(proxy.httpsUrl, proxied);

    // Database backends: the connections to this run's database, found each time (the pools open and close them).
    if (databaseUrl) {
      pgClient = new pg.Client({ connectionString: databaseUrl });
      await pgClient.connect();
    }
    const backends = async (): Promise<number[]> => {
      if (!pgClient) return [];
      const result = await pgClient.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return result.rows.map((r) => r.pid);
    };
    const snapshot = async (): Promise<Snapshot> => {
      const selfUsage = process.cpuUsage();
      return {
        at: performance.now(),
        server: eachCpu(server!.pids()),
        nginx: eachCpu(proxy!.pids()),
        database: eachCpu(await backends()),
        self: (selfUsage.user + selfUsage.system) / 1000,
        machine: machineBusyMs(),
      };
    };

    const rounds = Math.max(2, Math.round(SECONDS / 5));
    const slice = Math.max(1, Math.round(SECONDS / rounds));
    const ceilingSlice = Math.max(1, Math.round(slice / 4));
    const both = (seconds: number, tallies?: Map<string, Tally>) =>
      Promise.all([
        drive(`http://127.0.0.1:${port}`, straightMix, CONNECTIONS, seconds, tallies),
        drive(proxy!.httpsUrl, proxiedMix, NGINX_CONNECTIONS, seconds, tallies),
      ]);
    // Warm-up, not counted: JIT, pools, nginx's cache.
    await both(1);
    await drive(
      `http://127.0.0.1:${ceiling.port}`,
      [{ key: 'ceiling', who: 'visitor', weight: 1, next: () => ({ path: CEILING_PATH }) }],
      CONNECTIONS + NGINX_CONNECTIONS,
      1,
    );

    const startedAt = stamp();
    log(`start: ${startedAt}`);
    const tallies = new Map<string, Tally>();
    const cacheBefore = proxy.cacheStatuses();
    const totals = {
      seconds: 0,
      server: new Map<number, number>(),
      nginx: 0,
      database: 0,
      self: 0,
      machine: 0,
      connectionErrors: 0,
      ceilingSeconds: 0,
      ceilingCpu: 0,
    };
    const ceilingTallies = new Map<string, Tally>();
    for (let round = 0; round < rounds; round++) {
      const before = await snapshot();
      const errors = await both(slice, tallies);
      const after = await snapshot();
      totals.connectionErrors += errors[0] + errors[1];
      totals.seconds += (after.at - before.at) / 1000;
      for (const [pid, ms] of used(before.server, after.server))
        totals.server.set(pid, (totals.server.get(pid) ?? 0) + ms);
      totals.nginx += sum(used(before.nginx, after.nginx));
      // A backend gone before `after` is missed (its last slice); one opened during the slice counts whole.
      totals.database += sum(used(before.database, after.database));
      totals.self += after.self - before.self;
      totals.machine += after.machine - before.machine;

      const ceilingCpu = cpuMsOf([ceiling.pid]);
      const ceilingStarted = performance.now();
      await drive(
        `http://127.0.0.1:${ceiling.port}`,
        [{ key: 'ceiling', who: 'visitor', weight: 1, next: () => ({ path: CEILING_PATH }) }],
        CONNECTIONS + NGINX_CONNECTIONS,
        ceilingSlice,
        ceilingTallies,
      );
      totals.ceilingSeconds += (performance.now() - ceilingStarted) / 1000;
      totals.ceilingCpu += cpuMsOf([ceiling.pid]) - ceilingCpu;
    }
    const endedAt = stamp();
    const cacheAfter = proxy.cacheStatuses();

    // --- Report ---
    const families = [...straightMix, ...proxiedMix];
    const all = families.map((f) => ({
      family: f,
      tally: tallies.get(f.key) ?? { latencies: [], errors: new Map() },
    }));
    const answered = (t: Tally) => t.latencies.length + [...t.errors.values()].reduce((a, b) => a + b, 0);
    const requests = all.reduce((n, { tally }) => n + answered(tally), 0);
    const ok = all.reduce((n, { tally }) => n + tally.latencies.length, 0);
    const throughNginx = all
      .filter(({ family }) => family.key.startsWith('nginx: '))
      .reduce((n, { tally }) => n + answered(tally), 0);
    const ceilingRequests = ceilingTallies.get('ceiling')?.latencies.length ?? 0;
    const ceilingRate = ceilingRequests / totals.ceilingSeconds;
    const serverCpu = sum(totals.server);
    const busiest = Math.max(...totals.server.values());
    const perRequest = (ms: number) => (requests ? ms / requests : 0);
    const cores = (ms: number) => ms / 1000 / totals.seconds;
    const counts = [...cacheAfter].map(
      ([status, n]) => [status, n - (cacheBefore.get(status) ?? 0)] as const,
    );
    const hits = counts
      .filter(([status]) => ['HIT', 'STALE', 'UPDATING', 'REVALIDATED'].includes(status))
      .reduce((n, [, c]) => n + c, 0);
    const nginxAnswers = counts.reduce((n, [, c]) => n + c, 0);
    const fmt = (n: number) => (n < 1 ? n.toFixed(3) : n.toFixed(2));

    log(`\nend: ${endedAt}`);
    const describe = `${machine()}; ${serverUrl ? `PostgreSQL, WORKERS=${WORKERS}` : 'PGlite, one process'}; ${BRANCHES} branches, ${AGENTS.toLocaleString('en')} agents, ${PROPERTIES.toLocaleString('en')} properties, ${LEADS.toLocaleString('en')} leads, ${SEARCHES.toLocaleString('en')} saved searches; ${CONNECTIONS} connections straight to the server and ${NGINX_CONNECTIONS} through nginx (TLS); ${agents.length} agents, ${managers.length} branch managers and a network admin signed in; ${rounds} rounds of ${slice} s`;
    log(describe);
    log(`\nstart ${startedAt}; end ${endedAt}\n`);
    log('| Route family | Who | Requests | Share of the mix | p50 ms | p95 ms | p99 ms | Errors |');
    log('|---|---|---|---|---|---|---|---|');
    for (const { family, tally } of all) {
      const n = answered(tally);
      const errors = [...tally.errors].map(([status, c]) => `${c} × ${status}`).join(', ') || '0';
      log(
        `| ${family.key} | ${family.who} | ${n} | ${((n / requests) * 100).toFixed(1)}% | ${percentile(tally.latencies, 50).toFixed(1)} | ${percentile(tally.latencies, 95).toFixed(1)} | ${percentile(tally.latencies, 99).toFixed(1)} | ${errors} |`,
      );
    }
    const allLatencies = all.flatMap(({ tally }) => tally.latencies);
    log(
      `| **the whole mix** | everyone | ${requests} (${(requests / totals.seconds).toFixed(0)}/s; ${throughNginx} through nginx) | 100% | ${percentile(allLatencies, 50).toFixed(1)} | ${percentile(allLatencies, 95).toFixed(1)} | ${percentile(allLatencies, 99).toFixed(1)} | ${requests - ok}${totals.connectionErrors ? ` + ${totals.connectionErrors} connection errors` : ''} |`,
    );

    log('\n| CPU during the mix | ms per request (all families) | Cores busy | |');
    log('|---|---|---|---|');
    log(
      `| server (${totals.server.size} processes summed) | ${fmt(perRequest(serverCpu))} | ${cores(serverCpu).toFixed(2)} | busiest process ${(cores(busiest) * 100).toFixed(0)}% of one core |`,
    );
    log(
      `| PostgreSQL (this database's backends) | ${serverUrl ? fmt(perRequest(totals.database)) : 'in the server (PGlite)'} | ${serverUrl ? cores(totals.database).toFixed(2) : '-'} | |`,
    );
    log(
      `| nginx (master and workers) | ${fmt(perRequest(totals.nginx))} (${fmt(throughNginx ? totals.nginx / throughNginx : 0)} per request through it) | ${cores(totals.nginx).toFixed(2)} | hit ratio ${nginxAnswers ? ((hits / nginxAnswers) * 100).toFixed(1) : '0'}% of ${nginxAnswers} |`,
    );
    log(
      `| load generator (this process) | ${fmt(perRequest(totals.self))} | ${cores(totals.self).toFixed(2)} | |`,
    );
    log(
      `| the whole machine (every process) | ${fmt(perRequest(totals.machine))} | ${cores(totals.machine).toFixed(2)} of ${cpus().length} | |`,
    );

    // What saturates first. Each part's share of its limit during the mix: a Node process is bound by one core
    // (its event loop), the server's processes by WORKERS cores, PostgreSQL, nginx and the machine by all of
    // them. On a shared machine other work takes cores too, so where the run's own parts go at saturation is
    // read from their CPU per request: the largest consumer is the first to outgrow the cores.
    const theirs = serverCpu + totals.database + totals.nginx;
    const others = totals.machine - theirs - totals.self;
    const parts = [
      { name: 'the busiest server process (one core)', share: cores(busiest) },
      { name: `the server processes (${WORKERS} cores)`, share: cores(serverCpu) / WORKERS },
      ...(serverUrl ? [{ name: 'PostgreSQL', share: cores(totals.database) / cpus().length }] : []),
      { name: 'nginx', share: cores(totals.nginx) / cpus().length },
      { name: 'the machine', share: cores(totals.machine) / cpus().length },
    ].sort((a, b) => b.share - a.share);
    log(
      `| other processes (not this run's) | ${fmt(perRequest(Math.max(0, others)))} | ${cores(Math.max(0, others)).toFixed(2)} | |`,
    );
    log(
      `| ceiling (a bare route, same run) | ${fmt(ceilingRequests ? totals.ceilingCpu / ceilingRequests : 0)} | | ${ceilingRate.toFixed(0)} req/s; the mix ran at ${((requests / totals.seconds / ceilingRate) * 100).toFixed(1)}% of it |`,
    );
    log(
      `\nShare of each limit during the mix: ${parts.map((p) => `${p.name} ${(p.share * 100).toFixed(0)}%`).join('; ')}.`,
    );
    const split = [
      { name: 'the server', ms: serverCpu },
      ...(serverUrl ? [{ name: 'PostgreSQL', ms: totals.database }] : []),
      { name: 'nginx', ms: totals.nginx },
    ].sort((a, b) => b.ms - a.ms);
    const eventLoop =
      cores(busiest) >= 0.9
        ? ' A server process used 90% or more of its core: its event loop saturated.'
        : '';
    log(
      `What saturates first: of the ${fmt(perRequest(theirs))} ms of CPU a request of this mix costs (server, PostgreSQL and nginx; the load generator left out), ${split.map((p) => `${p.name} ${((p.ms / theirs) * 100).toFixed(0)}%`).join(', ')}: ${split[0]!.name} outgrows the cores first. One core carries about ${(1000 / perRequest(theirs)).toFixed(0)} requests of this mix a second; ${((100 * perRequest(theirs)) / 1000).toFixed(2)} cores per 100 requests a second.${eventLoop}`,
    );
  } finally {
    await pgClient?.end();
    await proxy?.stop();
    await server?.close();
    await ceiling.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (serverUrl) await adminQuery(serverUrl, `drop database if exists "${dbName}" with (force)`);
  }
}

await main();
