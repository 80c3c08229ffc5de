import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { COMPANY_ROLES } from '@shared/domain/roles';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD, compressOnce, JSON_COMPRESS_THRESHOLD } from '../plugins/compression';
import { SHARED_CACHE } from '../plugins/etag';
import { noteWrite } from '../plugins/read-cache';
import { createProperty, createUser } from '../test/factories';
import { sessionCookieFor } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';

let app: TestApp;
const script = `console.log(${JSON.stringify('נכס '.repeat(800))});`;
const unhashed = `export const x = ${JSON.stringify('a1b2'.repeat(600))};`;

beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(
    join(webRoot, 'index.html'),
    `<!doctype html><html lang="he" dir="rtl"><head><title>דף</title></head><body><div id="root"></div><noscript>${'דף '.repeat(500)}</noscript></body></html>`,
  );
  // As the build leaves it: the asset and its pre-compressed forms.
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  writeFileSync(join(webRoot, 'assets', 'plain-def456.js'), unhashed);
  app = await createTestApp({ webRoot });
});

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.body;
}

describe.each(['br', 'gzip'] as const)('compression with accept-encoding: %s', (encoding) => {
  it('serves a hashed asset pre-compressed, decompressing to the same bytes', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': encoding },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 3);
    expect(decoded(res)).toBe(script);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('compresses an asset with no pre-compressed file on the fly', async () => {
    const res = await app.inject({
      url: '/assets/plain-def456.js',
      headers: { 'accept-encoding': encoding },
    });
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(decoded(res)).toBe(unhashed);
  });

  it('compresses an API answer over 4 KB, decompressing to the same JSON', async () => {
    for (let i = 0; i < 6; i++) await createProperty(app.db, { description: `תיאור ארוך ${i} `.repeat(20) });
    await noteWrite(app.db);
    const plain = await app.inject({ url: '/api/v1/property/search?type=sale&pageSize=50' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(JSON_COMPRESS_THRESHOLD);
    const res = await app.inject({
      url: '/api/v1/property/search?type=sale&pageSize=50',
      headers: { 'accept-encoding': encoding },
    });
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(decoded(res)).toBe(plain.body);
  });

  it('compresses a page and never caches it as immutable', async () => {
    const res = await app.inject({ url: '/Sale', headers: { 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(decoded(res)).toContain('dir="rtl"');
    expect(res.headers['cache-control']).toBe(SHARED_CACHE);
  });
});

describe('compressed once', () => {
  it('compresses the same answer once however often it is sent', async () => {
    const url = '/api/v1/property/search?type=sale&pageSize=50';
    const first = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    const again = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload).toEqual(first.rawPayload);
    const body = Buffer.from('נכס '.repeat(2000));
    expect(compressOnce(body, 'br')).toBe(compressOnce(body, 'br'));
    expect(compressOnce(body, 'gzip')).toBe(compressOnce(body, 'gzip'));
    expect(gunzipSync(compressOnce(body, 'gzip')).toString()).toBe(body.toString());
    expect(brotliDecompressSync(compressOnce(body, 'br')).toString()).toBe(body.toString());
  });
});

describe('uncompressed answers', () => {
  it('leaves a JSON answer under 4 KB as it is', async () => {
    const property = await createProperty(app.db, { description: 'דירה מוארת ושקטה '.repeat(60) });
    const res = await app.inject({
      url: `/api/v1/property/${property.id}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(res.rawPayload.length).toBeLessThan(JSON_COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('leaves an API answer under 1 KB and a client that accepts no encoding alone', async () => {
    const small = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const identity = await app.inject({
      url: '/assets/plain-def456.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(unhashed);
  });
});

describe('revalidation of API reads', () => {
  it('answers 304 with no body to a matching If-None-Match, and 200 once the data changed', async () => {
    const first = await app.inject({ url: '/api/v1/property/locations/cities' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/); // strong: a public answer a shared cache may keep
    expect(first.headers['cache-control']).toBe(SHARED_CACHE);

    const again = await app.inject({
      url: '/api/v1/property/locations/cities',
      headers: { 'if-none-match': etag, 'accept-encoding': 'br' },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    await createProperty(app.db, { city: `עיר ${randomUUID().slice(0, 6)}` });
    // Written straight to the database: announce it as the API's writes do, so the cities list is read anew.
    await noteWrite(app.db);
    const changed = await app.inject({
      url: '/api/v1/property/locations/cities',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('gives the same ETag to the compressed and the plain answer', async () => {
    const plain = await app.inject({ url: '/api/v1/property/search?type=sale&pageSize=50' });
    const br = await app.inject({
      url: '/api/v1/property/search?type=sale&pageSize=50',
      headers: { 'accept-encoding': 'br' },
    });
    expect(plain.headers.etag).toMatch(/^".+"$/);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });
});

describe('page status', () => {
  it('answers 200 for an existing property and an active agent', async () => {
    const property = await createProperty(app.db);
    const agent = await createUser(app.db);
    expect((await app.inject({ url: `/PropertyView/${property.id}` })).statusCode).toBe(200);
    expect((await app.inject({ url: `/AboutAgent/${agent.id}` })).statusCode).toBe(200);
  });

  it.each([
    '/PropertyView/123',
    `/PropertyView/${randomUUID()}`,
    `/AboutAgent/${randomUUID()}`,
    '/AboutAgent/not-an-id',
    '/no-such-page',
    '/Sale/extra',
  ])('answers 404 with the app (its not-found page) for %s', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('dir="rtl"');
  });

  it('answers 404 for an agent who is no longer active', async () => {
    const former = await createUser(app.db, { active: false });
    expect((await app.inject({ url: `/AboutAgent/${former.id}` })).statusCode).toBe(404);
  });

  it('answers 404 for a bare system admin, 200 for an admin shown on the site', async () => {
    const pureAdmin = await createUser(app.db, { role: 'admin' });
    const founder = await createUser(app.db, {
      role: 'admin',
      companyRole: COMPANY_ROLES.ceoFounder,
      showOnSite: true,
    });
    const res = await app.inject({ url: `/AboutAgent/${pureAdmin.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect((await app.inject({ url: `/AboutAgent/${founder.id}` })).statusCode).toBe(200);
  });
});

describe('copies kept before signing in or out (issue 41)', () => {
  const varies = (res: LightMyRequestResponse) =>
    String(res.headers.vary ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase());

  it('a public API answer, plain or compressed, varies on the cookie as well as the encoding', async () => {
    for (let i = 0; i < 12; i++) await createUser(app.db, { name: `סוכן ${'ו'.repeat(300)} ${i}` });
    const plain = await app.inject({ url: '/api/v1/users' });
    expect(plain.headers['cache-control']).toBe(SHARED_CACHE);
    expect(varies(plain)).toContain('cookie');
    const compressed = await app.inject({ url: '/api/v1/users', headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(varies(compressed)).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
  });

  it('the signed-in copy of the same answer is private and varies on the cookie too', async () => {
    const admin = await createUser(app.db, { role: 'admin' });
    const res = await app.inject({
      url: '/api/v1/users',
      headers: { cookie: await sessionCookieFor(app.db, admin.id) },
    });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(varies(res)).toContain('cookie');
  });

  it('a public page varies on the cookie; a hashed asset, the same for everyone, does not', async () => {
    const page = await app.inject({ url: '/Sale', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['cache-control']).toBe(SHARED_CACHE);
    expect(varies(page)).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
    const asset = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(varies(asset)).not.toContain('cookie');
  });
});
