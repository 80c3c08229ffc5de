import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { appRoot } from '../lib/app-root';
import { AdvisoryLockSession, withBlockingLock } from './advisory-lock';
import { DurableNodeFS, durableStartParams, fsyncTree } from './durable-fs';
import { type QueryStats, timed, wrapQuery } from './instrument';
import * as schema from './schema';

/** Both drivers expose the same Drizzle query API; the node-postgres type stands for either. */
export type Database = NodePgDatabase<typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: where the pool connects (the read caches open their listening connection there). */
  connectionString?: string;
  /** PostgreSQL only: the session that holds this process's singleton-job locks (lib/job-lock.ts). */
  locks?: AdvisoryLockSession;
  /** Brings the schema up to date; on PostgreSQL under an advisory lock, so one process migrates at a time. */
  migrate(): Promise<{ applied: number }>;
  /**
   * A health check's query: on PostgreSQL on a connection of its own with a short timeout, so readiness never
   * waits in the pool behind requests stuck on a locked table (a load balancer would pull every server at once).
   */
  probe<R>(text: string): Promise<R[]>;
  /**
   * The requests' connections now (the metrics): on PostgreSQL the pool's; on PGlite its one connection, busy
   * while a statement or transaction runs, with the statements waiting for it. `errors`: connections lost or
   * that could not be had, since the start (always 0 on PGlite, which has no connection to lose).
   */
  poolStats(): { total: number; idle: number; waiting: number; max: number; errors: number };
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (test templates, backups). */
  dump?(compression?: 'none' | 'gzip'): Promise<Blob>;
};

export type DatabaseOptions =
  | {
      databaseUrl: string;
      /** Connections in the pool (PG_POOL_MAX). */
      poolSize?: number;
      /** statement_timeout of the pool's connections in ms (PG_STATEMENT_TIMEOUT_MS); 0: none. */
      statementTimeoutMs?: number;
      /** How long a query waits for a pooled connection in ms (PG_POOL_ACQUIRE_TIMEOUT_MS); 0: no limit. */
      acquireTimeoutMs?: number;
    }
  | { dataDir?: string; loadDataDir?: Blob; memory?: boolean };

type Queryable = { query<R>(text: string): Promise<{ rows: R[] }> };

/** How many migrations the database has applied (0 before the first). */
async function appliedMigrations(client: Queryable): Promise<number> {
  const { rows } = await client.query<{ exists: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!rows[0]?.exists) return 0;
  const counted = await client.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  return counted.rows[0]?.n ?? 0;
}

const migrationsFolder = () => join(appRoot(), 'drizzle');

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) return openPostgres(options);
  return openPglite(options);
}

/** The health checks' limit: a database that cannot answer `select 1` in this long is not ready. */
const PROBE_TIMEOUT_MS = 2_000;

function openPostgres({
  databaseUrl: url,
  poolSize = 10,
  statementTimeoutMs = 0,
  acquireTimeoutMs = 0,
}: {
  databaseUrl: string;
  poolSize?: number;
  statementTimeoutMs?: number;
  acquireTimeoutMs?: number;
}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // pg-pool applies it both to waiting for a free connection and to opening a new one: past it the query
    // fails with "timeout exceeded when trying to connect", which the error handler answers 503 (db/outage.ts).
    ...(acquireTimeoutMs > 0 ? { connectionTimeoutMillis: acquireTimeoutMs } : {}),
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // The health checks' own connection (opened on first use, kept while idle).
  const probes = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    statement_timeout: PROBE_TIMEOUT_MS,
    query_timeout: PROBE_TIMEOUT_MS,
    idleTimeoutMillis: 60_000,
  });
  // A connection the database ends (a restart, a failover, an administrator's pg_terminate_backend) must not
  // end the process. An idle one is dropped by the pool; one checked out between queries (inside a
  // transaction) fails its next query, which the request answers as an error. Both are only reported here.
  const stats: QueryStats = { active: 0, connectionErrors: 0 };
  const lost = (err: Error) => {
    stats.connectionErrors += 1;
    console.warn(`database connection lost: ${err.message}`);
  };
  pool.on('error', lost);
  pool.on('connect', (client) => {
    client.on('error', lost);
    // A transaction's statements, on the connection it holds (pool.query below times the rest).
    wrapQuery(client as never, 'postgres', stats);
  });
  probes.on('error', lost);
  probes.on('connect', (client) => client.on('error', lost));
  wrapQuery(pool as never, 'postgres', stats);
  // A connection that could not be had (refused, or none free within PG_POOL_ACQUIRE_TIMEOUT_MS).
  const connect = pool.connect.bind(pool);
  pool.connect = ((...args: unknown[]) => {
    if (args.length > 0) return (connect as (...a: unknown[]) => unknown)(...args);
    return connect().catch((err: Error) => {
      stats.connectionErrors += 1;
      throw err;
    });
  }) as typeof pool.connect;
  const probe = async <R>(text: string) => (await probes.query(text)).rows as R[];
  const db = drizzlePg({ client: pool, schema });
  const locks = new AdvisoryLockSession(url);
  return {
    db,
    kind: 'postgres',
    connectionString: url,
    locks,
    migrate: () => migratePostgres(url),
    probe,
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
      errors: stats.connectionErrors,
    }),
    ping: async () => {
      await probe('select 1');
    },
    close: async () => {
      await locks.close();
      await probes.end();
      await pool.end();
    },
  };
}

/**
 * Migrations on PostgreSQL: on one connection that holds the migration lock (no statement timeout, an index
 * on a large table may take a while), so any number of processes on any number of machines may start at once:
 * one migrates, the others wait for it and then find nothing left to apply.
 */
function migratePostgres(url: string): Promise<{ applied: number }> {
  return withBlockingLock(url, 'migrations', async (client) => {
    const before = await appliedMigrations(client);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsFolder() });
    return { applied: (await appliedMigrations(client)) - before };
  });
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob; memory?: boolean }) {
  let dataDir: string | undefined;
  if (!options.memory && options.dataDir) {
    dataDir = resolve(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const isNew = dataDir !== undefined && !existsSync(join(dataDir, 'PG_VERSION'));
  const client = await PGlite.create({
    // On disk: real fsyncs (see durable-fs.ts); in memory there is nothing to make durable.
    ...(dataDir
      ? { fs: new DurableNodeFS(dataDir), startParams: durableStartParams(PGlite.defaultStartParams) }
      : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  if (dataDir && isNew) {
    // PGlite builds a new cluster in memory and copies it in without fsync: make it durable once.
    await client.exec('checkpoint');
    fsyncTree(dataDir);
  }
  // Every statement and transaction is timed (db/instrument.ts); they take the one connection in turn.
  const stats: QueryStats = { active: 0, connectionErrors: 0 };
  wrapQuery(client as never, 'pglite', stats);
  const exec = client.exec.bind(client);
  client.exec = (query, options) => timed('pglite', stats, query, () => exec(query, options));
  const transaction = client.transaction.bind(client);
  client.transaction = (work) => timed('pglite', stats, '', () => transaction(work));
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const handle: DatabaseHandle = {
    db,
    kind: 'pglite',
    migrate: async () => {
      const before = await appliedMigrations(client);
      await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
      return { applied: (await appliedMigrations(client)) - before };
    },
    probe: async <R>(text: string) => (await client.query<R>(text)).rows,
    poolStats: () => ({
      total: 1,
      idle: stats.active > 0 ? 0 : 1,
      waiting: Math.max(0, stats.active - 1),
      max: 1,
      errors: 0,
    }),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    dump: (compression = 'none') => client.dumpDataDir(compression),
  };
  return handle;
}
