import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { propertyImages } from '../db/schema';
import { multipart, pngImage, SALE_FIELDS } from '../modules/properties/test-helpers';
import { ensurePhotoShareImage } from '../pages/share-image';
import { createUser, TEST_PASSWORD } from '../test/factories';
import { createTestApp, signIn, type TestApp } from '../test/test-app';
import { LocalStorage, type Storage } from './storage';

// Upload URLs are cached for a year as immutable (docs/decisions/0023): that holds because no key is ever
// written twice. The same picture uploaded twice gets new keys, and a share image is made once.
const puts: string[] = [];
let app: TestApp;
let cookie: string;

/** The local storage, with every key written recorded. */
function recording(storage: LocalStorage): Storage {
  return Object.assign(Object.create(storage) as LocalStorage, {
    put: async (key: string, body: Buffer, type: string) => {
      puts.push(key);
      return storage.put(key, body, type);
    },
  });
}

beforeAll(async () => {
  app = await createTestApp({ storage: recording(new LocalStorage(mkdtempSync(join(tmpdir(), 'once-')))) });
  const admin = await createUser(app.db, { role: 'admin' });
  cookie = await signIn(app, admin.email, TEST_PASSWORD);
});

async function propertyWith(photo: Buffer) {
  const form = await multipart(SALE_FIELDS, [{ name: 'same.png', type: 'image/png', data: photo }]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/property',
    payload: form.payload,
    headers: { ...form.headers, cookie },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.data as { _id: string; photos: { variants: { url: string }[] }[] };
}

describe('stored keys', () => {
  it('are written once: the same picture twice gets new keys, a share image is made once', async () => {
    const picture = await pngImage(1000, 700);
    const first = await propertyWith(picture);
    const second = await propertyWith(picture);
    const urls = (p: typeof first) => p.photos.flatMap((photo) => photo.variants.map((v) => v.url));
    expect(urls(first).length).toBeGreaterThan(1);
    expect(urls(first).filter((url) => urls(second).includes(url))).toEqual([]);

    const [row] = await app.db.select().from(propertyImages).where(eq(propertyImages.propertyId, first._id));
    const made = await ensurePhotoShareImage(app.storage, row!);
    expect(await ensurePhotoShareImage(app.storage, row!)).toBe(made);

    expect(made && puts.includes(made)).toBe(true);
    expect(puts.length).toBe(new Set(puts).size);
    // Served immutable from the disk, as from a bucket (range-requests.test.ts).
    const served = await app.inject({ url: urls(second)[0]! });
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
