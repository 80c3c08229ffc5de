import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leads, mailOutbox } from '../../../db/schema';
import { createProperty, createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { deliverDueMail, logQueuedMail, startOutboxWorker } from '../../mail';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on a free port; `refuseNext` makes it reject the next recipients. */
async function startSmtp() {
  const received: Received[] = [];
  const state = { refuseNext: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuseNext > 0) {
        state.refuseNext -= 1;
        const err = Object.assign(new Error('mailbox temporarily unavailable'), { responseCode: 451 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    state,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The decoded text body of a raw message (nodemailer encodes Hebrew as base64 or quoted-printable). */
function bodyText(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  // The default MAIL_FROM (a Hebrew display name) must be accepted by a real SMTP server.
  app = await createTestApp();
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
});

const outboxOf = async (refId: string) =>
  (await app.db.select().from(mailOutbox).where(eq(mailOutbox.refId, refId)))[0]!;

describe('mail delivery over SMTP', () => {
  it('delivers a lead from the home form to the office address with its details', async () => {
    const lead = { name: 'משה לוי', phone: '0541234567', category: 'קונה' };
    const res = await app.inject({ method: 'POST', url: '/api/v1/email/send-mail', payload: lead });
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(leads).where(eq(leads.name, lead.name));
    const transporter = nodemailer.createTransport(smtp.url);
    expect(await deliverDueMail(app, transporter)).toBe(1);
    transporter.close();

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['office@example.com']);
    expect(mail.from).toBe('no-reply@example.com');
    const text = bodyText(mail.raw);
    expect(text).toContain('שם: משה לוי');
    expect(text).toContain('טלפון: 0541234567');
    expect(text).toContain('קטגוריה: קונה');
    expect(await outboxOf(row!.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it("delivers a property inquiry to the agent's address with the office in copy", async () => {
    smtp.received.length = 0;
    const agent = await createUser(app.db, { email: 'agent.mail@example.com' });
    const property = await createProperty(app.db, { agentId: agent.id, address: 'התאנה 4' });
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/property/${property.id}/inquiry`,
      payload: { name: 'יעל פונה', phone: '0529998877', message: 'מתי אפשר לראות?' },
    });
    expect(res.statusCode).toBe(201);
    const transporter = nodemailer.createTransport(smtp.url);
    expect(await deliverDueMail(app, transporter)).toBe(1);
    transporter.close();
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['agent.mail@example.com', 'office@example.com']);
    expect(mail.raw).toMatch(/^To: agent\.mail@example\.com/m);
    expect(mail.raw).toMatch(/^Cc: office@example\.com/m);
    const text = bodyText(mail.raw);
    expect(text).toContain('שם: יעל פונה');
    expect(text).toContain('הודעה: מתי אפשר לראות?');
    expect(text).toContain('התאנה 4');
  });

  it('retries a refused first attempt and then delivers (the worker, with a short backoff)', async () => {
    smtp.received.length = 0;
    smtp.state.refuseNext = 1;
    const job = { fullName: 'שרה נחום', phone: '052-765-4321', email: 'sara@example.com' };
    const res = await app.inject({ method: 'POST', url: '/api/v1/email/send-job-mail', payload: job });
    expect(res.statusCode).toBe(201);
    const [pending] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'));

    const stop = startOutboxWorker(app, { smtpUrl: smtp.url, intervalMs: 20, retryBaseMs: 50 });
    try {
      await expect
        .poll(async () => (await outboxOf(pending!.refId!)).status, { timeout: 10_000, interval: 50 })
        .toBe('sent');
    } finally {
      await stop();
    }
    const row = await outboxOf(pending!.refId!);
    expect(row.attempts).toBe(2);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['office@example.com']);
    expect(bodyText(smtp.received[0]!.raw)).toContain('מייל: sara@example.com');
  });

  it('keeps mail pending when no SMTP server is configured', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/email/send-mail',
      payload: { name: 'בלי שרת', phone: '0501112222', category: 'השכרה' },
    });
    expect(res.statusCode).toBe(201);
    expect(await deliverDueMail(app, undefined)).toBe(0);
    const [row] = await app.db.select().from(leads).where(eq(leads.name, 'בלי שרת'));
    const mail = await outboxOf(row!.id);
    expect(mail.status).toBe('pending');

    // The worker without SMTP logs each queued mail once, then moves its cursor past it.
    const info = vi.spyOn(app.log, 'info');
    const cursor = await logQueuedMail(app, new Date(mail.createdAt.getTime() - 1));
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ mailId: mail.id }),
      expect.stringContaining('SMTP_URL'),
    );
    info.mockClear();
    expect(await logQueuedMail(app, cursor)).toEqual(cursor);
    expect(info).not.toHaveBeenCalled();
    expect((await outboxOf(row!.id)).status).toBe('pending');
  });
});
