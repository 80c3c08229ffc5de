import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

describe('GET /api/v1/users/session', () => {
  it('answers a visitor 200 with no user (no 401 in the console of every public page)', async () => {
    const res = await app.inject({ url: '/api/v1/users/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { user: null } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a signed-in user with the user, and a deactivated one with no user', async () => {
    const agent = await createUser(app.db, { name: 'סוכנת מחוברת' });
    const cookie = await sessionCookieFor(app.db, agent.id);
    const res = await app.inject({ url: '/api/v1/users/session', headers: { cookie } });
    expect(res.json().data.user).toMatchObject({ _id: agent.id, name: 'סוכנת מחוברת', role: 'agent' });

    const former = await createUser(app.db, { active: false });
    const formerCookie = await sessionCookieFor(app.db, former.id);
    const gone = await app.inject({ url: '/api/v1/users/session', headers: { cookie: formerCookie } });
    expect(gone.json().data.user).toBeNull();
  });
});
