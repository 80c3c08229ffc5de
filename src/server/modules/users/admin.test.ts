import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { isLastAdminViolation } from '../../lib/errors';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let app: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminCookie: string;
let agentCookie: string;

beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app.db, { role: 'admin', name: 'מנהלת ראשית' });
  const agent = await createUser(app.db, { name: 'סוכן קיים' });
  adminCookie = await signIn(app, admin.email, TEST_PASSWORD);
  agentCookie = await signIn(app, agent.email, TEST_PASSWORD);
});

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, payload, headers: cookie ? { cookie } : {} });

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'דנה חדשה',
  email: `new-${Math.random().toString(36).slice(2, 8)}@example.com`,
  phone_number: '052-765-4321',
  role: 'agent',
  companyRole: 'יועץ נדל"ן מוביל',
  aboutMe: 'סוכנת חדשה',
  ...overrides,
});

describe('role matrix of the admin user endpoints', () => {
  it('answers 401 without a session and 403 for an agent on every admin endpoint', async () => {
    const target = await createUser(app.db);
    const calls: [Parameters<typeof req>[0], string, object?][] = [
      ['POST', '/users', newUser()],
      ['PATCH', `/users/${target.id}`, { name: 'x y' }],
      ['DELETE', `/users/${target.id}`],
      ['POST', `/users/${target.id}/activate`],
      ['GET', '/users?includeInactive=true'],
    ];
    for (const [method, url, body] of calls) {
      expect((await req(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      const asAgent = await req(method, url, agentCookie, body);
      expect(asAgent.statusCode, `${method} ${url}`).toBe(403);
      expect(asAgent.json().message).toMatch(/[א-ת]/);
    }
    const [row] = await app.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.active).toBe(true);
  });
});

describe('POST /api/v1/users', () => {
  it('creates a user with the given password, who can then sign in', async () => {
    const body = newUser({ password: 'a-long-password-1' });
    const res = await req('POST', '/users', adminCookie, body);
    expect(res.statusCode).toBe(201);
    const { user, generatedPassword } = res.json().data;
    expect(generatedPassword).toBeUndefined();
    expect(user).toMatchObject({ name: body.name, email: body.email, role: 'agent', active: true });
    expect(res.body).not.toContain('argon2');
    await expect(signIn(app, body.email, 'a-long-password-1')).resolves.toMatch(/^sid=/);
  });

  it('generates a password when none is given and returns it once', async () => {
    const body = newUser();
    const res = await req('POST', '/users', adminCookie, body);
    expect(res.statusCode).toBe(201);
    const { generatedPassword, user } = res.json().data;
    expect(generatedPassword).toMatch(/^.{10,}$/);
    await expect(signIn(app, body.email, generatedPassword)).resolves.toMatch(/^sid=/);
    const again = await req('GET', `/users/${user._id}`, adminCookie);
    expect(again.body).not.toContain(generatedPassword);
  });

  it('refuses an e-mail already taken in any letter case with 409', async () => {
    const existing = await createUser(app.db, { email: 'Taken.Name@Example.com' });
    for (const email of ['taken.name@example.com', 'TAKEN.NAME@EXAMPLE.COM', existing.email]) {
      const res = await req('POST', '/users', adminCookie, newUser({ email }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT' });
      expect(res.json().fieldErrors.email).toMatch(/[א-ת]/);
    }
  });

  it.each([
    [{ phone_number: '03-5551234' }, 'phone_number'],
    [{ phone_number: '' }, 'phone_number'],
    [{ email: 'not-mail' }, 'email'],
    [{ role: 'owner' }, 'role'],
    [{ name: '' }, 'name'],
    [{ password: 'short' }, 'password'],
    [{ image: 'javascript:alert(1)' }, 'image'],
    [{ image: 'https://evil.example/x.png' }, 'image'],
  ])('refuses %j with 400 on the field', async (overrides, field) => {
    const res = await req('POST', '/users', adminCookie, newUser(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toMatch(/[א-ת]/);
  });

  it('refuses an easily guessed password on create and on edit', async () => {
    const created = await req('POST', '/users', adminCookie, newUser({ password: 'password12345' }));
    expect(created.statusCode).toBe(400);
    expect(created.json().fieldErrors.password).toMatch(/קלה מדי לניחוש/);
    const target = await createUser(app.db);
    const edited = await req('PATCH', `/users/${target.id}`, adminCookie, { password: 'qwerty123456' });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().fieldErrors.password).toMatch(/קלה מדי לניחוש/);
  });

  it('refuses a password holding the user’s name or e-mail, also when only the password is sent', async () => {
    const created = await req(
      'POST',
      '/users',
      adminCookie,
      newUser({ email: 'orly.ben@example.com', password: 'OrlyBen2024!' }),
    );
    expect(created.statusCode).toBe(400);
    expect(created.json().fieldErrors.password).toMatch(/קלה מדי לניחוש/);
    const target = await createUser(app.db, { email: 'gilad.sharon@example.com', name: 'גלעד שרון' });
    for (const password of ['gilad.sharon.1987', 'Sharon-2025-x', 'גלעד-2024-ביתי']) {
      const edited = await req('PATCH', `/users/${target.id}`, adminCookie, { password });
      expect(edited.statusCode, password).toBe(400);
      expect(edited.json().fieldErrors.password).toMatch(/קלה מדי לניחוש/);
    }
  });

  it('refuses a password equal to the e-mail', async () => {
    const res = await req(
      'POST',
      '/users',
      adminCookie,
      newUser({ email: 'same@example.com', password: 'SAME@example.com' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.password).toMatch(/[א-ת]/);
  });
});

describe('PATCH /api/v1/users/:id', () => {
  it('edits every field and a new password ends the user’s sessions', async () => {
    const target = await createUser(app.db);
    const cookie = await signIn(app, target.email, TEST_PASSWORD);
    await app.storage.put('users/a-640.webp', Buffer.from('webp'), 'image/webp');
    const res = await req('PATCH', `/users/${target.id}`, adminCookie, {
      name: 'שם חדש',
      email: `renamed-${target.id.slice(0, 6)}@example.com`,
      phone_number: '0541112222',
      role: 'admin',
      companyRole: '',
      aboutMe: 'טקסט חדש',
      image: '/uploads/users/a-640.webp',
      password: 'brand-new-password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      name: 'שם חדש',
      phone_number: '0541112222',
      role: 'admin',
      companyRole: null,
      aboutMe: 'טקסט חדש',
      image: '/uploads/users/a-640.webp',
    });
    expect((await req('GET', '/users/me', cookie)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown user and 409 for a taken e-mail', async () => {
    const other = await createUser(app.db, { email: 'Owner@Example.com' });
    const target = await createUser(app.db);
    expect(
      (await req('PATCH', '/users/00000000-0000-4000-8000-000000000000', adminCookie, { name: 'אבג' }))
        .statusCode,
    ).toBe(404);
    const res = await req('PATCH', `/users/${target.id}`, adminCookie, { email: 'owner@example.COM' });
    expect(res.statusCode).toBe(409);
    // Its own e-mail in another case is not a conflict.
    const own = await req('PATCH', `/users/${other.id}`, adminCookie, { email: 'owner@example.com' });
    expect(own.statusCode).toBe(200);
  });
});

describe('deactivate and activate', () => {
  it('deactivation stops an open session on its next request and hides the user from public lists', async () => {
    const target = await createUser(app.db, { name: 'יוצא לחופשה' });
    const cookie = await signIn(app, target.email, TEST_PASSWORD);
    expect((await req('GET', '/users/me', cookie)).statusCode).toBe(200);
    const res = await req('DELETE', `/users/${target.id}`, adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.active).toBe(false);
    expect((await req('GET', '/users/me', cookie)).statusCode).toBe(401);
    expect((await req('PATCH', '/users/me', cookie, { aboutMe: 'x' })).statusCode).toBe(401);
    const publicList = (await req('GET', '/users')).json().data.data as { _id: string }[];
    expect(publicList.some((u) => u._id === target.id)).toBe(false);
    const adminList = (await req('GET', '/users', adminCookie)).json().data.data as { _id: string }[];
    expect(adminList.some((u) => u._id === target.id)).toBe(false);
    const all = (await req('GET', '/users?includeInactive=true', adminCookie)).json().data.data as {
      _id: string;
      active: boolean;
    }[];
    expect(all.find((u) => u._id === target.id)?.active).toBe(false);
    // The row (and so its history) stays.
    expect(await app.db.select().from(users).where(eq(users.id, target.id))).toHaveLength(1);

    const back = await req('POST', `/users/${target.id}/activate`, adminCookie);
    expect(back.statusCode).toBe(200);
    expect(back.json().data.user.active).toBe(true);
    await expect(signIn(app, target.email, TEST_PASSWORD)).resolves.toMatch(/^sid=/);
  });

  it('an admin cannot deactivate itself', async () => {
    const res = await req('DELETE', `/users/${admin.id}`, adminCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/[א-ת]/);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await req('DELETE', '/users/00000000-0000-4000-8000-000000000000', adminCookie)).statusCode).toBe(
      404,
    );
    expect((await req('POST', '/users/nope/activate', adminCookie)).statusCode).toBe(400);
  });
});

describe('the last active admin', () => {
  it('cannot be demoted or deactivated; with a second admin it can', async () => {
    const solo = await createTestApp();
    const only = await createUser(solo.db, { role: 'admin' });
    const cookie = await signIn(solo, only.email, TEST_PASSWORD);
    const call = (method: 'PATCH' | 'DELETE', id: string, payload?: object, c = cookie) =>
      solo.inject({ method, url: `/api/v1/users/${id}`, payload, headers: { cookie: c } });

    const demote = await call('PATCH', only.id, { role: 'agent' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toMatch(/[א-ת]/);

    const second = await createUser(solo.db, { role: 'admin' });
    const secondCookie = await signIn(solo, second.email, TEST_PASSWORD);
    // Second admin demotes the first: allowed (two active admins).
    expect((await call('PATCH', only.id, { role: 'agent' }, secondCookie)).statusCode).toBe(200);
    // Now `second` is the last admin: cannot be demoted or deactivated by anyone.
    const promote = await call('PATCH', only.id, { role: 'admin' }, secondCookie);
    expect(promote.statusCode).toBe(200);
    const firstCookie = await signIn(solo, only.email, TEST_PASSWORD);
    expect((await call('DELETE', second.id, undefined, firstCookie)).statusCode).toBe(200);
    expect((await call('PATCH', only.id, { role: 'agent' }, firstCookie)).statusCode).toBe(409);
    const inactiveAdmin = await createUser(solo.db, { role: 'admin', active: false });
    // An inactive admin does not count as a remaining admin.
    expect((await call('PATCH', only.id, { role: 'agent' }, firstCookie)).statusCode).toBe(409);
    expect(inactiveAdmin.active).toBe(false);
  });
});

describe('an admin and its own account', () => {
  it('cannot demote itself, even with another active admin; another admin can', async () => {
    const solo = await createTestApp();
    const self = await createUser(solo.db, { role: 'admin' });
    const other = await createUser(solo.db, { role: 'admin' });
    const selfCookie = await signIn(solo, self.email, TEST_PASSWORD);
    const patch = (id: string, payload: object, cookie: string) =>
      solo.inject({ method: 'PATCH', url: `/api/v1/users/${id}`, payload, headers: { cookie } });
    const res = await patch(self.id, { role: 'agent' }, selfCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().fieldErrors.role).toBe('אי אפשר להוריד את הרשאות הניהול של החשבון שלך');
    // Its other fields, and its role kept as it is, are still its own to edit.
    expect((await patch(self.id, { name: 'מנהלת מעודכנת', role: 'admin' }, selfCookie)).statusCode).toBe(200);
    const [row] = await solo.db.select().from(users).where(eq(users.id, self.id));
    expect(row).toMatchObject({ role: 'admin', name: 'מנהלת מעודכנת' });
    const otherCookie = await signIn(solo, other.email, TEST_PASSWORD);
    expect((await patch(self.id, { role: 'agent' }, otherCookie)).statusCode).toBe(200);
  });
});

describe('the database keeps an active admin, whoever writes', () => {
  it('refuses a direct change that leaves none, with the error the API answers as a conflict', async () => {
    const solo = await createTestApp();
    const only = await createUser(solo.db, { role: 'admin' });
    const agent = await createUser(solo.db);
    for (const change of [{ role: 'agent' as const }, { active: false }])
      await expect(solo.db.update(users).set(change).where(eq(users.id, only.id))).rejects.toSatisfy(
        isLastAdminViolation,
      );
    await expect(solo.db.delete(users).where(eq(users.id, only.id))).rejects.toSatisfy(isLastAdminViolation);
    // Handing the role over in one transaction is fine: the check is made at commit.
    await solo.db.transaction(async (tx) => {
      await tx.update(users).set({ role: 'admin' }).where(eq(users.id, agent.id));
      await tx.update(users).set({ role: 'agent' }).where(eq(users.id, only.id));
    });
    const admins = await solo.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(admins.map((a) => a.id)).toEqual([agent.id]);
  });

  it('two admins demoting each other at once: one of them stays admin', async () => {
    const solo = await createTestApp();
    const a = await createUser(solo.db, { role: 'admin' });
    const b = await createUser(solo.db, { role: 'admin' });
    const [aCookie, bCookie] = [
      await signIn(solo, a.email, TEST_PASSWORD),
      await signIn(solo, b.email, TEST_PASSWORD),
    ];
    const [first, second] = await Promise.all([
      solo.inject({
        method: 'PATCH',
        url: `/api/v1/users/${b.id}`,
        payload: { role: 'agent' },
        headers: { cookie: aCookie },
      }),
      solo.inject({ method: 'DELETE', url: `/api/v1/users/${a.id}`, headers: { cookie: bCookie } }),
    ]);
    // The loser is refused: as the last admin (409), or because its own session or role is gone by then.
    expect([first.statusCode, second.statusCode].filter((code) => code === 200)).toHaveLength(1);
    const active = await solo.db.select().from(users).where(eq(users.role, 'admin'));
    expect(active.filter((u) => u.active)).toHaveLength(1);
  });
});

describe('audit of user changes', () => {
  it('records create, update, deactivate and activate with before/after and no secret', async () => {
    const body = newUser({ password: 'secret-password-99' });
    const created = (await req('POST', '/users', adminCookie, body)).json().data.user;
    await req('PATCH', `/users/${created._id}`, adminCookie, {
      phone_number: '0509998877',
      password: 'another-secret-77',
    });
    await req('DELETE', `/users/${created._id}`, adminCookie);
    await req('POST', `/users/${created._id}/activate`, adminCookie);
    const rows = await app.db.select().from(auditLog).where(eq(auditLog.entityId, created._id));
    const byAction = Object.fromEntries(rows.map((r) => [r.action, r]));
    expect(Object.keys(byAction).sort()).toEqual(['activate', 'create', 'deactivate', 'update']);
    expect(byAction.create!.actorId).toBe(admin.id);
    expect(byAction.create!.changes.email).toEqual({ before: null, after: body.email });
    expect(byAction.update!.changes.phone_number).toEqual({ before: '052-765-4321', after: '0509998877' });
    expect(byAction.update!.changes.credentialsChanged).toEqual({ before: false, after: true });
    expect(byAction.deactivate!.changes.active).toEqual({ before: true, after: false });
    const text = JSON.stringify(rows);
    for (const secret of ['secret-password-99', 'another-secret-77', 'argon2', 'passwordHash'])
      expect(text).not.toContain(secret);
  });
});
