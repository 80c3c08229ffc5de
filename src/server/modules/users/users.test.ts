import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let app: TestApp;
let adminCookie: string;
let agentCookie: string;
let agentId: string;
let inactiveId: string;

beforeAll(async () => {
  app = await createTestApp();
  const admin = await createUser(app.db, { role: 'admin', name: 'מנהלת' });
  const agent = await createUser(app.db, { name: 'סוכן', aboutMe: 'על עצמי' });
  const inactive = await createUser(app.db, { name: 'לא פעיל', active: false });
  agentId = agent.id;
  inactiveId = inactive.id;
  adminCookie = await signIn(app, admin.email, TEST_PASSWORD);
  agentCookie = await signIn(app, agent.email, TEST_PASSWORD);
});

describe('GET /api/v1/users', () => {
  it('gives visitors only public fields of active users', async () => {
    const res = await app.inject({ url: '/api/v1/users' });
    expect(res.statusCode).toBe(200);
    const list = res.json().data.data as Record<string, unknown>[];
    expect(list.map((u) => u.name).sort()).toEqual(['מנהלת', 'סוכן'].sort());
    for (const user of list) {
      expect(Object.keys(user).sort()).toEqual([
        '_id',
        'aboutMe',
        'companyRole',
        'gender',
        'image',
        'name',
        'phone_number',
        'role',
      ]);
    }
  });

  it('gives agents the public fields too', async () => {
    const res = await app.inject({ url: '/api/v1/users', headers: { cookie: agentCookie } });
    expect(res.json().data.data[0]).not.toHaveProperty('email');
  });

  it('gives an admin the e-mail as well, never a hash', async () => {
    const res = await app.inject({ url: '/api/v1/users', headers: { cookie: adminCookie } });
    const list = res.json().data.data;
    expect(list[0]).toHaveProperty('email');
    expect(res.body).not.toContain('argon2');
  });
});

describe('GET /api/v1/users/:id', () => {
  it('returns the public profile', async () => {
    const res = await app.inject({ url: `/api/v1/users/${agentId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data).toMatchObject({ _id: agentId, name: 'סוכן', aboutMe: 'על עצמי' });
    expect(res.json().data.data).not.toHaveProperty('email');
  });
  it('answers 404 for an unknown or inactive user and 400 for a malformed id', async () => {
    expect((await app.inject({ url: `/api/v1/users/${randomUUID()}` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/v1/users/${inactiveId}` })).statusCode).toBe(404);
    const bad = await app.inject({ url: '/api/v1/users/not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[א-ת]/);
  });
});
