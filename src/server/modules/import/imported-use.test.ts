import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema';
import { createTestApp, sessionCookie, type TestApp } from '../../test/test-app';
import { runImport } from './run-import';
import { EMAILS, OLD_PASSWORDS, writeFixture } from './test-fixture';

let app: TestApp;
let fixture: { dir: string; images: string };
let adminCookie: string;

const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email, password } });
const hashOf = async (email: string) =>
  (await app.db.select({ h: users.passwordHash }).from(users).where(eq(users.email, email)))[0]!.h;
const get = (url: string) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie: adminCookie } });

beforeAll(async () => {
  app = await createTestApp();
  fixture = await writeFixture();
  await runImport(app.db, {
    dir: fixture.dir,
    storage: app.storage,
    origin: 'https://agency.example',
    sendResets: true,
  });
});
afterAll(() => {
  rmSync(fixture.dir, { recursive: true, force: true });
  rmSync(fixture.images, { recursive: true, force: true });
});

describe('imported users sign in with the passwords they had', () => {
  it('a wrong password is refused and leaves the imported hash as it was', async () => {
    expect((await login(EMAILS.yossi, 'not-the-old-one')).statusCode).toBe(401);
    expect(await hashOf(EMAILS.yossi)).toMatch(/^\$2b\$/);
  });

  it('the old password signs in once with bcrypt, and the stored hash becomes argon2id', async () => {
    const first = await login(EMAILS.yossi, OLD_PASSWORDS.yossi);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.user.email).toBe(EMAILS.yossi);
    expect(await hashOf(EMAILS.yossi)).toMatch(/^\$argon2id\$/);
    expect((await login(EMAILS.yossi, OLD_PASSWORDS.yossi)).statusCode).toBe(200);
    expect((await login(EMAILS.yossi, 'not-the-old-one')).statusCode).toBe(401);
  });

  it('a $2a$ hash works too; a user without a usable hash cannot sign in and got a reset link', async () => {
    const dana = await login(EMAILS.dana, OLD_PASSWORDS.dana);
    expect(dana.statusCode).toBe(200);
    adminCookie = sessionCookie(dana);
    expect(await hashOf(EMAILS.dana)).toMatch(/^\$argon2id\$/);
    expect((await login(EMAILS.ruti, '')).statusCode).toBe(400);
    expect((await login(EMAILS.ruti, '!no-password')).statusCode).toBe(401);
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, EMAILS.ruti));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('https://agency.example/');
  });

  it('a second import keeps the argon2id hash of a user who signed in since', async () => {
    await runImport(app.db, { dir: fixture.dir, storage: app.storage, origin: 'https://agency.example' });
    expect(await hashOf(EMAILS.yossi)).toMatch(/^\$argon2id\$/);
    expect((await login(EMAILS.yossi, OLD_PASSWORDS.yossi)).statusCode).toBe(200);
  });
});

// Figures computed by hand from test-fixture.ts. March 2026 in Israel time: Yossi has i1 (3 meetings, 1 deal)
// and i5 (4 meetings, 1 exclusive); i2 falls on 1 April at 00:30 Israel time. Ruti has i3 (1 meeting, 2 price
// updates, 1 buyers' tour). Goals: Yossi 10 meetings, 4 exclusives, 2 deals; Ruti 4 meetings, 4 price updates.
describe('the imported month in the scoreboard and performance', () => {
  it('scoreboard: Yossi 7 + 3 + 5 = 15, Ruti 1 + 2 + 1 = 4; April: Yossi 2*3 + 2 = 8', async () => {
    const march = await get('/indicators/scoreboard?year=2026&month=3');
    expect(
      march.json().data.map((e: { agentName: string; totalScore: number }) => [e.agentName, e.totalScore]),
    ).toEqual([
      ['יוסי סוכן', 15],
      ['רותי', 4],
    ]);
    const april = await get('/indicators/scoreboard?year=2026&month=4');
    expect(april.json().data[0]).toMatchObject({ agentName: 'יוסי סוכן', totalScore: 8 });
  });

  it("an agent's performance compares the month's actuals with its goal", async () => {
    const [yossi] = await app.db.select().from(users).where(eq(users.email, EMAILS.yossi));
    const res = await get(`/goals/performance/${yossi!.id}/2026/3`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      agentName: 'יוסי סוכן',
      meetings: { actual: 7, goal: 10, percentage: 70 },
      exclusives: { actual: 1, goal: 4, percentage: 25 },
      deals: { actual: 1, goal: 2, percentage: 50 },
      priceOffers: { actual: 0, goal: 0, percentage: null },
    });
  });

  it('company performance sums both agents: meetings 8 of 14 = 57.14%', async () => {
    const res = await get('/goals/companyPerformance?year=2026&month=3');
    expect(res.json().data).toMatchObject({
      meetings: { actual: 8, goal: 14, percentage: 57.14 },
      exclusives: { actual: 1, goal: 4, percentage: 25 },
      priceUpdates: { actual: 2, goal: 4, percentage: 50 },
      buyerTours: { actual: 1, goal: 0, percentage: null },
      deals: { actual: 1, goal: 2, percentage: 50 },
    });
  });
});

describe('the admin view of imports', () => {
  it('the audit log holds one entry per run, and the settings page reads the last one', async () => {
    const audit = await get('/audit?entity=import');
    expect(audit.json().data.total).toBe(2);
    expect(audit.json().data.data[0]).toMatchObject({ actorName: 'ייבוא מהמערכת הקודמת', action: 'create' });
    const last = await get('/imports/last');
    expect(last.statusCode).toBe(200);
    expect(last.json().data.lastImport).toMatchObject({
      collections: {
        users: { present: true, read: 4, imported: 0, updated: 3, skipped: 1 },
        indicators: { read: 5, imported: 0, updated: 4, skipped: 1 },
        properties: { read: 3, updated: 2, skipped: 1 },
      },
      passwordConfirmDropped: 1,
      usersWithoutPassword: 1,
      unknownReferences: 2,
      externalImages: 2,
      resetsSent: 0,
    });
  });

  it('only admins read it', async () => {
    const agent = sessionCookie(await login(EMAILS.yossi, OLD_PASSWORDS.yossi));
    const res = await app.inject({ method: 'GET', url: '/api/v1/imports/last', headers: { cookie: agent } });
    expect(res.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/v1/imports/last' })).statusCode).toBe(401);
  });
});
