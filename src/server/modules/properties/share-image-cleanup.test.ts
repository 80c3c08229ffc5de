import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { shareImageKey } from '../../pages/share-image';
import { TEST_TEMPLATE } from '../../pages/test-pages';
import { createProperty, createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { multipart, pngImage } from './test-helpers';

let app: TestApp;
let adminCookie: string;

beforeAll(async () => {
  // Pages without the renderer: the head (and with it the share image) is still made on the server.
  const webRoot = mkdtempSync(join(tmpdir(), 'web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), TEST_TEMPLATE);
  app = await createTestApp({ webRoot });
  const admin = await createUser(app.db, { role: 'admin' });
  adminCookie = await signIn(app, admin.email, TEST_PASSWORD);
});

type Photo = { _id: string; variants: { url: string }[] };

const shareFile = (photoId: string) => join(app.dataDir, 'uploads', shareImageKey(photoId));

/** A property with two photos, the first its cover. */
async function propertyWithPhotos() {
  const p = await createProperty(app.db);
  const form = await multipart(
    [],
    [
      { name: 'a.png', type: 'image/png', data: await pngImage(900, 600) },
      { name: 'b.png', type: 'image/png', data: await pngImage(800, 600) },
    ],
  );
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/property/${p.id}/images`,
    payload: form.payload,
    headers: { ...form.headers, cookie: adminCookie },
  });
  expect(res.statusCode).toBe(200);
  return { id: p.id, photos: res.json().data.data.photos as Photo[] };
}

/** Renders the property page, which makes the share image of its cover photo. */
async function renderPage(id: string, coverId: string) {
  const res = await app.inject({ url: `/PropertyView/${id}` });
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain(shareImageKey(coverId));
  expect(existsSync(shareFile(coverId))).toBe(true);
}

describe('the share image of a property photo', () => {
  it('is removed with its photo', async () => {
    const { id, photos } = await propertyWithPhotos();
    const [cover, other] = photos as [Photo, Photo];
    await renderPage(id, cover._id);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/property/${id}/images/${cover._id}`,
      headers: { cookie: adminCookie },
    });
    expect(removed.statusCode).toBe(200);
    expect(existsSync(shareFile(cover._id))).toBe(false);

    // The next cover gets its own on the next render.
    await renderPage(id, other._id);
  });

  it('is removed, for every photo that has one, with the property', async () => {
    const { id, photos } = await propertyWithPhotos();
    const [first, second] = photos as [Photo, Photo];
    await renderPage(id, first._id);
    const reordered = await app.inject({
      method: 'PUT',
      url: `/api/v1/property/${id}/images/order`,
      headers: { cookie: adminCookie },
      payload: { order: [second._id, first._id] },
    });
    expect(reordered.statusCode).toBe(200);
    await renderPage(id, second._id);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/property/${id}`,
      headers: { cookie: adminCookie },
    });
    expect(deleted.statusCode).toBe(200);
    for (const photo of photos) expect(existsSync(shareFile(photo._id))).toBe(false);
    for (const url of photos.flatMap((photo) => photo.variants.map((v) => v.url))) {
      expect(existsSync(join(app.dataDir, url.replace(/^\//, '')))).toBe(false);
    }
  });
});

describe('the share image of a cover', () => {
  it('is made once the photos are answered, before any visitor asks for the page', async () => {
    const { photos } = await propertyWithPhotos();
    await app.afterAnswer.settled();
    const [cover, other] = photos as [Photo, Photo];
    expect(existsSync(shareFile(cover._id))).toBe(true);
    expect(existsSync(shareFile(other._id))).toBe(false);
  });
});
