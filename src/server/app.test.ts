import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHARED_CACHE } from './plugins/etag';
import { createTestApp, type TestApp } from './test/test-app';

let app: TestApp;

beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><html lang="he" dir="rtl"><head><title>app</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
  app = await createTestApp({ webRoot });
});

describe('app shell', () => {
  it('GET /api/health answers 200 when the database answers', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it.each(['/', '/Sale', '/DailyIndicator', '/DailyIndicator/abc', '/AgentProfile'])(
    'serves index.html for the client route %s',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('dir="rtl"');
      // The server-rendered public pages may be kept by a shared cache; the signed-in area's shell is not.
      const shared = url === '/' || url === '/Sale';
      expect(res.headers['cache-control']).toBe(shared ? SHARED_CACHE : 'no-cache');
    },
  );

  it('sends a route spelled in other cases to its own spelling, for good (301)', async () => {
    const res = await app.inject({ url: '/agentprofile' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/AgentProfile');
  });

  it('never serves index.html under /api', async () => {
    const res = await app.inject({ url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'fail', code: 'NOT_FOUND' });
  });

  it('serves hashed assets with a year of immutable caching', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers 404 (with the app, which shows its not-found page) for unknown pages', async () => {
    const res = await app.inject({ url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(csp).toContain("img-src 'self' data: blob: https://tiles.openfreemap.org;");
    // The map's default style (OpenFreeMap) is the only outside origin the pages may fetch from.
    expect(csp).toContain("connect-src 'self' https://tiles.openfreemap.org;");
    expect(csp).toMatch(/worker-src 'self'(;|$)/);
  });

  it("lets the pages reach the configured map style's origin and MAP_ORIGINS, and tells the browser the style", async () => {
    const withMap = await createTestApp({
      env: {
        MAP_STYLE_URL: 'https://maps.example.co.il/styles/he.json',
        MAP_ORIGINS: ['https://tiles.example.net'],
      },
    });
    const res = await withMap.inject({ url: '/api/v1/map' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ styleUrl: 'https://maps.example.co.il/styles/he.json', maxZoom: 15 });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https://maps.example.co.il https://tiles.example.net;");
    expect(csp).not.toContain('openfreemap');
  });

  it('shows images from the outside origins of IMAGE_ORIGINS only', async () => {
    const withHosts = await createTestApp({ env: { IMAGE_ORIGINS: ['https://res.cloudinary.com'] } });
    const csp = String(
      (await withHosts.inject({ url: '/api/v1/settings' })).headers['content-security-policy'],
    );
    expect(csp).toContain(
      "img-src 'self' data: blob: https://res.cloudinary.com https://tiles.openfreemap.org;",
    );
    expect(csp).toContain("script-src 'self';");
  });

  it('GET /api/v1/settings gives the agency details', async () => {
    const res = await app.inject({ url: '/api/v1/settings' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data.settings)).toEqual(
      expect.arrayContaining([
        'agencyName',
        'phone',
        'email',
        'address',
        'city',
        'officeHours',
        'whatsappPhone',
      ]),
    );
  });
});

describe('a built index.html the pages cannot go into', () => {
  it('stops the server at start, naming what is missing', async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><html><body>app</body></html>');
    await expect(createTestApp({ webRoot })).rejects.toThrow(
      'index.html has no </head> or no <div id="root"></div>',
    );
  });
});
