import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories';
import { sessionCookieFor } from '../test/sessions';
import type { TestApp } from '../test/test-app';
import { createPagesApp, testWebRoot } from './test-pages';

let app: TestApp;
beforeAll(async () => {
  const webRoot = testWebRoot();
  mkdirSync(join(webRoot, 'icons'));
  const icon = sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } });
  writeFileSync(join(webRoot, 'icons', 'icon-192.png'), await icon.png().toBuffer());
  app = await createPagesApp({ webRoot });
});

describe('the agency logo in mail', () => {
  it('the icons may be loaded by other origins (mail clients); other files stay same-origin', async () => {
    const icon = await app.inject({ url: '/icons/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const page = await app.inject({ url: '/' });
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('the installable app', () => {
  it('serves a Hebrew, right-to-left manifest coloured by the agency settings', async () => {
    const res = await app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      lang: 'he',
      dir: 'rtl',
      display: 'standalone',
      start_url: '/MyDay',
      scope: '/',
      theme_color: '#1f3b57',
      short_name: 'LINK נדל"ן',
    });
    const sizes = manifest.icons.map(
      (icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`,
    );
    expect(sizes).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']);

    const admin = await createUser(app.db, { role: 'admin' });
    const cookie = await sessionCookieFor(app.db, admin.id);
    const settings = (await app.inject({ url: '/api/v1/settings', headers: { cookie } })).json().data;
    const saved = await app.inject({
      method: 'PATCH',
      url: '/api/v1/settings',
      headers: { cookie },
      payload: { ...settings, themeColor: '#7a1f3d' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await app.inject({ url: '/manifest.webmanifest' })).json().theme_color).toBe('#7a1f3d');
    const bad = await app.inject({
      method: 'PATCH',
      url: '/api/v1/settings',
      headers: { cookie },
      payload: { ...settings, themeColor: 'red' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.themeColor).toBe('יש לבחור צבע (בתבנית ‎#RRGGBB)');
  });

  it('links the manifest from the signed-in pages only, never from a public page', async () => {
    const signedIn = await app.inject({ url: '/DailyIndicator' });
    expect(signedIn.body).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(signedIn.body).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon-180.png" />');
    for (const url of ['/', '/Sale', '/AboutLink']) {
      const page = await app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('rel="manifest"');
    }
  });
});
