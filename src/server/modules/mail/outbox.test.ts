import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobApplications, leads, mailOutbox } from '../../db/schema';
import { createProperty, createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { backoffMs, MAX_ATTEMPTS, markFailedAttempt } from './outbox';
import { deliverDueMail } from './worker';

let app: TestApp;
let adminCookie: string;
let agentCookie: string;

beforeAll(async () => {
  app = await createTestApp();
  const admin = await createUser(app.db, { role: 'admin' });
  const agent = await createUser(app.db);
  adminCookie = await signIn(app, admin.email, TEST_PASSWORD);
  agentCookie = await signIn(app, agent.email, TEST_PASSWORD);
});

const HOUR = 3_600_000;

/** Runs `fn` with a fault between a record's write and its mail's: every outbox insert fails. */
async function withFailingOutbox(fn: () => Promise<void>) {
  await app.db.execute(sql`create function fail_outbox_insert() returns trigger language plpgsql
    as $$ begin raise exception 'injected fault'; end $$`);
  await app.db.execute(sql`create trigger fail_outbox before insert on mail_outbox
    for each row execute function fail_outbox_insert()`);
  try {
    await fn();
  } finally {
    await app.db.execute(sql`drop trigger fail_outbox on mail_outbox`);
    await app.db.execute(sql`drop function fail_outbox_insert()`);
  }
}

describe('a record and its mail are one transaction', () => {
  it('leaves neither the lead nor the job application when queuing the mail fails', async () => {
    // A fault between the two writes: the outbox insert fails after the record's insert succeeded.
    await withFailingOutbox(async () => {
      const lead = await app.inject({
        method: 'POST',
        url: '/api/v1/email/send-mail',
        payload: { name: 'ליד בלי מייל', phone: '0541234567', category: 'קונה' },
      });
      expect(lead.statusCode).toBe(500);
      const job = await app.inject({
        method: 'POST',
        url: '/api/v1/email/send-job-mail',
        payload: { fullName: 'מועמד בלי מייל', phone: '0541234567', email: 'nomail@example.com' },
      });
      expect(job.statusCode).toBe(500);
    });
    expect(await app.db.select().from(leads).where(eq(leads.name, 'ליד בלי מייל'))).toEqual([]);
    expect(
      await app.db.select().from(jobApplications).where(eq(jobApplications.fullName, 'מועמד בלי מייל')),
    ).toEqual([]);
  });

  it('leaves neither the inquiry nor its mail when queuing the mail fails', async () => {
    const agent = await createUser(app.db, { email: 'inquiry-agent@example.com' });
    const property = await createProperty(app.db, { agentId: agent.id });
    const inquire = () =>
      app.inject({
        method: 'POST',
        url: `/api/v1/property/${property.id}/inquiry`,
        payload: { name: 'פנייה בלי מייל', phone: '0541234567', message: 'מעוניין בנכס' },
        remoteAddress: '10.9.9.1',
      });
    const mailCount = async () => (await app.db.select().from(mailOutbox)).length;
    const mailsBefore = await mailCount();

    await withFailingOutbox(async () => {
      expect((await inquire()).statusCode).toBe(500);
    });
    expect(await app.db.select().from(leads).where(eq(leads.propertyId, property.id))).toEqual([]);
    expect(await mailCount()).toBe(mailsBefore);

    // Without the fault the same inquiry stores both: the failure above was the injected one.
    expect((await inquire()).statusCode).toBe(201);
    const [lead] = await app.db.select().from(leads).where(eq(leads.propertyId, property.id));
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.refId, lead!.id));
    expect(mails).toMatchObject([{ kind: 'inquiry', to: 'inquiry-agent@example.com' }]);
  });
});

describe('retry schedule', () => {
  it('keeps trying for at least 48 hours, with growing gaps', () => {
    let waited = 0;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      expect(backoffMs(attempt + 1)).toBeGreaterThanOrEqual(backoffMs(attempt));
      waited += backoffMs(attempt);
    }
    expect(waited).toBeGreaterThanOrEqual(48 * HOUR);
    expect(backoffMs(1)).toBe(30_000);
    expect(backoffMs(2)).toBe(60_000);
    expect(backoffMs(MAX_ATTEMPTS)).toBeLessThanOrEqual(4 * HOUR);
  });

  it('stays pending until the last attempt, then fails', async () => {
    const [mail] = await app.db
      .insert(mailOutbox)
      .values({ kind: 'lead', to: 'office@example.com', subject: 's', text: 't' })
      .returning();
    await markFailedAttempt(app.db, mail!.id, MAX_ATTEMPTS - 1, 'connection refused');
    const [before] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
    expect(before!.status).toBe('pending');
    expect(before!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(3 * HOUR);
    await markFailedAttempt(app.db, mail!.id, MAX_ATTEMPTS, 'connection refused');
    const [after] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
    expect(after!.status).toBe('failed');
  });
});

describe('the admin sees a failed mail and resends it', () => {
  const resend = (id: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/mail/${id}/resend`,
      headers: cookie ? { cookie } : {},
    });

  it('shows it in the inbox, resends it, and the worker delivers it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/email/send-mail',
      payload: { name: 'מייל שנכשל', phone: '0541234567', category: 'מוכר' },
    });
    expect(res.statusCode).toBe(201);
    const [lead] = await app.db.select().from(leads).where(eq(leads.name, 'מייל שנכשל'));
    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.refId, lead!.id));
    await markFailedAttempt(app.db, mail!.id, MAX_ATTEMPTS, 'SMTP down');

    const inbox = await app.inject({ method: 'GET', url: '/api/v1/leads', headers: { cookie: adminCookie } });
    const item = inbox.json().data.leads.find((l: { _id: string }) => l._id === lead!.id);
    expect(item.mail).toMatchObject({
      id: mail!.id,
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      lastError: 'SMTP down',
    });

    expect((await resend(mail!.id)).statusCode).toBe(401);
    expect((await resend(mail!.id, agentCookie)).statusCode).toBe(403);
    const again = await resend(mail!.id, adminCookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.mail).toMatchObject({ id: mail!.id, status: 'pending', attempts: 0 });

    const transporter = nodemailer.createTransport({ jsonTransport: true });
    await deliverDueMail(app, transporter);
    const [sent] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });

    const twice = await resend(mail!.id, adminCookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('אפשר לשלוח מחדש רק מייל שנכשל');
  });

  it('answers 404 for an unknown mail and 400 for a malformed id', async () => {
    expect((await resend('5b0a4c52-4a0e-4c59-9d7c-9d2b6c1e0f11', adminCookie)).statusCode).toBe(404);
    expect((await resend('not-a-uuid', adminCookie)).statusCode).toBe(400);
  });
});
