import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQL } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { appRoot } from '../lib/app-root';
import { adminQuery, withDatabase } from './global-setup';

type Journal = { entries: { tag: string }[] };

/**
 * An empty database (PGlite, or PostgreSQL in the postgres project) migrated up to, not including, the migration
 * whose name ends with `name` (numbers change when branches meet; names do not). A test writes the data that
 * existed before it, then calls `handle.migrate()` to run the rest, as a server start would.
 */
export async function databaseBeforeMigration(name: string): Promise<DatabaseHandle> {
  const source = join(appRoot(), 'drizzle');
  const journal = JSON.parse(readFileSync(join(source, 'meta/_journal.json'), 'utf8')) as Journal;
  const index = journal.entries.findIndex((e) => e.tag.endsWith(`_${name}`));
  if (index < 0) throw new Error(`no migration named ${name}`);
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(source, folder, { recursive: true });
  writeFileSync(
    join(folder, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }),
  );
  const handle = await openEmpty();
  try {
    if (handle.kind === 'postgres') await migratePg(handle.db, { migrationsFolder: folder });
    else await migratePglite(handle.db as never, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return handle;
}

async function openEmpty(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_KIND !== 'postgres') return openDatabase({ memory: true });
  const url = process.env.TEST_DATABASE_URL!;
  const name = `test_${inject('runId')}_m${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(url, `create database "${name}"`);
  const handle = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 2 });
  const close = handle.close;
  handle.close = async () => {
    await close();
    await adminQuery(url, `drop database if exists "${name}" with (force)`);
  };
  return handle;
}

/** Rows of a raw query (the tests speak SQL of the schema as it was, not of today's Drizzle tables). */
export async function rowsOf<T>(handle: DatabaseHandle, query: SQL): Promise<T[]> {
  const result = await handle.db.execute(query);
  return result.rows as T[];
}
