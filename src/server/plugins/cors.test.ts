import { beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { createUser, TEST_PASSWORD } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

const LISTED = 'https://old-client.example';
const OTHER = 'https://evil.example';
let app: TestApp;
let email = '';

beforeAll(async () => {
  app = await createTestApp({ env: { CORS_ORIGINS: [LISTED, 'http://localhost:5174'] } });
  email = (await createUser(app.db)).email;
});

const preflight = (origin: string) =>
  app.inject({
    method: 'OPTIONS',
    url: '/api/v1/users/login',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });

describe('CORS_ORIGINS', () => {
  it('answers a listed origin with that origin and credentials, never *', async () => {
    const res = await preflight(LISTED);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(LISTED);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    const read = await app.inject({ url: '/api/v1/property', headers: { origin: LISTED } });
    expect(read.headers['access-control-allow-origin']).toBe(LISTED);
    expect(read.headers.vary).toContain('Origin');
  });

  it('lets a listed origin sign in and mutate with the cookie, even as a cross-site fetch', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { origin: LISTED, 'sec-fetch-site': 'cross-site' },
      payload: { email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(LISTED);
  });

  it('gives any other origin no CORS header and still refuses its mutations with 403', async () => {
    const res = await preflight(OTHER);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const read = await app.inject({ url: '/api/v1/property', headers: { origin: OTHER } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const post = await app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { origin: OTHER },
      payload: { email, password: TEST_PASSWORD },
    });
    expect(post.statusCode).toBe(403);
    // A listed origin's neighbour (other port or scheme) is another origin.
    for (const near of [
      'http://old-client.example',
      'https://old-client.example:8443',
      'http://localhost:5175',
    ]) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/v1/users/logout',
        headers: { origin: near },
      });
      expect(refused.statusCode).toBe(403);
    }
  });
});

describe('the CORS_ORIGINS variable', () => {
  it('takes exact origins and refuses *, paths and junk', () => {
    expect(loadEnv({ CORS_ORIGINS: 'https://a.example, http://localhost:5173/' }).CORS_ORIGINS).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
    expect(loadEnv({}).CORS_ORIGINS).toEqual([]);
    for (const bad of ['*', 'https://a.example/app', 'a.example', 'ftp://a.example'])
      expect(() => loadEnv({ CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS/);
  });
  it('refuses SameSite=None without a Secure cookie', () => {
    expect(() => loadEnv({ COOKIE_SAME_SITE: 'none', COOKIE_SECURE: 'false' })).toThrow(/COOKIE_SAME_SITE/);
    expect(loadEnv({ COOKIE_SAME_SITE: 'none' }).COOKIE_SAME_SITE).toBe('none');
  });
});

describe('the session cookie with COOKIE_SAME_SITE=none', () => {
  let crossSite: TestApp;
  beforeAll(async () => {
    crossSite = await createTestApp({ env: { COOKIE_SAME_SITE: 'none' } });
  });
  it('is SameSite=None and Secure', async () => {
    const user = await createUser(crossSite.db);
    const res = await crossSite.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/SameSite=None/);
    expect(cookie).toMatch(/Secure/);
  });
});
