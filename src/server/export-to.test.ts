import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { exportTo } from './db/export-to';
import { seedDemo } from './seed/seed-demo';
import { LocalStorage } from './storage/storage';
import { adminQuery, withDatabase } from './test/global-setup';

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
  return withDatabase(process.env.TEST_DATABASE_URL!, name);
}

const countsOf = async (handle: Awaited<ReturnType<typeof openDatabase>>, tables: string[]) => {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = (await handle.db.execute(
      `select count(*)::int as n from "${table}"` as never,
    )) as unknown as {
      rows: { n: number }[];
    };
    counts[table] = result.rows[0]!.n;
  }
  return counts;
};

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('db:export-to', () => {
  it('copies a seeded embedded database into an empty PostgreSQL one: equal row counts, equal API answers', async () => {
    const source = await openDatabase({ dataDir });
    await source.migrate();
    await seedDemo(source.db, new LocalStorage(join(dataDir, 'uploads')));
    const url = await freshDatabase();
    const counts = await exportTo(source, url);
    const tables = counts.map((c) => c.table);
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'properties', 'property_images', 'agency_settings']),
    );
    expect(counts.find((c) => c.table === 'properties')!.rows).toBeGreaterThan(0);

    const target = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const options = { webRoot: null, logger: false as const, maxEventLoopDelayMs: 0 };
    const env = { NODE_ENV: 'test' as const, DATA_DIR: dataDir };
    const before = await buildApp({ ...options, env, database: source });
    const after = await buildApp({ ...options, env, database: target });
    try {
      expect(await countsOf(target, tables)).toEqual(await countsOf(source, tables));
      const ids = (await before.inject({ url: '/api/v1/property' }))
        .json()
        .data.data.map((p: { _id: string }) => p._id);
      for (const path of [
        '/api/v1/property',
        '/api/v1/settings',
        `/api/v1/property/${ids[0]}`,
        '/api/v1/property/sold',
      ]) {
        const [a, b] = [await before.inject({ url: path }), await after.inject({ url: path })];
        expect(b.statusCode).toBe(200);
        expect(b.json()).toEqual(a.json());
      }
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

  it('the npm command refuses while DATABASE_URL is set and copies with it unset', async () => {
    const url = await freshDatabase();
    const run = (env: Record<string, string>) =>
      promisify(execFile)('npx', ['tsx', 'src/server/cli/export-to.ts', url], {
        env: { ...process.env, DATA_DIR: dataDir, ...env },
      });
    await expect(run({ DATABASE_URL: url })).rejects.toMatchObject({
      stderr: expect.stringContaining('DATABASE_URL is set'),
    });
    const { stdout } = await run({ DATABASE_URL: '' });
    expect(stdout).toMatch(/\d+ tables, \d+ rows copied; the counts match/);
  }, 180_000);
});
