import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { propertyImages, users } from '../db/schema';
import { multipart, pngImage, SALE_FIELDS } from '../modules/properties/test-helpers';
import { ensurePhotoShareImage, shareImageKey } from '../pages/share-image';
import { createUser, TEST_PASSWORD } from '../test/factories';
import { startS3Server } from '../test/s3-server';
import { openTestDatabase, signIn } from '../test/test-app';
import { sweepOrphans } from './orphan-sweep';
import type { S3Storage } from './s3-storage';
import type { Storage } from './storage';

// Two app instances with their own data folders (and, on PostgreSQL, their own connection pools) stand for
// two server processes on two machines: with STORAGE=s3 they share photos through the bucket alone.
let s3: Awaited<ReturnType<typeof startS3Server>>;
let first: FastifyInstance;
let second: FastifyInstance;
let firstStorage: S3Storage;
let cookie: string;
const handles: DatabaseHandle[] = [];
const dataDirs = [mkdtempSync(join(tmpdir(), 's3-app-a-')), mkdtempSync(join(tmpdir(), 's3-app-b-'))];

/** Fails the nth put (1-based) and every one after it, as a connection lost in the middle of an upload. */
function failingFrom(storage: Storage, nth: number): Storage {
  let puts = 0;
  return Object.assign(Object.create(storage) as Storage, {
    put: async (key: string, body: Buffer, type: string) => {
      puts += 1;
      if (puts >= nth) throw new Error('connection reset by the storage service');
      return storage.put(key, body, type);
    },
  });
}

beforeAll(async () => {
  s3 = await startS3Server();
  const db = await openTestDatabase();
  handles.push(db);
  const other = db.url ? await openDatabase({ databaseUrl: db.url, poolSize: 2 }) : db;
  if (other !== db) handles.unshift(other);
  const options = { webRoot: null, logger: false as const, maxEventLoopDelayMs: 0 };
  firstStorage = s3.storage();
  first = await buildApp({
    ...options,
    database: db,
    storage: firstStorage,
    env: { NODE_ENV: 'test', DATA_DIR: dataDirs[0]! },
  });
  second = await buildApp({
    ...options,
    database: other,
    storage: s3.storage(),
    env: { NODE_ENV: 'test', DATA_DIR: dataDirs[1]! },
  });
  const admin = await createUser(first.db, { role: 'admin' });
  cookie = await signIn(first, admin.email, TEST_PASSWORD);
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  for (const handle of handles) await handle.close();
  await s3?.close();
});

async function createWithPhotos(app: FastifyInstance, count: number) {
  const files = [];
  for (let i = 0; i < count; i++)
    files.push({ name: `p${i}.png`, type: 'image/png', data: await pngImage(1200, 900) });
  const form = await multipart(SALE_FIELDS, files);
  return app.inject({
    method: 'POST',
    url: '/api/v1/property',
    payload: form.payload,
    headers: { ...form.headers, cookie },
  });
}

const localFiles = (dir: string) =>
  existsSync(join(dir, 'uploads')) ? readdirSync(join(dir, 'uploads'), { recursive: true }) : [];

describe('S3 storage behind two server processes', { timeout: 120_000 }, () => {
  it('a photo uploaded through one process is served by the other, immutable, from the bucket', async () => {
    const res = await createWithPhotos(first, 1);
    expect(res.statusCode).toBe(201);
    const photo = res.json().data.data.photos[0];
    for (const variant of photo.variants as { url: string }[]) {
      expect(variant.url).toMatch(/^\/uploads\/properties\//);
      const served = await second.inject({ url: variant.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload).toEqual(await firstStorage.read(variant.url.slice('/uploads/'.length)));
    }
    expect(localFiles(dataDirs[0]!)).toEqual([]);
    expect(localFiles(dataDirs[1]!)).toEqual([]);
    expect((await second.inject({ url: '/uploads/properties/none-320.webp' })).statusCode).toBe(404);
  });

  it('an upload whose storage fails in the middle leaves no row and no object', async () => {
    await first.afterAnswer.settled(); // earlier uploads' share images are made after their answers
    const before = (await firstStorage.list()).map((f) => f.key);
    const rowsBefore = await first.db.select({ n: sql<number>`count(*)::int` }).from(propertyImages);
    const app = await buildApp({
      webRoot: null,
      logger: false,
      maxEventLoopDelayMs: 0,
      database: handles.at(-1)!,
      storage: failingFrom(s3.storage(), 6), // the second photo's second variant
      env: { NODE_ENV: 'test', DATA_DIR: dataDirs[0]! },
    });
    try {
      const res = await createWithPhotos(app, 2);
      expect(res.statusCode).toBe(500);
    } finally {
      await app.close();
    }
    expect((await firstStorage.list()).map((f) => f.key)).toEqual(before);
    const rowsAfter = await first.db.select({ n: sql<number>`count(*)::int` }).from(propertyImages);
    expect(rowsAfter).toEqual(rowsBefore);
  });

  it('the orphan sweep removes exactly the files no row names, and only those written before its cutoff', async () => {
    const kept = await createWithPhotos(first, 2);
    expect(kept.statusCode).toBe(201);
    const [keptPhoto] = await first.db
      .select()
      .from(propertyImages)
      .where(eq(propertyImages.propertyId, kept.json().data.data._id));
    await ensurePhotoShareImage(firstStorage, keptPhoto!);
    // A user's photo, named by URL in the users table.
    await firstStorage.put('users/portrait-320.webp', Buffer.from('portrait'), 'image/webp');
    const agent = await createUser(first.db, { role: 'agent' });
    await first.db
      .update(users)
      .set({ image: firstStorage.url('users/portrait-320.webp') })
      .where(eq(users.id, agent.id));
    // Orphans: a photo row deleted behind the storage's back (its variants and share image), files never committed.
    const gone = await createWithPhotos(first, 1);
    const [gonePhoto] = await first.db
      .select()
      .from(propertyImages)
      .where(eq(propertyImages.propertyId, gone.json().data.data._id));
    await ensurePhotoShareImage(firstStorage, gonePhoto!);
    await first.db.delete(propertyImages).where(eq(propertyImages.id, gonePhoto!.id));
    await firstStorage.put('properties/never-committed-320.webp', Buffer.from('x'), 'image/webp');
    await firstStorage.put('media/never-committed.mp4', Buffer.from('y'), 'video/mp4');
    // Not the app's: an object outside its folders, which the sweep never touches.
    await firstStorage.put('exports/report.csv', Buffer.from('z'), 'text/csv');
    const orphans = [
      ...gonePhoto!.variants.map((v) => v.key),
      shareImageKey(gonePhoto!.id),
      'properties/never-committed-320.webp',
      'media/never-committed.mp4',
    ].sort();
    const all = (await firstStorage.list()).map((f) => f.key);
    expect(all).toEqual(expect.arrayContaining(orphans));

    // Written after the cutoff (an upload whose row is not committed yet): left alone.
    expect(await sweepOrphans(first, new Date(Date.now() - 3_600_000))).toEqual([]);
    expect((await firstStorage.list()).map((f) => f.key)).toEqual(all);

    const removed = await sweepOrphans(first, new Date(Date.now() + 1000));
    expect(removed.sort()).toEqual(orphans);
    const left = (await firstStorage.list()).map((f) => f.key);
    expect(left).toEqual(all.filter((key) => !orphans.includes(key)));
    for (const key of [
      ...keptPhoto!.variants.map((v) => v.key),
      shareImageKey(keptPhoto!.id),
      'users/portrait-320.webp',
      'exports/report.csv',
    ]) {
      expect(left).toContain(key);
    }
  });

  it('a server told to use a bucket that does not exist refuses to start, naming S3_BUCKET', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
    try {
      await expect(
        buildApp({
          webRoot: null,
          logger: false,
          database: handles.at(-1)!,
          env: {
            NODE_ENV: 'test',
            DATA_DIR: dataDirs[0]!,
            STORAGE: 's3',
            S3_BUCKET: 'missing-bucket',
            S3_ENDPOINT: s3.endpoint,
            S3_REGION: 'us-east-1',
          },
        }),
      ).rejects.toThrow(/S3_BUCKET: there is no bucket "missing-bucket"/);
    } finally {
      process.env = saved;
    }
  });
});
