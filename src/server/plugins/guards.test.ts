import { COMPANY_ROLES } from '@shared/domain/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../test/factories';
import { createTestApp, signIn, type TestApp } from '../test/test-app';
import { requireAdmin, requireSelfOrAdmin, requireUser } from './session';

let app: TestApp;
const cookies: Record<string, string> = {};
let agentId = '';

beforeAll(async () => {
  app = await createTestApp();
  app.get('/api/v1/test/user', { preHandler: requireUser }, async () => ({ ok: true }));
  app.get('/api/v1/test/admin', { preHandler: requireAdmin }, async () => ({ ok: true }));
  app.get<{ Params: { id: string } }>(
    '/api/v1/test/agent/:id',
    { preHandler: requireSelfOrAdmin((r) => (r.params as { id: string }).id) },
    async () => ({ ok: true }),
  );
  app.post('/api/v1/test/mutate', async () => ({ ok: true }));
  const admin = await createUser(app.db, { role: 'admin' });
  const agent = await createUser(app.db);
  const consultant = await createUser(app.db, {
    role: 'admin',
    companyRole: COMPANY_ROLES.leadingConsultant,
  });
  agentId = agent.id;
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
  it('agent-or-self: an agent on itself 200, on another 403, admin 200', async () => {
    expect(await get(`/api/v1/test/agent/${agentId}`)).toBe(401);
    expect(await get(`/api/v1/test/agent/${agentId}`, 'agent')).toBe(200);
    expect(await get('/api/v1/test/agent/someone-else', 'agent')).toBe(403);
    expect(await get('/api/v1/test/agent/someone-else', 'admin')).toBe(200);
  });
  it('refuses any mutation from a foreign origin or a cross-site fetch', async () => {
    const post = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/v1/test/mutate', headers }).then((r) => r.statusCode);
    expect(await post({ origin: 'https://evil.example' })).toBe(403);
    expect(await post({ 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await post({})).toBe(200);
    expect(await post({ 'sec-fetch-site': 'same-origin' })).toBe(200);
  });
});
