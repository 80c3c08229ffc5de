import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './db/client';
import { appRoot } from './lib/app-root';
import { createProperty, createUser } from './test/factories';
import { adminQuery, withDatabase } from './test/global-setup';
import { openTestDatabase } from './test/test-app';

const dir = mkdtempSync(join(tmpdir(), 'pg-backup-'));
const created: string[] = [];
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  for (const name of created)
    await adminQuery(process.env.TEST_DATABASE_URL!, `drop database if exists "${name}" with (force)`);
});

const script = (...args: string[]) =>
  promisify(execFile)('bash', [join(appRoot(), 'scripts', 'pg-backup.sh'), ...args], { env: process.env });

async function counts(handle: DatabaseHandle) {
  const { rows: tables } = (await handle.db.execute(
    `select table_name as name from information_schema.tables where table_schema in ('public', 'drizzle')
     and table_type = 'BASE TABLE' order by table_name` as never,
  )) as unknown as { rows: { name: string }[] };
  const result: Record<string, number> = {};
  for (const { name } of tables) {
    const schema = name === '__drizzle_migrations' ? 'drizzle' : 'public';
    const { rows } = (await handle.db.execute(
      `select count(*)::int as n from "${schema}"."${name}"` as never,
    )) as unknown as { rows: { n: number }[] };
    result[name] = rows[0]!.n;
  }
  return result;
}

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('pg_dump / pg_restore procedure', () => {
  it('restores every row of every table into an empty database', async () => {
    const source = await openTestDatabase();
    const agent = await createUser(source.db, { role: 'agent' });
    await createProperty(source.db, { agentId: agent.id });
    await createProperty(source.db, { agentId: agent.id });
    const file = join(dir, 'agency.dump');
    const dumped = await script('dump', source.url!, file);
    expect(dumped.stdout).toContain(`dumped to ${file}`);

    const name = `restored_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(process.env.TEST_DATABASE_URL!, `create database "${name}"`);
    created.push(name);
    const url = withDatabase(process.env.TEST_DATABASE_URL!, name);
    await script('restore', file, url);
    const restored = await openDatabase({ databaseUrl: url, poolSize: 1 });
    try {
      const expected = await counts(source);
      expect(expected.users).toBeGreaterThan(0);
      expect(expected.properties).toBe(2);
      expect(await counts(restored)).toEqual(expected);
      // The restored database is the app's: nothing left to migrate.
      expect((await restored.migrate()).applied).toBe(0);
    } finally {
      await restored.close();
      await source.close();
    }
  }, 120_000);
});
