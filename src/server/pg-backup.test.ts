import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    // The checksum beside it, in sha256sum's own format.
    const digest = createHash('sha256').update(readFileSync(file)).digest('hex');
    expect(readFileSync(`${file}.sha256`, 'utf8')).toBe(`${digest}  agency.dump\n`);

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

  it('refuses a damaged dump with a sentence before pg_restore reads it, and restores nothing', async () => {
    const source = await openTestDatabase();
    const file = join(dir, 'damaged.dump');
    try {
      await script('dump', source.url!, file);
    } finally {
      await source.close();
    }
    const name = `damaged_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(process.env.TEST_DATABASE_URL!, `create database "${name}"`);
    created.push(name);
    const url = withDatabase(process.env.TEST_DATABASE_URL!, name);
    const tablesIn = async () => {
      const handle = await openDatabase({ databaseUrl: url, poolSize: 1 });
      try {
        const { rows } = (await handle.db.execute(
          `select count(*)::int as n from information_schema.tables where table_schema = 'public'` as never,
        )) as unknown as { rows: { n: number }[] };
        return rows[0]!.n;
      } finally {
        await handle.close();
      }
    };

    // One byte changed in the middle: the checksum says so.
    const bytes = readFileSync(file);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(file, bytes);
    const changed = await script('restore', file, url).catch((err: { stderr: string }) => err);
    expect(changed).toMatchObject({ stderr: expect.stringContaining('does not match its checksum') });
    expect((changed as { stderr: string }).stderr).not.toContain('pg_restore:');

    // Cut short, from before checksums (no .sha256): pg_restore's own reading says so, in a sentence.
    writeFileSync(file, bytes.subarray(0, 200));
    rmSync(`${file}.sha256`);
    const cut = await script('restore', file, url).catch((err: { stderr: string }) => err);
    expect(cut).toMatchObject({ stderr: expect.stringContaining('is not a readable pg_dump archive') });
    expect((cut as { stderr: string }).stderr).not.toContain('pg_restore:');

    expect(await tablesIn()).toBe(0);
  }, 120_000);
});
