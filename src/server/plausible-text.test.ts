import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { leads, users } from './db/schema';
import { DEFAULT_SETTINGS } from './modules/settings';
import { createUser, TEST_PASSWORD } from './test/factories';
import { createTestApp, signIn, type TestApp } from './test/test-app';

let app: TestApp;
let admin: string;
let agentId: string;
const lead = { phone: '050-123-4567', category: 'מוכר' };

beforeAll(async () => {
  app = await createTestApp({ rateLimits: { formsPerIp: { max: 1000, windowMs: 60_000 } } });
  const user = await createUser(app.db, { role: 'admin' });
  admin = await signIn(app, user.email, TEST_PASSWORD);
  agentId = (await createUser(app.db)).id;
});

const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  app.inject({ method, url, payload, headers: { cookie: admin } });

describe('names', () => {
  it('refuses a name that is blank once invisible and bidi characters are removed, and stores nothing', async () => {
    const before = (await app.db.select().from(leads)).length;
    for (const name of ['\u200B\u200F', ' \u202E\u202C ', '\u3164', '\uFEFF'])
      for (const [url, body] of [
        ['/api/v1/email/send-mail', { ...lead, name }],
        ['/api/v1/email/send-job-mail', { fullName: name, phone: lead.phone, email: 'a@example.com' }],
      ] as const) {
        const res = await send('POST', url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(name)}`).toBe(400);
      }
    expect((await app.db.select().from(leads)).length).toBe(before);
    const user = await send('PATCH', `/api/v1/users/${agentId}`, { name: '\u2066\u2069' });
    expect(user.statusCode).toBe(400);
    expect(user.json().fieldErrors).toHaveProperty('name');
  });

  it('strips bidi overrides from a single-line name before storing it', async () => {
    const res = await send('POST', '/api/v1/email/send-mail', { ...lead, name: 'דנה \u202Egpj.exe\u202C' });
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(leads).where(eq(leads.name, 'דנה gpj.exe'));
    expect(row).toBeDefined();
    const user = await send('PATCH', `/api/v1/users/${agentId}`, {
      name: '\u202Bיוסי\u202C',
      companyRole: '\u202Dמנהל',
    });
    expect(user.statusCode).toBe(200);
    const [stored] = await app.db.select().from(users).where(eq(users.id, agentId));
    expect(stored).toMatchObject({ name: 'יוסי', companyRole: 'מנהל' });
  });
});

describe('photo URLs on this site', () => {
  const tricks = [
    '/\\evil.example/x.png',
    '//evil.example/x.png',
    '\\\\evil.example\\x.png',
    '/%5Cevil.example/x.png',
  ];

  it('refuses a user photo that a browser would fetch from another host', async () => {
    for (const image of tricks) {
      const res = await send('PATCH', `/api/v1/users/${agentId}`, { image });
      expect(res.statusCode, image).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty('image');
    }
    await app.storage.put('users/a-640.webp', Buffer.from('webp'), 'image/webp');
    expect(
      (await send('PATCH', `/api/v1/users/${agentId}`, { image: '/uploads/users/a-640.webp' })).statusCode,
    ).toBe(200);
  });

  it('refuses the same tricks in the home media and the founders’ photos', async () => {
    for (const url of tricks) {
      const media = await send('PATCH', '/api/v1/settings', {
        media: { ...DEFAULT_SETTINGS.media, offersImage: url },
      });
      expect(media.statusCode, url).toBe(400);
      expect(media.json().fieldErrors).toHaveProperty(['media.offersImage']);
      const founders = DEFAULT_SETTINGS.founders.map((f) => ({ ...f, image: url }));
      const founder = await send('PATCH', '/api/v1/settings', { founders });
      expect(founder.statusCode, url).toBe(400);
      expect(founder.json().fieldErrors).toHaveProperty(['founders.0.image']);
    }
  });
});
