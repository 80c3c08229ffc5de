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

  it('names each operation’s group, access, error answers and the Idempotency-Key header', async () => {
    const app = await createTestApp();
    const doc = (await app.inject({ url: '/api/docs/openapi.json' })).json();
    const op = (path: string, method: string) => doc.paths[path][method];
    for (const [path, ops] of Object.entries(
      doc.paths as Record<string, Record<string, { tags?: string[] }>>,
    )) {
      if (!path.startsWith('/api/')) continue;
      for (const [method, operation] of Object.entries(ops))
        expect(operation.tags?.length, `${method} ${path}`).toBe(1);
    }
    expect(op('/api/v1/pipeline/leads/{id}/activities', 'post').tags).toEqual(['pipeline']);

    const login = op('/api/v1/users/login', 'post');
    expect(login.security).toEqual([]);
    expect(login.description).toContain('Access: anyone');
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '429', '503']));
    expect(login.responses).not.toHaveProperty('401');

    const users = op('/api/v1/pipeline/settings', 'get');
    expect(app.accessTable).toContainEqual({
      method: 'GET',
      url: '/api/v1/pipeline/settings',
      access: 'admin',
    });
    expect(users.security).toEqual([{ session: [] }]);
    expect(users.description).toContain(
      "Access: admins only (inside their branch scope: another branch's rows answer 404).",
    );
    expect(Object.keys(users.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '503']));
    const refused = users.responses['403'].content['application/json'].schema;
    expect(refused.properties).toHaveProperty('fieldErrors');
    expect(Object.keys(op('/api/v1/property/{id}', 'get').responses)).toContain('404');

    const activity = op('/api/v1/pipeline/leads/{id}/activities', 'post');
    const header = activity.parameters.find((p: { in: string; name: string }) => p.in === 'header');
    expect(header).toMatchObject({ name: 'idempotency-key', required: false });
    expect(Object.keys(activity.responses)).toEqual(expect.arrayContaining(['201', '409']));
    expect(op('/api/v1/indicators', 'post').parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key' }),
    );
    const noKey = op('/api/v1/pipeline/leads', 'post').parameters ?? [];
    expect(noKey.filter((p: { in: string }) => p.in === 'header')).toEqual([]);
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
