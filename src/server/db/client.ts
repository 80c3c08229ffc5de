import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { appRoot } from '../lib/app-root';
import { DurableNodeFS, durableStartParams, fsyncTree } from './durable-fs';
import * as schema from './schema';

/** Both drivers expose the same Drizzle query API; the node-postgres type stands for either. */
export type Database = NodePgDatabase<typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: where the pool connects (the read caches open their listening connection there). */
  connectionString?: string;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (test templates, backups). */
  dump?(compression?: 'none' | 'gzip'): Promise<Blob>;
};

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number }
  | { dataDir?: string; loadDataDir?: Blob; memory?: boolean };

const migrationsFolder = () => join(appRoot(), 'drizzle');

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.poolSize);
  return openPglite(options);
}

function openPostgres(url: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    connectionString: url,
    migrate: () => migratePg(db, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
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
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const handle: DatabaseHandle = {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
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
