import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, sessionCookie, type TestApp } from '../../test/test-app';

// The session's absolute lifetime and idle limit are exactly the configured ones: an hour misread as a day
// (a lifetime 24 times too long) or a limit not read from the settings fails here.
const HOUR = 3_600_000;

/** Signs in and returns the session's row and cookie, with the clock read just before and after. */
async function freshSession(app: TestApp) {
  const user = await createUser(app.db);
  const before = Date.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  const after = Date.now();
  const [row] = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
  const cookie = res.cookies.find((c) => c.name === 'sid')!;
  return { user, row: row!, cookie, header: sessionCookie(res), before, after };
}

/** The session's last activity set this many hours back. */
const idleFor = (app: TestApp, userId: string, hours: number) =>
  app.db
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() - hours * HOUR) })
    .where(eq(sessions.userId, userId));

const me = (app: TestApp, cookie: string) =>
  app.inject({ url: '/api/v1/users/me', headers: { cookie } }).then((r) => r.statusCode);

function expectLifetime(s: Awaited<ReturnType<typeof freshSession>>, hours: number) {
  const expires = s.row.expiresAt.getTime();
  expect(expires).toBeGreaterThanOrEqual(s.before + hours * HOUR);
  expect(expires).toBeLessThanOrEqual(s.after + hours * HOUR);
  // The cookie carries the same end (to the second, as cookies do).
  const cookieEnd = s.cookie.expires!.getTime();
  expect(cookieEnd).toBeGreaterThanOrEqual(s.before + hours * HOUR - 1000);
  expect(cookieEnd).toBeLessThanOrEqual(s.after + hours * HOUR);
}

describe('by default', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });

  it('a session lives 14 days (SESSION_TTL_HOURS=336), in the database and in the cookie', async () => {
    expectLifetime(await freshSession(app), 24 * 14);
  });

  it('ends after 12 idle hours and not before', async () => {
    const kept = await freshSession(app);
    await idleFor(app, kept.user.id, 11.9);
    expect(await me(app, kept.header)).toBe(200);
    const ended = await freshSession(app);
    await idleFor(app, ended.user.id, 12.1);
    expect(await me(app, ended.header)).toBe(401);
  });
});

describe('as configured', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { SESSION_TTL_HOURS: 3, SESSION_IDLE_HOURS: 2 } });
  });

  it('a session lives SESSION_TTL_HOURS', async () => {
    expectLifetime(await freshSession(app), 3);
  });

  it('a session ends after SESSION_IDLE_HOURS idle and not before', async () => {
    const kept = await freshSession(app);
    await idleFor(app, kept.user.id, 1.9);
    expect(await me(app, kept.header)).toBe(200);
    const ended = await freshSession(app);
    await idleFor(app, ended.user.id, 2.1);
    expect(await me(app, ended.header)).toBe(401);
  });

  it('a session past its lifetime is over even if it was just used', async () => {
    const s = await freshSession(app);
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(sessions.userId, s.user.id));
    expect(await me(app, s.header)).toBe(401);
  });
});
