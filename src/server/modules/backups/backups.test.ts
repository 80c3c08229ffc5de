import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup } from '../../db/backup';
import { openDatabase } from '../../db/client';
import { contacts } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let app: TestApp;
let admin: string;
let agent: string;
const embedded = process.env.TEST_DB_KIND !== 'postgres';

beforeAll(async () => {
  app = await createTestApp({ env: { BACKUP_KEEP: 1 } });
  admin = await signIn(app, (await createUser(app.db, { role: 'admin' })).email, TEST_PASSWORD);
  agent = await signIn(app, (await createUser(app.db)).email, TEST_PASSWORD);
});

const call = (method: 'GET' | 'POST', url: string, cookie?: string) =>
  app.inject({ method, url: `/api/v1${url}`, headers: cookie ? { cookie } : {} });

describe('backup routes are for admins only', () => {
  it.each([
    ['GET', '/backups'],
    ['POST', '/backups'],
    ['GET', '/backups/latest'],
  ] as const)('%s %s: 401 for a visitor, 403 for an agent', async (method, url) => {
    expect((await call(method, url)).statusCode).toBe(401);
    expect((await call(method, url, agent)).statusCode).toBe(403);
  });
});

describe.runIf(embedded)('backups of the embedded database', () => {
  it('has none at first: an empty list and 404 for the latest', async () => {
    expect((await call('GET', '/backups', admin)).json().data).toEqual({ embedded: true, backups: [] });
    const latest = await call('GET', '/backups/latest', admin);
    expect(latest.statusCode).toBe(404);
    expect(latest.json().message).toBe('אין עדיין גיבוי');
  });

  it('takes backups while serving, keeps the newest BACKUP_KEEP, and serves the latest', async () => {
    const names: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await call('POST', '/backups', admin);
      expect(res.statusCode).toBe(201);
      names.push(res.json().data.backup.name);
    }
    const list = (await call('GET', '/backups', admin)).json().data.backups;
    expect(list.map((b: { name: string }) => b.name)).toEqual([names[1]]);
    // Nothing half-written is left behind.
    expect(readdirSync(join(app.dataDir, 'backups'))).toEqual([names[1]]);

    const latest = await call('GET', '/backups/latest', admin);
    expect(latest.statusCode).toBe(200);
    expect(latest.headers['content-disposition']).toBe(`attachment; filename="${names[1]}"`);
    expect(latest.headers['cache-control']).toBe('no-store');
    // A gzipped tar of the data directory: PG_VERSION is inside.
    expect(gunzipSync(latest.rawPayload).toString('latin1')).toContain('PG_VERSION');
  }, 120_000); // two online copies of the database: slow on a loaded machine

  it('restores a backup into a data folder: what was written before it is back, what came after is not', async () => {
    await app.db.insert(contacts).values({ name: 'לפני הגיבוי', phone: '0541234567' });
    const backup = (await call('POST', '/backups', admin)).json().data.backup;
    await app.db.insert(contacts).values({ name: 'אחרי הגיבוי', phone: '0541234567' });

    const dataDir = mkdtempSync(join(tmpdir(), 'restore-'));
    mkdirSync(join(dataDir, 'pglite'));
    writeFileSync(join(dataDir, 'pglite', 'the-previous-database'), 'x');
    try {
      const { keptAs } = await restoreBackup(join(app.dataDir, 'backups', backup.name), dataDir);
      // The database it replaced is kept beside it, never deleted.
      expect(readdirSync(keptAs!)).toEqual(['the-previous-database']);
      const restored = await openDatabase({ dataDir });
      try {
        expect(
          await restored.db.select().from(contacts).where(eq(contacts.name, 'לפני הגיבוי')),
        ).toHaveLength(1);
        expect(
          await restored.db.select().from(contacts).where(eq(contacts.name, 'אחרי הגיבוי')),
        ).toHaveLength(0);
      } finally {
        await restored.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('restoring a gzip bomb', () => {
  it('stops at the unpacked-size cap, fast, and leaves the current database as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bomb-'));
    try {
      // 64 MB of zeros packs into about 64 KB.
      const bomb = join(dir, 'pglite-20260101T000000000Z.tar.gz');
      writeFileSync(bomb, gzipSync(Buffer.alloc(64 * 1024 ** 2), { level: 9 }));
      mkdirSync(join(dir, 'pglite'));
      writeFileSync(join(dir, 'pglite', 'the-current-database'), 'x');
      await expect(restoreBackup(bomb, dir, { maxUnpackedBytes: 16 * 1024 ** 2 })).rejects.toThrow(
        /unpacks to more than 16 MB/,
      );
      expect(readdirSync(join(dir, 'pglite'))).toEqual(['the-current-database']);
      expect(readdirSync(dir).sort()).toEqual(['pglite', 'pglite-20260101T000000000Z.tar.gz']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(!embedded)('on a PostgreSQL server', () => {
  it('says backups are pg_dump’s job', async () => {
    expect((await call('GET', '/backups', admin)).json().data).toEqual({ embedded: false, backups: [] });
    const res = await call('POST', '/backups', admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('pg_dump');
  });
});
