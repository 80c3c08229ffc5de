import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, sessionCookie, signIn, type TestApp } from '../../test/test-app';

let app: TestApp;
let agent: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  app = await createTestApp({
    rateLimits: {
      loginPerIp: { max: 1000, windowMs: 60_000 },
      loginPerEmailAndIp: { max: 5, windowMs: 60_000 },
    },
  });
  agent = await createUser(app.db, { email: 'Agent.One@Example.com', name: 'סוכנת אחת' });
});

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/users/login', payload: payload as object, headers });

describe('POST /api/v1/users/login', () => {
  it('signs in with the right pair (e-mail in any case) and sets a safe session cookie', async () => {
    const res = await login({ email: 'agent.one@example.com', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.data.user).toMatchObject({
      _id: agent.id,
      name: 'סוכנת אחת',
      role: 'agent',
      email: agent.email,
    });
    expect(body.data.user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(body)).not.toContain('argon2');
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.expires).toBeInstanceOf(Date);
    // The database keeps only a hash of the token.
    const rows = await app.db.select().from(sessions).where(eq(sessions.userId, agent.id));
    expect(rows.some((r) => r.id === cookie.value)).toBe(false);
  });

  it('answers 401 with a Hebrew message for a wrong password or an unknown e-mail', async () => {
    for (const payload of [
      { email: agent.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: TEST_PASSWORD },
    ]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 'fail', code: 'UNAUTHORIZED' });
      expect(res.json().message).toMatch(/[א-ת]/);
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
  });

  it.each([
    [{}, 'email'],
    [{ email: 'not-an-email', password: 'x' }, 'email'],
    [{ email: 'a@b.co' }, 'password'],
    [{ email: 42, password: true }, 'email'],
    [{ email: 'a@b.co', password: 'x'.repeat(500) }, 'password'],
  ])('refuses the malformed body %j with 400 on the field', async (payload, field) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ status: 'fail', code: 'VALIDATION' });
    expect(body.fieldErrors[field]).toMatch(/[א-ת]/);
  });

  it('refuses broken JSON with 400, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe('fail');
  });

  it('refuses an oversized body with 413', async () => {
    const res = await login({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'TOO_LARGE' });
  });

  it('refuses a sign-in posted from another site (403)', async () => {
    const res = await login(
      { email: agent.email, password: TEST_PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    const same = await login(
      { email: agent.email, password: TEST_PASSWORD },
      { origin: 'http://localhost:80' },
    );
    expect(same.statusCode).toBe(200);
  });

  it('limits failed attempts per e-mail from one client with 429 and a Hebrew message', async () => {
    const target = await createUser(app.db, { email: 'limited@example.com' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login({ email: target.email, password: 'nope' })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const blocked = await login({ email: target.email, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(blocked.json().message).toMatch(/[א-ת]/);
  });
});

describe('sign-in limits count only failures', () => {
  it('successful sign-ins are never limited', async () => {
    const user = await createUser(app.db);
    for (let i = 0; i < 8; i++) {
      expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    }
  });

  it('40 parallel guesses at one account check at most the limit (counted before the check)', async () => {
    const target = await createUser(app.db);
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/users/login',
          payload: { email: target.email, password: `guess-${i}` },
          remoteAddress: '192.0.2.40',
        }),
      ),
    );
    const statuses = guesses.map((g) => g.statusCode);
    // The per-account-and-client limit is 5 in this file: only 5 guesses reach the password check.
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
  }, 120_000);

  it('failures from one IP across many e-mails are limited per IP', async () => {
    const limited = await createTestApp({
      rateLimits: {
        loginPerIp: { max: 3, windowMs: 60_000 },
        loginPerEmailAndIp: { max: 100, windowMs: 60_000 },
      },
    });
    const user = await createUser(limited.db);
    const attempt = (email: string, password: string, ip: string) =>
      limited.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email, password },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++)
      expect((await attempt(`x${i}@example.com`, 'nope', '10.0.0.1')).statusCode).toBe(401);
    expect((await attempt(user.email, TEST_PASSWORD, '10.0.0.1')).statusCode).toBe(429);
    expect((await attempt(user.email, TEST_PASSWORD, '10.0.0.2')).statusCode).toBe(200);
  });

  it('a client cannot pick its own address with X-Forwarded-For; a trusted proxy hop can', async () => {
    const rateLimits = {
      loginPerIp: { max: 3, windowMs: 60_000 },
      loginPerEmailAndIp: { max: 100, windowMs: 60_000 },
    };
    const direct = await createTestApp({ rateLimits });
    const proxied = await createTestApp({ rateLimits, env: { TRUST_PROXY: 1 } });
    const attempt = (target: TestApp, i: number) =>
      target.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: `x${i}@example.com`, password: 'nope' },
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
    const directStatuses: number[] = [];
    const proxiedStatuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      directStatuses.push((await attempt(direct, i)).statusCode);
      proxiedStatuses.push((await attempt(proxied, i)).statusCode);
    }
    expect(directStatuses).toEqual([401, 401, 401, 429, 429]);
    expect(proxiedStatuses).toEqual([401, 401, 401, 401, 401]);
  }, 120_000); // builds two apps: slow on a loaded machine

  it('the owner signs in from a fresh client while an attacker hammers the account from elsewhere', async () => {
    const victim = await createUser(app.db);
    const from = (password: string, ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: victim.email, password },
        remoteAddress: ip,
      });
    const attacker: number[] = [];
    for (let i = 0; i < 12; i++) attacker.push((await from(`guess-${i}`, '203.0.113.7')).statusCode);
    expect(attacker.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(attacker.slice(5)).toEqual(Array(7).fill(429));
    // Even the right password is refused to the attacking client, so guessing there is over…
    expect((await from(TEST_PASSWORD, '203.0.113.7')).statusCode).toBe(429);
    // …while the owner, from another address, is not locked out.
    expect((await from(TEST_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  const HOUR = 3_600_000;
  /** Signs in and backdates the session's last activity, before any read could cache it. */
  async function sessionIdleFor(hours: number) {
    const user = await createUser(app.db);
    const cookie = await signIn(app, user.email, TEST_PASSWORD);
    await app.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - hours * HOUR) })
      .where(eq(sessions.userId, user.id));
    return { user, cookie };
  }

  it('ends a session idle for longer than the idle timeout (12 hours by default)', async () => {
    const { user, cookie } = await sessionIdleFor(12.5);
    expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie } })).statusCode).toBe(401);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('keeps a session in use alive and records its activity', async () => {
    const { user, cookie } = await sessionIdleFor(11);
    expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie } })).statusCode).toBe(200);
    const [row] = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(HOUR);
  });

  it('GET /me answers 401 without a session and the user with one', async () => {
    expect((await app.inject({ url: '/api/v1/users/me' })).statusCode).toBe(401);
    const cookie = await signIn(app, agent.email, TEST_PASSWORD);
    const res = await app.inject({ url: '/api/v1/users/me', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user._id).toBe(agent.id);
  });

  it('logout deletes the session: the old cookie no longer works', async () => {
    const cookie = await signIn(app, agent.email, TEST_PASSWORD);
    const out = await app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('an expired session is refused', async () => {
    const user = await createUser(app.db);
    const res = await login({ email: user.email, password: TEST_PASSWORD });
    const cookie = sessionCookie(res);
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('a deactivated user cannot sign in and its open session stops working', async () => {
    const user = await createUser(app.db);
    const cookie = await signIn(app, user.email, TEST_PASSWORD);
    await app.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
  });

  it('a forged cookie is simply not a session', async () => {
    const res = await app.inject({ url: '/api/v1/users/me', headers: { cookie: 'sid=forged-token' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('maintenance', () => {
  it('purges expired sessions and keeps live ones', async () => {
    const { purgeExpired } = await import('../../lib/maintenance');
    const user = await createUser(app.db);
    await signIn(app, user.email, TEST_PASSWORD);
    await signIn(app, user.email, TEST_PASSWORD);
    const [first] = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, first!.id));
    await purgeExpired(app);
    const left = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(1);
    expect(left[0]!.id).not.toBe(first!.id);
  });
});

describe('HSTS', () => {
  it('is sent in production and not in development', async () => {
    const production = await createTestApp({
      env: { NODE_ENV: 'production', APP_ORIGIN: 'https://agency.example' },
    });
    const hsts = (await production.inject({ url: '/api/health' })).headers['strict-transport-security'];
    expect(hsts).toBe('max-age=31536000; includeSubDomains');
    expect((await app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
  }, 120_000); // builds its own app: slow on a loaded machine
});
