import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../test/s3-server';
import { LocalStorage, type Storage } from './storage';

// The contract every storage keeps, on the local disk and on an S3-compatible server started here.
let s3: Awaited<ReturnType<typeof startS3Server>>;
const localRoot = mkdtempSync(join(tmpdir(), 'storage-contract-'));

beforeAll(async () => {
  s3 = await startS3Server(['photos', 'other']);
});
afterAll(async () => {
  await s3.close();
  rmSync(localRoot, { recursive: true, force: true });
});

const kinds: [string, () => Storage][] = [
  ['local disk', () => new LocalStorage(localRoot)],
  ['S3-compatible bucket', () => s3.storage()],
];

describe.each(kinds)('storage contract: %s', (_name, make) => {
  it('puts, reads, lists and removes files, keeping their content types', async () => {
    const storage = make();
    await storage.check();
    const photo = Buffer.from('RIFF....WEBPVP8 fake photo bytes');
    const video = Buffer.alloc(70_000, 7);
    await storage.put('properties/a/one-320.webp', photo, 'image/webp');
    await storage.put('media/clip.mp4', video, 'video/mp4');
    await storage.put('share/one-1200x630.jpg', Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');

    expect(await storage.read('properties/a/one-320.webp')).toEqual(photo);
    expect(await storage.get('media/clip.mp4')).toEqual({ body: video, contentType: 'video/mp4' });
    expect((await storage.get('share/one-1200x630.jpg'))?.contentType).toBe('image/jpeg');
    expect((await storage.get('properties/a/one-320.webp'))?.contentType).toBe('image/webp');
    expect(await storage.read('properties/a/missing.webp')).toBeUndefined();
    expect(await storage.get('nothing/here.webp')).toBeUndefined();

    const listed = await storage.list();
    expect(listed.map((f) => [f.key, f.size])).toEqual([
      ['media/clip.mp4', video.length],
      ['properties/a/one-320.webp', photo.length],
      ['share/one-1200x630.jpg', 3],
    ]);
    expect(listed.every((f) => Math.abs(f.modified.getTime() - Date.now()) < 60_000)).toBe(true);
    expect((await storage.list('properties/')).map((f) => f.key)).toEqual(['properties/a/one-320.webp']);

    await storage.remove(['media/clip.mp4', 'share/one-1200x630.jpg', 'never/was.webp']);
    expect((await storage.list()).map((f) => f.key)).toEqual(['properties/a/one-320.webp']);
    expect(await storage.read('media/clip.mp4')).toBeUndefined();
    await storage.remove(['properties/a/one-320.webp']);
    expect(await storage.list()).toEqual([]);
  });

  it('names its files by URL and reads the key back from the URL', () => {
    const storage = make();
    const url = storage.url('properties/p1/abc-640.webp');
    expect(url).toBe('/uploads/properties/p1/abc-640.webp');
    expect(storage.keyOf(url)).toBe('properties/p1/abc-640.webp');
    expect(storage.keyOf('/uploads/../etc/passwd')).toBeUndefined();
    expect(storage.keyOf('https://elsewhere.example/a.webp')).toBeUndefined();
  });
});

describe('S3 storage', () => {
  it('with a public URL, names files there and serves them long-cached and immutable', async () => {
    const storage = s3.storage({ publicUrl: `${s3.endpoint}/photos/` });
    await storage.put('properties/x/y-320.webp', Buffer.from('bytes'), 'image/webp');
    const url = storage.url('properties/x/y-320.webp');
    expect(url).toBe(`${s3.endpoint}/photos/properties/x/y-320.webp`);
    expect(storage.keyOf(url)).toBe('properties/x/y-320.webp');
    expect(storage.keyOf('/uploads/properties/x/y-320.webp')).toBe('properties/x/y-320.webp');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await storage.remove(['properties/x/y-320.webp']);
  });

  it('reads a key back only from under its public URL, at the slash that ends the prefix', () => {
    for (const publicUrl of [`${s3.endpoint}/photos`, `${s3.endpoint}/photos/`]) {
      const storage = s3.storage({ publicUrl });
      expect(storage.url('a/b.webp')).toBe(`${s3.endpoint}/photos/a/b.webp`);
      expect(storage.keyOf(`${s3.endpoint}/photos/a/b.webp?v=1`)).toBe('a/b.webp');
      // A sibling prefix that only starts like it (another bucket's files, another site's) is not ours to sweep.
      expect(storage.keyOf(`${s3.endpoint}/photos-archive/a/b.webp`)).toBeUndefined();
      expect(storage.keyOf(`${s3.endpoint}/photosa/b.webp`)).toBeUndefined();
      expect(storage.keyOf(`${s3.endpoint}/photos/`)).toBeUndefined();
    }
  });

  it('a missing bucket or refused credentials stop the start with a message naming the setting', async () => {
    await expect(s3.storage({ bucket: 'no-such-bucket' }).check()).rejects.toThrow(
      /S3_BUCKET: there is no bucket "no-such-bucket"/,
    );
    await expect(
      s3.storage({ credentials: { accessKeyId: 'unknown-key', secretAccessKey: 'wrong' } }).check(),
    ).rejects.toThrow(/AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: the credentials were refused/);
    await expect(s3.storage({ endpoint: 'http://127.0.0.1:9' }).check()).rejects.toThrow(
      /S3_ENDPOINT: cannot reach/,
    );
  });
});
