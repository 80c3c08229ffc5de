import { describe, expect, it } from 'vitest';
import { createPagesApp } from '../../pages/test-pages';

// Issue 41 item 8: the seller's shared report link has the same per-address limit whether it is opened as a
// page (/SellerReport/:token) or read through the API; past it, a Hebrew 429 page; other addresses go on.

const TOKEN = 'a'.repeat(43);
const LIMIT = { max: 3, windowMs: 60_000 };

describe('the shared seller report link is rate-limited per address', () => {
  it('answers the page 429 in Hebrew past the limit, for that address only, whatever X-Forwarded-For says', async () => {
    const app = await createPagesApp({
      env: { TRUST_PROXY: false },
      rateLimits: { sharedReportPerIp: LIMIT },
    });
    const open = (remoteAddress: string, forwardedFor?: string) =>
      app.inject({
        method: 'GET',
        url: `/SellerReport/${TOKEN}`,
        remoteAddress,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      });
    for (let i = 0; i < LIMIT.max; i++) {
      const res = await open('203.0.113.9', `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    const limited = await open('203.0.113.9', '198.51.100.77');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^text\/html/);
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.body).toContain('lang="he" dir="rtl"');
    expect(limited.body).toContain('יותר מדי בקשות');

    // The API read of the report counts against the same limit.
    const api = await app.inject({
      method: 'GET',
      url: `/api/v1/reportContact/shared/${TOKEN}`,
      remoteAddress: '203.0.113.9',
    });
    expect(api.statusCode).toBe(429);
    expect(api.json()).toMatchObject({ code: 'RATE_LIMITED' });

    const other = await open('203.0.113.10');
    expect(other.statusCode).toBe(200);
    // Other pages are not counted.
    const home = await app.inject({ method: 'GET', url: '/Sale', remoteAddress: '203.0.113.9' });
    expect(home.statusCode).toBe(200);
  });

  it('counts the API and the page together', async () => {
    const app = await createPagesApp({ rateLimits: { sharedReportPerIp: LIMIT } });
    for (let i = 0; i < LIMIT.max; i++) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/reportContact/shared/${TOKEN}`,
        remoteAddress: '203.0.113.20',
      });
      expect(res.statusCode).toBe(404);
    }
    const page = await app.inject({
      method: 'GET',
      url: `/SellerReport/${TOKEN}`,
      remoteAddress: '203.0.113.20',
    });
    expect(page.statusCode).toBe(429);
  });

  it('keys on the address the trusted proxy names (TRUST_PROXY=1)', async () => {
    const app = await createPagesApp({ env: { TRUST_PROXY: 1 }, rateLimits: { sharedReportPerIp: LIMIT } });
    const open = (client: string) =>
      app.inject({
        method: 'GET',
        url: `/SellerReport/${TOKEN}`,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
      });
    for (let i = 0; i < LIMIT.max; i++) expect((await open('198.51.100.40')).statusCode).toBe(200);
    expect((await open('198.51.100.40')).statusCode).toBe(429);
    expect((await open('198.51.100.41')).statusCode).toBe(200);
  });
});
