import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResetTokens } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { deliverDueMail } from '../mail';

/** A real SMTP server on a free port that keeps every message it receives. */
async function startSmtp() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The decoded text of a raw message (nodemailer sends Hebrew as base64 or quoted-printable). */
function bodyText(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let transport: Transporter;

beforeAll(async () => {
  app = await createTestApp({
    env: { APP_ORIGIN: 'https://link.example', MAIL_FROM: 'LINK <no-reply@link.test>' },
    rateLimits: {
      passwordResetPerIp: { max: 1000, windowMs: 60_000 },
      passwordResetPerEmail: { max: 3, windowMs: 60_000 },
    },
  });
  smtp = await startSmtp();
  transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
  });
});
afterAll(async () => {
  transport.close();
  await smtp.close();
});

const forgot = (email: string) =>
  app.inject({ method: 'POST', url: '/api/v1/users/forgot-password', payload: { email } });
const reset = (token: string, newPassword: string) =>
  app.inject({ method: 'POST', url: '/api/v1/users/reset-password', payload: { token, newPassword } });

/** Sends the queued mail over SMTP and returns the token of the link in the message to `to`. */
async function tokenFromMail(to: string): Promise<string> {
  await app.afterAnswer.settled();
  await deliverDueMail(app, transport);
  const message = smtp.received.filter((m) => m.to.some((a) => a.toLowerCase() === to.toLowerCase())).at(-1);
  expect(message, `a mail to ${to}`).toBeDefined();
  const link = bodyText(message!.raw).match(/https:\/\/link\.example\/ResetPassword\/([\w-]+)/);
  expect(link).not.toBeNull();
  return link![1]!;
}

describe('forgotten password, end to end through SMTP', () => {
  it('mails a one-hour single-use link that sets a new password and ends every session', async () => {
    const user = await createUser(app.db, { email: 'Forgetful@Example.com' });
    const oldSession = await signIn(app, user.email, TEST_PASSWORD);
    const res = await forgot('forgetful@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/[א-ת]/);

    const token = await tokenFromMail(user.email);
    const [stored] = await app.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    // Only the SHA-256 is stored, and it expires in an hour.
    expect(stored!.tokenHash).not.toBe(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const ttl = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000 + 5_000);
    const [outbox] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.refId, user.id));
    expect(outbox!.status).toBe('sent');

    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(400);
    const sameAsMail = await reset(token, 'forgetful@example.com');
    expect(sameAsMail.json().fieldErrors.newPassword).toMatch(/[א-ת]/);

    const done = await reset(token, 'remembered-now-1');
    expect(done.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie: oldSession } })).statusCode).toBe(
      401,
    );
    await expect(signIn(app, user.email, 'remembered-now-1')).resolves.toMatch(/^sid=/);

    // Reused token: refused, password unchanged.
    const again = await reset(token, 'hijacked-password-1');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/[א-ת]/);
    await expect(signIn(app, user.email, 'remembered-now-1')).resolves.toMatch(/^sid=/);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(app.db);
    await forgot(user.email);
    const token = await tokenFromMail(user.email);
    await app.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await reset(token, 'too-late-password');
    expect(res.statusCode).toBe(400);
    await expect(signIn(app, user.email, TEST_PASSWORD)).resolves.toMatch(/^sid=/);
  });

  it('a new password through one link spends the user’s other open links', async () => {
    const user = await createUser(app.db);
    await forgot(user.email);
    const first = await tokenFromMail(user.email);
    await forgot(user.email);
    const second = await tokenFromMail(user.email);
    expect(first).not.toBe(second);
    expect((await reset(second, 'second-link-password')).statusCode).toBe(200);
    expect((await reset(first, 'first-link-password')).statusCode).toBe(400);
  });

  it('answers the same for unknown and inactive e-mails and queues nothing', async () => {
    const inactive = await createUser(app.db, { active: false });
    const before = (await app.db.select().from(mailOutbox)).length;
    const known = await forgot((await createUser(app.db)).email);
    for (const email of ['nobody@example.com', inactive.email]) {
      const res = await forgot(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(known.json());
    }
    await app.afterAnswer.settled();
    expect((await app.db.select().from(mailOutbox)).length).toBe(before + 1);
  });

  it('does the per-account work after answering, for known and unknown e-mails alike (same timing)', async () => {
    const known = await createUser(app.db);
    for (const email of [known.email, 'nobody-at-all@example.com']) {
      const queued = app.afterAnswer.queued;
      const res = await forgot(email);
      expect(res.statusCode).toBe(200);
      // The answer itself looked nothing up: one job was handed over, whoever the e-mail belongs to.
      expect(app.afterAnswer.queued).toBe(queued + 1);
    }
    await app.afterAnswer.settled();
    const tokens = await app.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, known.id));
    expect(tokens).toHaveLength(1);
  });

  it('refuses an easily guessed new password and leaves the link usable', async () => {
    const user = await createUser(app.db);
    await forgot(user.email);
    const token = await tokenFromMail(user.email);
    const weak = await reset(token, 'password1234');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors.newPassword).toMatch(/קלה מדי לניחוש/);
    expect((await reset(token, 'olive-harbour-lantern')).statusCode).toBe(200);
  });

  it('refuses a new password holding the user’s own name', async () => {
    const user = await createUser(app.db, { name: 'מיכל ברק', email: `michal-${Date.now()}@example.com` });
    await forgot(user.email);
    const token = await tokenFromMail(user.email);
    const own = await reset(token, 'מיכל-2024-ברק!');
    expect(own.statusCode).toBe(400);
    expect(own.json().fieldErrors.newPassword).toMatch(/קלה מדי לניחוש/);
  });

  it('refuses a forged token and a malformed body with 400', async () => {
    expect((await reset('x'.repeat(43), 'whatever-password')).statusCode).toBe(400);
    expect((await forgot('not-an-email')).statusCode).toBe(400);
  });

  it('is rate limited per e-mail with 429', async () => {
    const user = await createUser(app.db);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await forgot(user.email)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('reset link origin', () => {
  const forgotFromHost = async (local: Awaited<ReturnType<typeof createTestApp>>, host: string) => {
    const user = await createUser(local.db);
    const response = await local.inject({
      method: 'POST',
      url: '/api/v1/users/forgot-password',
      payload: { email: user.email },
      headers: { host, 'x-forwarded-host': host },
    });
    expect(response.statusCode).toBe(200);
    await local.afterAnswer.settled();
    const [mail] = await local.db.select().from(mailOutbox).where(eq(mailOutbox.refId, user.id));
    return mail!.text;
  };

  it('builds the link from APP_ORIGIN, whatever Host the request claims', async () => {
    const text = await forgotFromHost(app, 'evil.example');
    expect(text).toMatch(/https:\/\/link\.example\/ResetPassword\/[\w-]{40,}/);
    expect(text).not.toContain('evil.example');
  });

  it('uses this machine’s own address in development, never the request’s Host', async () => {
    const local = await createTestApp({ env: { PORT: 4321, APP_ORIGIN: undefined } });
    const text = await forgotFromHost(local, 'evil.example');
    expect(text).toMatch(/http:\/\/localhost:4321\/ResetPassword\/[\w-]{40,}/);
    expect(text).not.toContain('evil.example');
  });
});
