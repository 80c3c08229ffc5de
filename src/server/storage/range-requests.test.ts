import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../test/s3-server';
import { createTestApp } from '../test/test-app';
import type { Storage } from './storage';

// Uploaded files served through the server answer byte ranges (a video's seeking) and stay long-cached and
// immutable, the same from the local disk and from an S3-compatible bucket (GetObject with a Range).
const IMMUTABLE = 'public, max-age=31536000, immutable';
const VIDEO = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));
const KEY = 'media/clip-range.mp4';

let local: FastifyInstance & { storage: Storage };
let bucket: FastifyInstance & { storage: Storage };

beforeAll(async () => {
  const s3 = await startS3Server();
  local = await createTestApp();
  bucket = await createTestApp({ storage: s3.storage() });
  for (const app of [local, bucket]) await app.storage.put(KEY, VIDEO, 'video/mp4');
  return () => s3.close();
});

const apps = () =>
  [
    ['local disk', local],
    ['S3-compatible bucket', bucket],
  ] as const;

describe.each([['local disk'], ['S3-compatible bucket']])('through the server, from the %s', (kind) => {
  const app = () => apps().find(([name]) => name === kind)![1];
  const get = (range?: string, method: 'GET' | 'HEAD' = 'GET') =>
    app().inject({ method, url: `/uploads/${KEY}`, headers: range ? { range } : {} });

  it('sends the whole file, immutable, and says it takes ranges', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(VIDEO);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends the bytes a range asks for with 206 and Content-Range: closed, open-ended and suffix', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=4000-4999', 4000, 4999],
      ['bytes=9990-', 9990, 9999],
      ['bytes=-10', 9990, 9999],
      ['bytes=9000-20000', 9000, 9999],
    ];
    for (const [range, first, last] of cases) {
      const res = await get(range);
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range'], range).toBe(`bytes ${first}-${last}/${VIDEO.length}`);
      expect(Number(res.headers['content-length']), range).toBe(last - first + 1);
      expect(res.rawPayload.equals(VIDEO.subarray(first, last + 1)), range).toBe(true);
      expect(res.headers['cache-control'], range).toBe(IMMUTABLE);
    }
  });

  it('answers 416 for a range past the end', async () => {
    expect((await get('bytes=10000-')).statusCode).toBe(416);
  });

  it('answers a missing file 404, range or not', async () => {
    for (const range of [undefined, 'bytes=0-9']) {
      const res = await app().inject({ url: '/uploads/media/none.mp4', headers: range ? { range } : {} });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('from the bucket', () => {
  it('a range past the end is 416 with the size in Content-Range', async () => {
    const res = await bucket.inject({ url: `/uploads/${KEY}`, headers: { range: 'bytes=10000-' } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${VIDEO.length}`);
    expect(res.headers['cache-control']).not.toBe(IMMUTABLE);
  });

  it('a HEAD answers the length without a body', async () => {
    const res = await bucket.inject({ method: 'HEAD', url: `/uploads/${KEY}` });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(VIDEO.length);
    expect(res.rawPayload.length).toBe(0);
  });

  it('a header asking for several ranges gets the whole file', async () => {
    const res = await bucket.inject({ url: `/uploads/${KEY}`, headers: { range: 'bytes=0-1,5-6' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(VIDEO);
  });
});
