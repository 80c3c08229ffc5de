import fs, { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client';
import { contacts } from './schema';

// The embedded database only: PostgreSQL's own fsync is PostgreSQL's business.
describe.runIf(process.env.TEST_DB_KIND !== 'postgres')('embedded database durability', () => {
  let dir: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'durability-'));
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    handle = await openDatabase({ dataDir: dir, loadDataDir: template });
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs PostgreSQL with fsync on, through a method that reaches the disk', async () => {
    const setting = async (name: string) =>
      ((await handle.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] })
        .rows[0]![name];
    expect(await setting('fsync')).toBe('on');
    expect(await setting('wal_sync_method')).toBe('fsync');
    expect(await setting('synchronous_commit')).toBe('on');
    expect(await setting('full_page_writes')).toBe('on');
  });

  it('fsyncs the write-ahead log before an insert is acknowledged, and nothing for a read', async () => {
    const fsync = vi.spyOn(fs, 'fsyncSync');
    try {
      for (let i = 0; i < 5; i += 1) {
        await handle.db.insert(contacts).values({ name: `durable ${i}`, phone: '0541234567' });
      }
      expect(fsync.mock.calls.length).toBeGreaterThanOrEqual(5);
      fsync.mockClear();
      await handle.db.select().from(contacts);
      expect(fsync).not.toHaveBeenCalled();
    } finally {
      fsync.mockRestore();
    }
  });

  it('fsyncs the data files at a checkpoint', async () => {
    const fsync = vi.spyOn(fs, 'fsyncSync');
    try {
      await handle.db.insert(contacts).values({ name: 'before checkpoint', phone: '0541234567' });
      fsync.mockClear();
      await handle.db.execute(sql`checkpoint`);
      expect(fsync.mock.calls.length).toBeGreaterThan(1);
    } finally {
      fsync.mockRestore();
    }
  });
});
