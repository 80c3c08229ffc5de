import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_TEST_CREDENTIALS, startS3Server } from '../test/s3-server';
import { migrateToBucket } from './migrate-to-bucket';
import { LocalStorage } from './storage';

let s3: Awaited<ReturnType<typeof startS3Server>>;
const dataDir = mkdtempSync(join(tmpdir(), 'storage-migrate-'));
const local = new LocalStorage(join(dataDir, 'uploads'));

beforeAll(async () => {
  s3 = await startS3Server(['photos', 'cli']);
  await local.put('properties/p1/a-320.webp', Buffer.alloc(3000, 1), 'image/webp');
  await local.put('properties/p1/a-640.webp', Buffer.alloc(9000, 2), 'image/webp');
  await local.put('share/a-1200x630.jpg', Buffer.alloc(500, 3), 'image/jpeg');
  await local.put('media/intro.mp4', Buffer.alloc(40_000, 4), 'video/mp4');
});
afterAll(async () => {
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('storage:migrate', () => {
  it('copies every file with its content type, verified; a re-run after an interruption ends as one clean run', async () => {
    const bucket = s3.storage();
    const keys = (await local.list()).map((f) => f.key);
    // An earlier run stopped half-way: one file copied, one left truncated under its key.
    await bucket.put(
      'properties/p1/a-320.webp',
      (await local.read('properties/p1/a-320.webp'))!,
      'image/webp',
    );
    await bucket.put('media/intro.mp4', Buffer.alloc(100, 4), 'video/mp4');

    const first = await migrateToBucket(local, bucket);
    expect(first.total).toBe(4);
    expect(first.alreadyThere).toEqual(['properties/p1/a-320.webp']);
    expect(first.copied.sort()).toEqual(keys.filter((k) => k !== 'properties/p1/a-320.webp').sort());
    for (const key of keys) expect((await bucket.read(key))?.equals((await local.read(key))!)).toBe(true);
    expect((await bucket.get('media/intro.mp4'))?.contentType).toBe('video/mp4');
    expect((await bucket.get('share/a-1200x630.jpg'))?.contentType).toBe('image/jpeg');
    expect((await bucket.list()).map((f) => [f.key, f.size])).toEqual(
      (await local.list()).map((f) => [f.key, f.size]),
    );

    const again = await migrateToBucket(local, bucket);
    expect(again.copied).toEqual([]);
    expect(again.alreadyThere.sort()).toEqual(keys.sort());
  });

  // No database involved: run once, not again in the PostgreSQL pass.
  it.skipIf(process.env.TEST_DB_KIND === 'postgres')(
    'the npm command copies into the bucket the environment names, and refuses without STORAGE=s3',
    async () => {
      const run = (env: Record<string, string>) =>
        promisify(execFile)('npx', ['tsx', 'src/server/cli/storage-migrate.ts'], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
        });
      await expect(run({ STORAGE: 'local' })).rejects.toMatchObject({
        stderr: expect.stringContaining('STORAGE: set STORAGE=s3'),
      });
      const { stdout } = await run({
        STORAGE: 's3',
        S3_BUCKET: 'cli',
        S3_ENDPOINT: s3.endpoint,
        AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      });
      expect(stdout).toContain('4 files: 4 copied and verified, 0 already in the bucket');
      expect((await s3.storage({ bucket: 'cli' }).list()).map((f) => f.key)).toEqual(
        (await local.list()).map((f) => f.key),
      );
    },
    120_000,
  );
});
