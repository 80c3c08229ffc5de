import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { fileUpload, samplePhoto } from '../../test/form-upload';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

const patch = (url: string, cookie: string | undefined, payload: object) =>
  app.inject({ method: 'PATCH', url: `/api/v1${url}`, payload, headers: cookie ? { cookie } : {} });
const me = (cookie: string) => app.inject({ url: '/api/v1/users/me', headers: { cookie } });

describe('PATCH /api/v1/users/me', () => {
  it('lets a user edit its own phone, image and about text (not /users/:id with id "me")', async () => {
    const user = await createUser(app.db, { name: 'סוכנת', role: 'agent' });
    const cookie = await signIn(app, user.email, TEST_PASSWORD);
    await app.storage.put('users/me-640.webp', Buffer.from('webp'), 'image/webp');
    const res = await patch('/users/me', cookie, {
      phone_number: '054-111-2233',
      aboutMe: 'נעים מאוד',
      image: '/uploads/users/me-640.webp',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      _id: user.id,
      phone_number: '054-111-2233',
      aboutMe: 'נעים מאוד',
      image: '/uploads/users/me-640.webp',
      role: 'agent',
    });
  });

  it('takes as its photo only a file this site stored; a photo it already has may stay', async () => {
    const outside = '/uploads/users/from-an-earlier-version.webp';
    const user = await createUser(app.db, { image: outside });
    const cookie = await signIn(app, user.email, TEST_PASSWORD);
    for (const image of [
      '/api/v1/users/logout',
      '/uploads/media/intro.webp',
      '/uploads/users/never-stored-640.webp',
      '/uploads/users/../../secret-640.webp',
    ]) {
      const res = await patch('/users/me', cookie, { image });
      expect(res.statusCode, image).toBe(400);
      expect(res.json().fieldErrors.image).toMatch(/רק תמונה שהועלתה לאתר/);
    }
    // The photo it already has stays as it is while other fields change.
    const kept = await patch('/users/me', cookie, { image: outside, aboutMe: 'שלום' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.user.image).toBe(outside);
  });

  it('ignores fields a user may not change about itself and refuses a bad phone', async () => {
    const user = await createUser(app.db);
    const cookie = await signIn(app, user.email, TEST_PASSWORD);
    const res = await patch('/users/me', cookie, { role: 'admin', name: 'אחר', aboutMe: 'x' });
    expect(res.statusCode).toBe(200);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'agent', name: user.name, aboutMe: 'x' });
    const bad = await patch('/users/me', cookie, { phone_number: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.phone_number).toMatch(/[א-ת]/);
    expect((await patch('/users/me', undefined, { aboutMe: 'x' })).statusCode).toBe(401);
  });

  it('writes no audit entry for an agent editing itself', async () => {
    const user = await createUser(app.db);
    const cookie = await signIn(app, user.email, TEST_PASSWORD);
    await patch('/users/me', cookie, { aboutMe: 'שינוי' });
    expect(await app.db.select().from(auditLog).where(eq(auditLog.entityId, user.id))).toHaveLength(0);
  });
});

describe('POST /api/v1/users/image', () => {
  it('stores a photo as WebP variants and answers its URL', async () => {
    const user = await createUser(app.db);
    const cookie = await signIn(app, user.email, TEST_PASSWORD);
    const upload = await fileUpload('image', await samplePhoto(), 'me.jpg', 'image/jpeg');
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users/image',
      payload: upload.payload,
      headers: { ...upload.headers, cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.url).toMatch(/^\/uploads\/users\/.+\.webp$/);
  });

  it('refuses bytes that are not an image (415), a missing file (400) and visitors (401)', async () => {
    const user = await createUser(app.db);
    const cookie = await signIn(app, user.email, TEST_PASSWORD);
    const fake = await fileUpload('image', Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png');
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users/image',
      payload: fake.payload,
      headers: { ...fake.headers, cookie },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('הקובץ אינו תמונה נתמכת');
    const empty = await app.inject({ method: 'POST', url: '/api/v1/users/image', headers: { cookie } });
    expect(empty.statusCode).toBe(400);
    const anon = await app.inject({ method: 'POST', url: '/api/v1/users/image', ...fake });
    expect(anon.statusCode).toBe(401);
  });

  it('refuses a photo over the 15 MB cap with a message that names the cap', async () => {
    const user = await createUser(app.db);
    const cookie = await signIn(app, user.email, TEST_PASSWORD);
    const huge = await fileUpload('image', Buffer.alloc(15 * 1024 * 1024 + 1024, 1), 'big.jpg', 'image/jpeg');
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users/image',
      payload: huge.payload,
      headers: { ...huge.headers, cookie },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('הקובץ גדול מדי (עד 15 MB)');
  });
});

describe('PATCH /api/v1/users/me/password', () => {
  it('changes the password, keeps this session and ends the other ones', async () => {
    const user = await createUser(app.db);
    const here = await signIn(app, user.email, TEST_PASSWORD);
    const elsewhere = await signIn(app, user.email, TEST_PASSWORD);
    const res = await patch('/users/me/password', here, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-fresh-password-1',
    });
    expect(res.statusCode).toBe(200);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    await expect(signIn(app, user.email, 'a-fresh-password-1')).resolves.toMatch(/^sid=/);
    await expect(signIn(app, user.email, TEST_PASSWORD)).rejects.toThrow();
  });

  it.each([
    [{ currentPassword: 'wrong-password', newPassword: 'a-fresh-password-1' }, 'currentPassword'],
    [{ currentPassword: '', newPassword: 'a-fresh-password-1' }, 'currentPassword'],
    [{ newPassword: 'a-fresh-password-1' }, 'currentPassword'],
    [{ currentPassword: TEST_PASSWORD, newPassword: 'short-9' }, 'newPassword'],
    [{ currentPassword: TEST_PASSWORD }, 'newPassword'],
  ])('refuses %j with 400 on the field and keeps the old password', async (payload, field) => {
    const user = await createUser(app.db);
    const cookie = await signIn(app, user.email, TEST_PASSWORD);
    const res = await patch('/users/me/password', cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toMatch(/[א-ת]/);
    await expect(signIn(app, user.email, TEST_PASSWORD)).resolves.toMatch(/^sid=/);
  });

  it('refuses the e-mail as the new password (in any case)', async () => {
    const user = await createUser(app.db, { email: 'Long.Address.Here@Example.com' });
    const cookie = await signIn(app, user.email, TEST_PASSWORD);
    const res = await patch('/users/me/password', cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'long.address.here@example.com',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.newPassword).toMatch(/[א-ת]/);
  });

  it.each(['password1234', 'qwertyuiop12', '1234567890', 'Shimon2026!'])(
    'refuses the easily guessed password %s with a Hebrew hint, keeping the old one',
    async (newPassword) => {
      const user = await createUser(app.db, {
        email: `shimon.cohen.${newPassword.length}${newPassword[0]}@example.com`,
      });
      const cookie = await signIn(app, user.email, TEST_PASSWORD);
      const res = await patch('/users/me/password', cookie, { currentPassword: TEST_PASSWORD, newPassword });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.newPassword).toMatch(/קלה מדי לניחוש/);
      await expect(signIn(app, user.email, TEST_PASSWORD)).resolves.toMatch(/^sid=/);
    },
  );

  it('needs a session', async () => {
    const res = await patch('/users/me/password', undefined, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-fresh-password-1',
    });
    expect(res.statusCode).toBe(401);
  });
});
