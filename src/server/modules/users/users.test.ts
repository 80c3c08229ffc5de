import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let app: TestApp;
let adminCookie: string;
let agentCookie: string;
let agentId: string;
let inactiveId: string;
let bareAdminId: string;

beforeAll(async () => {
  app = await createTestApp();
  const admin = await createUser(app.db, { role: 'admin', name: 'מנהלת' });
  // Founders are admins: hidden from the site until a manager shows them (docs/decisions/0057); this one is shown.
  await createUser(app.db, {
    role: 'admin',
    companyRole: 'מנכ"לית ומייסדת',
    name: 'מייסדת',
    showOnSite: true,
  });
  await createUser(app.db, { role: 'admin', companyRole: 'מנהלת משרד', name: 'מנהלת משרד' });
  const agent = await createUser(app.db, { name: 'סוכן', aboutMe: 'על עצמי' });
  const inactive = await createUser(app.db, { name: 'לא פעיל', active: false });
  agentId = agent.id;
  bareAdminId = admin.id;
  inactiveId = inactive.id;
  adminCookie = await signIn(app, admin.email, TEST_PASSWORD);
  agentCookie = await signIn(app, agent.email, TEST_PASSWORD);
});

describe('GET /api/v1/users', () => {
  const PUBLIC_FIELDS = [
    '_id',
    'aboutMe',
    'branch',
    'companyRole',
    'gender',
    'image',
    'name',
    'officePhone',
    'phone_number',
  ];

  it('gives visitors the public fields of the active team only, never who is an admin', async () => {
    const res = await app.inject({ url: '/api/v1/users' });
    expect(res.statusCode).toBe(200);
    const list = res.json().data.data as Record<string, unknown>[];
    // The founder shown on the site is on the team; the office manager (not shown) and the bare admin are not.
    expect(list.map((u) => u.name).sort()).toEqual(['מייסדת', 'סוכן'].sort());
    for (const user of list) expect(Object.keys(user).sort()).toEqual(PUBLIC_FIELDS);
    expect(res.body).not.toContain('admin');
  });

  it('gives the about pages the same public team whoever asks (?team=true)', async () => {
    for (const cookie of [undefined, agentCookie, adminCookie]) {
      const res = await app.inject({ url: '/api/v1/users?team=true', headers: cookie ? { cookie } : {} });
      const list = res.json().data.data as Record<string, unknown>[];
      expect(list.map((u) => u.name).sort()).toEqual(['מייסדת', 'סוכן'].sort());
      for (const user of list) expect(Object.keys(user).sort()).toEqual(PUBLIC_FIELDS);
    }
  });

  it('gives agents every active colleague with the role (agent pickers), without e-mails', async () => {
    const res = await app.inject({ url: '/api/v1/users', headers: { cookie: agentCookie } });
    const list = res.json().data.data as Record<string, unknown>[];
    expect(list.map((u) => u.name).sort()).toEqual(['מייסדת', 'מנהלת', 'מנהלת משרד', 'סוכן'].sort());
    for (const user of list) expect(Object.keys(user).sort()).toEqual([...PUBLIC_FIELDS, 'role'].sort());
    expect(list.find((u) => u.name === 'מנהלת')?.role).toBe('admin');
  });

  it('gives an admin the e-mail as well, never a hash', async () => {
    const res = await app.inject({ url: '/api/v1/users', headers: { cookie: adminCookie } });
    const list = res.json().data.data;
    expect(list[0]).toHaveProperty('email');
    expect(res.body).not.toContain('argon2');
  });

  it('tells an admin who manages the whole network (networkAccess), and an agent nothing of it', async () => {
    const res = await app.inject({ url: '/api/v1/users', headers: { cookie: adminCookie } });
    const byName = new Map(
      (res.json().data.data as { name: string; networkAccess: boolean }[]).map((u) => [u.name, u]),
    );
    expect(byName.get('מנהלת')?.networkAccess).toBe(true);
    expect(byName.get('סוכן')?.networkAccess).toBe(false);
    const session = await app.inject({ url: '/api/v1/users/session', headers: { cookie: agentCookie } });
    expect(session.json().data.user).toMatchObject({ name: 'סוכן', networkAccess: false });
    const own = await app.inject({ url: '/api/v1/users/session', headers: { cookie: adminCookie } });
    expect(own.json().data.user).toMatchObject({ name: 'מנהלת', networkAccess: true });
  });
});

const PUBLIC_PROFILE_FIELDS = [
  '_id',
  'aboutMe',
  'branch',
  'companyRole',
  'gender',
  'image',
  'name',
  'officePhone',
  'phone_number',
];

describe('GET /api/v1/users/:id', () => {
  it('returns the public profile', async () => {
    const res = await app.inject({ url: `/api/v1/users/${agentId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data).toMatchObject({ _id: agentId, name: 'סוכן', aboutMe: 'על עצמי' });
    expect(Object.keys(res.json().data.data).sort()).toEqual(PUBLIC_PROFILE_FIELDS);
    // The branch the agent works in, by id and name (the agent page names it).
    const [branch] = await app.db.select().from(branches).limit(1);
    expect(res.json().data.data.branch).toEqual({ _id: branch!.id, name: branch!.name, slug: branch!.slug });
  });
  it('hides a bare system admin from visitors (404) and not from colleagues', async () => {
    expect((await app.inject({ url: `/api/v1/users/${bareAdminId}` })).statusCode).toBe(404);
    const seen = await app.inject({ url: `/api/v1/users/${bareAdminId}`, headers: { cookie: agentCookie } });
    expect(seen.json().data.data).toMatchObject({ _id: bareAdminId, role: 'admin' });
    expect(seen.json().data.data).not.toHaveProperty('email');
  });
  it('answers 404 for an unknown or inactive user and 400 for a malformed id', async () => {
    expect((await app.inject({ url: `/api/v1/users/${randomUUID()}` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/v1/users/${inactiveId}` })).statusCode).toBe(404);
    const bad = await app.inject({ url: '/api/v1/users/not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[א-ת]/);
  });
});
