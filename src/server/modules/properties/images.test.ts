import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import {
  hasGpsTag,
  multipart,
  photoWithGps,
  pngBomb,
  pngImage,
  SALE_FIELDS,
  type Upload,
} from './test-helpers';

let app: TestApp;
let adminCookie: string;

beforeAll(async () => {
  app = await createTestApp();
  const admin = await createUser(app.db, { role: 'admin' });
  adminCookie = await signIn(app, admin.email, TEST_PASSWORD);
});

async function post(url: string, files: Upload[], fields: [string, string][] = SALE_FIELDS) {
  const form = await multipart(fields, files);
  return app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, cookie: adminCookie },
  });
}

const uploadsDir = () => join(app.dataDir, 'uploads');
const fileOf = (url: string) => join(uploadsDir(), url.replace(/^\/uploads\//, ''));
const storedFiles = () => {
  const dir = join(uploadsDir(), 'properties');
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.webp'))
    : [];
};

describe('images', () => {
  it('a create with three images yields WebP variants without EXIF or GPS, served immutable', async () => {
    const gps = await photoWithGps(2000, 1500);
    expect(hasGpsTag((await sharp(gps).metadata()).exif!)).toBe(true);
    const res = await post('/api/v1/property', [
      { name: 'front.jpg', type: 'image/jpeg', data: gps },
      { name: 'plan.png', type: 'image/png', data: await pngImage() },
      { name: 'view.jpeg', type: 'image/jpeg', data: await photoWithGps(900, 1200, '#335577') },
    ]);
    expect(res.statusCode).toBe(201);
    const p = res.json().data.data;
    expect(p.photos).toHaveLength(3);
    expect(p.images).toHaveLength(3);
    expect(p.image).toBe(p.images[0]);
    expect(p.photos[0].variants.map((v: { width: number }) => v.width)).toEqual([320, 640, 960, 1600]);
    expect(p.photos[1].variants.map((v: { width: number }) => v.width)).toEqual([320, 640, 800]);
    for (const photo of p.photos) {
      for (const variant of photo.variants) {
        const bytes = readFileSync(fileOf(variant.url));
        const meta = await sharp(bytes).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(variant.width);
        expect(meta.exif).toBeUndefined();
        expect(hasGpsTag(bytes)).toBe(false);
      }
    }
    const served = await app.inject({ url: p.images[0] });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
  });

  it('a text file named .jpg gets 415 and nothing is stored', async () => {
    const before = storedFiles().length;
    const res = await post('/api/v1/property', [
      { name: 'ok.png', type: 'image/png', data: await pngImage() },
      { name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('just some text, not a picture') },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA');
    expect(storedFiles().length).toBe(before);
  });

  it('a 20,000 x 20,000 decompression bomb is refused and the server keeps answering', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(1_000_000);
    const res = await post('/api/v1/property', [{ name: 'bomb.png', type: 'image/png', data: bomb }]);
    expect([413, 415]).toContain(res.statusCode);
    expect(res.json().message).toMatch(/[\u0590-\u05FF]/);
    expect((await app.inject({ url: '/api/v1/property/locations/cities' })).statusCode).toBe(200);
  });

  it('a file over 15 MB gets 413, and so do more than 30 images', async () => {
    const before = storedFiles().length;
    const big = Buffer.concat([await pngImage(), Buffer.alloc(16 * 1024 * 1024)]);
    const res = await post('/api/v1/property', [{ name: 'big.png', type: 'image/png', data: big }]);
    expect(res.statusCode).toBe(413);
    const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const many = Array.from({ length: 31 }, (_, i) => ({
      name: `${i}.jpg`,
      type: 'image/jpeg',
      data: small,
    }));
    expect((await post('/api/v1/property', many)).statusCode).toBe(413);
    expect(storedFiles().length).toBe(before);
  });

  it('adds, reorders and removes images of an existing property; deleting removes every file', async () => {
    const p = await createProperty(app.db);
    const add = await post(
      `/api/v1/property/${p.id}/images`,
      [
        { name: 'a.png', type: 'image/png', data: await pngImage(600, 400) },
        { name: 'b.png', type: 'image/png', data: await pngImage(500, 400) },
        { name: 'c.png', type: 'image/png', data: await pngImage(400, 400) },
      ],
      [],
    );
    expect(add.statusCode).toBe(200);
    const photos = add.json().data.data.photos as {
      _id: string;
      width: number;
      variants: { url: string }[];
    }[];
    expect(photos.map((ph) => ph.width)).toEqual([600, 500, 400]);

    const order = [photos[2]!._id, photos[0]!._id, photos[1]!._id];
    const reordered = await app.inject({
      method: 'PUT',
      url: `/api/v1/property/${p.id}/images/order`,
      headers: { cookie: adminCookie },
      payload: { order },
    });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().data.data.photos.map((ph: { _id: string }) => ph._id)).toEqual(order);
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/v1/property/${p.id}/images/order`,
      headers: { cookie: adminCookie },
      payload: { order: order.slice(1) },
    });
    expect(bad.statusCode).toBe(400);

    const removedUrls = photos[0]!.variants.map((v) => v.url);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/property/${p.id}/images/${photos[0]!._id}`,
      headers: { cookie: adminCookie },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.data.photos.map((ph: { _id: string }) => ph._id)).toEqual([
      order[0],
      order[2],
    ]);
    for (const url of removedUrls) expect(existsSync(fileOf(url))).toBe(false);

    const left = removed.json().data.data.images as string[];
    expect(left.every((url) => existsSync(fileOf(url)))).toBe(true);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/v1/property/${p.id}`,
      headers: { cookie: adminCookie },
    });
    expect(del.statusCode).toBe(200);
    for (const url of left) expect(existsSync(fileOf(url))).toBe(false);
  });
});
