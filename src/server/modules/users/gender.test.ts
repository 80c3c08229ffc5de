import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

/** Each user's grammatical gender: set by the admin, read by the session and by every user answer. */
let app: TestApp;
let adminCookie: string;

beforeAll(async () => {
  app = await createTestApp();
  const admin = await createUser(app.db, { role: 'admin', name: 'מנהלת', gender: 'female' });
  adminCookie = await signIn(app, admin.email, TEST_PASSWORD);
});

const req = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, payload, headers: cookie ? { cookie } : {} });

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'משתמש חדש',
  email: `g-${Math.random().toString(36).slice(2, 8)}@example.com`,
  phone_number: '052-765-4321',
  role: 'agent',
  password: 'lantern-orbit-velvet-42',
  ...overrides,
});

describe('gender of a user', () => {
  it('is stored as the admin sets it and read back by the session, the admin and the public', async () => {
    const body = newUser({ gender: 'female' });
    const created = await req('POST', '/users', adminCookie, body);
    expect(created.statusCode).toBe(201);
    const { user } = created.json().data;
    expect(user.gender).toBe('female');
    const cookie = await signIn(app, body.email, body.password);
    expect((await req('GET', '/users/me', cookie)).json().data.user.gender).toBe('female');
    expect((await req('GET', `/users/${user._id}`)).json().data.data.gender).toBe('female');
    const listed = (await req('GET', '/users'))
      .json()
      .data.data.find((u: { _id: string }) => u._id === user._id);
    expect(listed.gender).toBe('female');
  });

  it('follows a title written in the feminine when the admin names none, and is masculine otherwise', async () => {
    const titled = await req('POST', '/users', adminCookie, newUser({ companyRole: 'יועצת נדל"ן מובילה' }));
    expect(titled.json().data.user.gender).toBe('female');
    const plain = await req('POST', '/users', adminCookie, newUser({ companyRole: 'יועץ נדל"ן מוביל' }));
    expect(plain.json().data.user.gender).toBe('male');
  });

  it('is changed by the admin, and a value outside the two is refused with a Hebrew message', async () => {
    const target = await createUser(app.db);
    const changed = await req('PATCH', `/users/${target.id}`, adminCookie, { gender: 'female' });
    expect(changed.json().data.user.gender).toBe('female');
    const bad = await req('PATCH', `/users/${target.id}`, adminCookie, { gender: 'other' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.gender).toBe('יש לבחור לשון פנייה');
  });
});
