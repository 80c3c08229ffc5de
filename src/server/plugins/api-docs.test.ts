import { describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../test/factories';
import { createTestApp, signIn } from '../test/test-app';

describe('API description', () => {
  it('describes every API route from its schemas', async () => {
    const app = await createTestApp();
    const res = await app.inject({ url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const described = new Set(
      Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    // Every API route the server has (the access table lists each, HEAD aside), and nothing else.
    const routes = app.accessTable
      .filter((route) => !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(routes.length).toBeGreaterThan(50);
    const describedApi = [...described].filter((operation) => operation.split(' ')[1]!.startsWith('/api/'));
    expect(describedApi.sort()).toEqual([...new Set(routes)].sort());
    expect(described).toContain('GET /sitemap.xml');
    // A few routes of the contract, with their generated schemas.
    expect(described).toContain('POST /api/v1/users/login');
    expect(described).toContain('GET /api/v1/property/{id}');
    expect(described).toContain('POST /api/v1/indicators');
    const login = doc.paths['/api/v1/users/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('password');
    const page = await app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/api/v1/users/login');
  });

  it('is for admins only in production', async () => {
    const app = await createTestApp({
      env: { NODE_ENV: 'production', APP_ORIGIN: 'https://agency.example' },
    });
    expect((await app.inject({ url: '/api/docs/openapi.json' })).statusCode).toBe(401);
    const agent = await createUser(app.db);
    const admin = await createUser(app.db, { role: 'admin' });
    const asAgent = await signIn(app, agent.email, TEST_PASSWORD);
    const asAdmin = await signIn(app, admin.email, TEST_PASSWORD);
    expect((await app.inject({ url: '/api/docs', headers: { cookie: asAgent } })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/docs', headers: { cookie: asAdmin } })).statusCode).toBe(200);
  }, 120_000);
});
