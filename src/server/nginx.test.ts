import { createServer as createHttpServer } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesApp } from './pages/test-pages';
import { SHARED_CACHE } from './plugins/etag';
import { createProperty, createUser, TEST_PASSWORD } from './test/factories';
import { ensureNginx, type RunningNginx, startNginx } from './test/nginx';
import { signIn, type TestApp } from './test/test-app';

// The site behind the shipped deploy/nginx.conf (Debian's nginx, installed here when it can be): public pages
// are served from nginx's cache, and a signed-in user's answer is never stored nor handed to anyone else.
const nginx = ensureNginx();
if (!nginx.ok) console.warn(`nginx tests skipped: ${nginx.reason}`);

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };
/** A request through nginx's TLS (its certificate is self-signed for the test). */
const get = (url: string, headers: Record<string, string> = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const req = httpsRequest(url, { headers, rejectUnauthorized: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });

describe.skipIf(!nginx.ok)('behind the shipped nginx configuration', () => {
  let app: TestApp;
  let proxy: RunningNginx;
  let admin: string;
  let adminEmail: string;
  let propertyId: string;

  beforeAll(async () => {
    app = await createPagesApp({ env: { TRUST_PROXY: 1 } });
    const a = await createUser(app.db, { role: 'admin' });
    adminEmail = a.email;
    admin = await signIn(app, a.email, TEST_PASSWORD);
    propertyId = (await createProperty(app.db, { address: 'הנביאים 12', price: 1_750_000 })).id;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const upstream = (app.server.address() as { port: number }).port;
    proxy = await startNginx(upstream, { http: await freePort(), https: await freePort() });
  });
  afterAll(async () => {
    await proxy?.stop();
  });

  it('serves a public page from its cache the second time, with the server’s headers', async () => {
    const url = `${proxy.httpsUrl}/PropertyView/${propertyId}`;
    const first = await get(url);
    expect(first.status).toBe(200);
    expect(first.headers['x-cache-status']).toBe('MISS');
    expect(first.headers['cache-control']).toBe(SHARED_CACHE);
    expect(first.body).toContain('הנביאים 12');
    const second = await get(url);
    expect(second.headers['x-cache-status']).toBe('HIT');
    expect(second.body).toBe(first.body);
    const api = `${proxy.httpsUrl}/api/v1/property/${propertyId}`;
    expect((await get(api)).headers['x-cache-status']).toBe('MISS');
    expect((await get(api)).headers['x-cache-status']).toBe('HIT');
  });

  it('never stores a signed-in user’s answer, nor hands it to another visitor', async () => {
    // The user asks first: nothing is stored, so the visitor after gets the server's own answer.
    const page = `${proxy.httpsUrl}/AboutLink`;
    const signedIn = await get(page, { cookie: admin });
    expect(signedIn.headers['x-cache-status']).toBe('BYPASS');
    expect(signedIn.headers['cache-control']).toMatch(/^private/);
    expect((await get(page)).headers['x-cache-status']).toBe('MISS');

    const team = `${proxy.httpsUrl}/api/v1/users`;
    const adminView = await get(team, { cookie: admin });
    expect(adminView.status).toBe(200);
    expect(adminView.body).toContain(adminEmail); // an admin sees e-mail addresses
    expect(adminView.headers['cache-control']).toBe('private, no-cache');
    for (let i = 0; i < 2; i++) {
      const visitor = await get(team);
      expect(visitor.status).toBe(200);
      expect(visitor.body).not.toContain(adminEmail);
      expect(visitor.headers['x-cache-status']).toBe(i === 0 ? 'MISS' : 'HIT');
    }
    // A signed-in user is never answered from what visitors left in the cache either.
    const again = await get(team, { cookie: admin });
    expect(again.headers['x-cache-status']).toBe('BYPASS');
    expect(again.body).toContain(adminEmail);

    const me = await get(`${proxy.httpsUrl}/api/v1/users/me`, { cookie: admin });
    expect(me.status).toBe(200);
    const stranger = await get(`${proxy.httpsUrl}/api/v1/users/me`);
    expect(stranger.status).toBe(401);
  });

  it('sends plain HTTP to HTTPS', async () => {
    const redirect = await new Promise<{ status?: number; location?: string }>((resolve, reject) => {
      import('node:http').then(({ request }) =>
        request(`${proxy.httpUrl}/Sale`, (res) => {
          res.resume();
          resolve({ status: res.statusCode, location: res.headers.location });
        })
          .on('error', reject)
          .end(),
      );
    });
    expect(redirect.status).toBe(301);
    expect(redirect.location).toMatch(/^https:\/\/localhost(:\d+)?\/Sale$/);
  });
});

describe.skipIf(!nginx.ok)('several app servers behind the shipped nginx configuration', () => {
  let app: TestApp;
  let appPort: number;
  const proxies: RunningNginx[] = [];
  /** A server that answers everything 503 (overloaded, its database unreachable), counting what it got. */
  const seenByUnavailable: string[] = [];
  const unavailable = createHttpServer((req, res) => {
    seenByUnavailable.push(req.method ?? '');
    req.resume();
    res.writeHead(503, { 'retry-after': '5', 'content-type': 'text/plain' }).end('unavailable server');
  });

  beforeAll(async () => {
    app = await createPagesApp({ env: { TRUST_PROXY: 1 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    appPort = (app.server.address() as { port: number }).port;
    await new Promise<void>((resolve) => unavailable.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const proxy of proxies) await proxy.stop();
    await new Promise((resolve) => unavailable.close(resolve));
  });

  const post = (url: string) =>
    new Promise<Answer>((resolve, reject) => {
      const req = httpsRequest(
        url,
        { method: 'POST', headers: { 'content-type': 'application/json' }, rejectUnauthorized: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString(),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }));
    });

  it('passes a read on to the next server after a 503, and never sends a POST twice', async () => {
    const unavailablePort = (unavailable.address() as { port: number }).port;
    // The unavailable server first: each nginx worker's first request goes to it.
    const proxy = await startNginx([unavailablePort, appPort], {
      http: await freePort(),
      https: await freePort(),
    });
    proxies.push(proxy);

    const login = await post(`${proxy.httpsUrl}/api/v1/users/login`);
    // The POST reached the unavailable server and was answered by it, not sent on to the app.
    expect(seenByUnavailable).toEqual(['POST']);
    expect(login.status).toBe(503);
    expect(login.body).toBe('unavailable server');

    for (let i = 0; i < 6; i++) {
      const live = await get(`${proxy.httpsUrl}/api/health/live`);
      expect(live.status).toBe(200);
      expect(JSON.parse(live.body)).toEqual({ status: 'ok' });
    }
  });

  it('passes a read on to the next server when one is stopped', async () => {
    const stopped = await freePort();
    const proxy = await startNginx([stopped, appPort], { http: await freePort(), https: await freePort() });
    proxies.push(proxy);
    for (let i = 0; i < 6; i++) expect((await get(`${proxy.httpsUrl}/api/health/live`)).status).toBe(200);
  });
});
