import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { type DatabaseHandle, openDatabase } from './db/client';
import { exportTo } from './db/export-to';
import { seedDemo } from './seed/seed-demo';
import { LocalStorage } from './storage/storage';
import { adminQuery, withDatabase } from './test/global-setup';
import { signIn } from './test/test-app';

const dataDir = mkdtempSync(join(tmpdir(), 'export-to-'));
const created: string[] = [];
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  for (const name of created)
    await adminQuery(process.env.TEST_DATABASE_URL!, `drop database if exists "${name}" with (force)`);
});

async function freshDatabase() {
  const name = `export_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(process.env.TEST_DATABASE_URL!, `create database "${name}"`);
  created.push(name);
  return { name, url: withDatabase(process.env.TEST_DATABASE_URL!, name) };
}

async function rowsOf<R>(handle: DatabaseHandle, query: string) {
  return ((await handle.db.execute(query as never)) as unknown as { rows: R[] }).rows;
}

const tablesOf = async (handle: DatabaseHandle) =>
  (
    await rowsOf<{ name: string }>(
      handle,
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((t) => t.name);

const countsOf = async (handle: DatabaseHandle, tables: string[]) => {
  const counts: Record<string, number> = {};
  for (const table of tables)
    counts[table] = (await rowsOf<{ n: number }>(handle, `select count(*)::int as n from "${table}"`))[0]!.n;
  return counts;
};

const appOptions = { webRoot: null, logger: false as const, maxEventLoopDelayMs: 0 };
const appOn = (database: DatabaseHandle) =>
  buildApp({ ...appOptions, env: { NODE_ENV: 'test', DATA_DIR: dataDir }, database });

/** Both apps give the same answers: the public listings and, with `cookie`, an admin's own routes. */
async function expectSameAnswers(before: FastifyInstance, after: FastifyInstance, cookie?: string) {
  const ids = (await before.inject({ url: '/api/v1/property' }))
    .json()
    .data.data.map((p: { _id: string }) => p._id);
  const paths = [
    '/api/v1/property',
    '/api/v1/settings',
    `/api/v1/property/${ids[0]}`,
    '/api/v1/property/sold',
  ];
  const signedIn = [
    '/api/v1/users/me',
    '/api/v1/users?includeInactive=true',
    '/api/v1/audit',
    '/api/v1/leads',
  ];
  for (const [url, headers] of [
    ...paths.map((path) => [path, {}] as const),
    ...(cookie ? signedIn.map((path) => [path, { cookie }] as const) : []),
  ]) {
    const [a, b] = [await before.inject({ url, headers }), await after.inject({ url, headers })];
    expect(a.statusCode, url).toBe(200);
    expect(b.statusCode, url).toBe(200);
    expect(b.json(), url).toEqual(a.json());
  }
}

/**
 * Ends, from the database's side, the connection an export holds open in its transaction: what a killed
 * process or a lost network leaves. Synchronous, so it happens between two tables of the copy.
 */
function endExportConnection(database: string) {
  const ended = execFileSync('psql', [
    process.env.TEST_DATABASE_URL!,
    '-Atc',
    `select count(pg_terminate_backend(pid, 30000)) from pg_stat_activity
     where datname = '${database}' and state = 'idle in transaction'`,
  ]).toString();
  if (ended.trim() !== '1') throw new Error(`expected the export's one connection, ended ${ended}`);
}

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('db:export-to', () => {
  // An agency's embedded database (the demo one), for every test here.
  beforeAll(async () => {
    const source = await openDatabase({ dataDir });
    try {
      await source.migrate();
      await seedDemo(source.db, new LocalStorage(join(dataDir, 'uploads')));
    } finally {
      await source.close();
    }
  }, 300_000);

  it('copies a seeded embedded database into an empty PostgreSQL one: equal row counts, equal API answers', async () => {
    const source = await openDatabase({ dataDir });
    const { url } = await freshDatabase();
    const counts = await exportTo(source, url);
    const tables = counts.map((c) => c.table);
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'properties', 'property_images', 'agency_settings']),
    );
    expect(counts.find((c) => c.table === 'properties')!.rows).toBeGreaterThan(0);

    const target = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const before = await appOn(source);
    const after = await appOn(target);
    try {
      expect(await countsOf(target, tables)).toEqual(await countsOf(source, tables));
      await expectSameAnswers(before, after);
      // Into a database that is not empty: refused, and nothing changes there.
      await expect(exportTo(source, url)).rejects.toThrow(/the target database is not empty/);
      expect(await countsOf(target, tables)).toEqual(await countsOf(source, tables));
    } finally {
      await before.close();
      await after.close();
      await target.close();
      await source.close();
    }
  }, 480_000);

  it('a run interrupted in the middle of the copy leaves no row; run again, it ends as one clean run', async () => {
    const source = await openDatabase({ dataDir });
    const { name, url } = await freshDatabase();
    // What the migrations alone put in (default settings): all an interrupted run may leave behind.
    const reference = await openDatabase({ databaseUrl: (await freshDatabase()).url, poolSize: 1 });
    await reference.migrate();
    const before = await appOn(source);
    let target: DatabaseHandle | undefined;
    let after: FastifyInstance | undefined;
    try {
      const tables = await tablesOf(source);
      const migratedOnly = await countsOf(reference, tables);
      expect(migratedOnly.users).toBe(0);
      // An admin's session from before the move: the copy carries it over, so the same cookie signs in there.
      const cookie = await signIn(before, 'admin@example.com', 'demo1234');
      const afterTables = (n: number, interrupt: () => void) => {
        let copied = 0;
        return () => {
          copied += 1;
          if (copied === n) interrupt();
        };
      };

      // The run itself fails after three tables (an error: it rolls back).
      const failing = exportTo(
        source,
        url,
        afterTables(3, () => {
          throw new Error('interrupted after three tables');
        }),
      );
      await expect(failing).rejects.toThrow('interrupted after three tables');
      target = await openDatabase({ databaseUrl: url, poolSize: 2 });
      expect(await countsOf(target, tables)).toEqual(migratedOnly);

      // Its connection ends after three tables (a killed process, a lost network: nothing is rolled back by it).
      const cut = exportTo(
        source,
        url,
        afterTables(3, () => endExportConnection(name)),
      );
      await expect(cut).rejects.toThrow(/terminat/i);
      expect(await countsOf(target, tables)).toEqual(migratedOnly);

      // Run again: the same end as one clean run.
      const counts = await exportTo(source, url);
      expect(counts.map((c) => c.table)).toEqual(tables);
      expect(await countsOf(target, tables)).toEqual(await countsOf(source, tables));
      after = await appOn(target);
      await expectSameAnswers(before, after, cookie);
    } finally {
      await before.close();
      await after?.close();
      await target?.close();
      await reference.close();
      await source.close();
    }
  }, 480_000);

  it('the npm command refuses while DATABASE_URL is set and copies with it unset', async () => {
    const { url } = await freshDatabase();
    const run = (env: Record<string, string>) =>
      promisify(execFile)('npx', ['tsx', 'src/server/cli/export-to.ts', url], {
        env: { ...process.env, DATA_DIR: dataDir, ...env },
      });
    await expect(run({ DATABASE_URL: url })).rejects.toMatchObject({
      stderr: expect.stringContaining('DATABASE_URL is set'),
    });
    const { stdout } = await run({ DATABASE_URL: '' });
    expect(stdout).toMatch(/\d+ tables, \d+ rows copied; the counts match/);
    // Run again into the copy: refused with the reason, no stack trace.
    const again = await run({ DATABASE_URL: '' }).catch((err: { stderr: string }) => err);
    expect(again).toMatchObject({ stderr: expect.stringContaining('the target database is not empty') });
    expect((again as { stderr: string }).stderr).not.toMatch(/^\s+at /m);
  }, 180_000);
});
