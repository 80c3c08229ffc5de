import { COMPANY_ROLES } from '@shared/domain/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../test/factories';
import { createTestApp, signIn, type TestApp } from '../test/test-app';

let app: TestApp;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  app = await createTestApp();
  app.get('/api/v1/test/user', { config: { access: 'signedIn' } }, async () => ({ ok: true }));
  app.get('/api/v1/test/admin', { config: { access: 'admin' } }, async () => ({ ok: true }));
  app.get('/api/v1/test/undeclared', async () => ({ ok: true }));
  app.post('/api/v1/test/mutate', { config: { access: 'public' } }, async () => ({ ok: true }));
  const admin = await createUser(app.db, { role: 'admin' });
  const agent = await createUser(app.db);
  const consultant = await createUser(app.db, {
    role: 'admin',
    companyRole: COMPANY_ROLES.leadingConsultant,
  });
  cookies.admin = await signIn(app, admin.email, TEST_PASSWORD);
  cookies.agent = await signIn(app, agent.email, TEST_PASSWORD);
  cookies.consultant = await signIn(app, consultant.email, TEST_PASSWORD);
});

const get = (url: string, who?: string) =>
  app.inject({ url, headers: who ? { cookie: cookies[who]! } : {} }).then((r) => r.statusCode);

describe('guards', () => {
  it('signed in: 401 for visitors, 200 for anyone signed in', async () => {
    expect(await get('/api/v1/test/user')).toBe(401);
    expect(await get('/api/v1/test/user', 'agent')).toBe(200);
  });
  it('admin: 401 visitor, 403 agent, 200 admin (whatever the companyRole)', async () => {
    expect(await get('/api/v1/test/admin')).toBe(401);
    expect(await get('/api/v1/test/admin', 'agent')).toBe(403);
    expect(await get('/api/v1/test/admin', 'admin')).toBe(200);
    expect(await get('/api/v1/test/admin', 'consultant')).toBe(200);
  });
  it('a route that declares no access rule is for admins only', async () => {
    expect(await get('/api/v1/test/undeclared')).toBe(401);
    expect(await get('/api/v1/test/undeclared', 'agent')).toBe(403);
    expect(await get('/api/v1/test/undeclared', 'admin')).toBe(200);
  });
  it('an unknown API path is 404 for everyone, not 401', async () => {
    expect(await get('/api/v1/no-such-thing')).toBe(404);
  });
  it('refuses any mutation from a foreign origin or a cross-site fetch', async () => {
    const post = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/v1/test/mutate', headers }).then((r) => r.statusCode);
    expect(await post({ origin: 'https://evil.example' })).toBe(403);
    // The app's own origin (APP_ORIGIN, this machine in tests) as a prefix of another host is still foreign.
    const own = app.env.APP_ORIGIN;
    expect(await post({ origin: own })).toBe(200);
    for (const lookalike of [`${own}.evil.test`, `${own}evil.test`, `${own}:1`, `${own}/`])
      expect(await post({ origin: lookalike }), lookalike).toBe(403);
    expect(await post({ 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await post({})).toBe(200);
    expect(await post({ 'sec-fetch-site': 'same-origin' })).toBe(200);
  });
});
