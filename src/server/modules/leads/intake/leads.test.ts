import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobApplications, leads, mailOutbox } from '../../../db/schema';
import { createUser, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app';

let app: TestApp;
const goodLead = { name: 'ישראל ישראלי', phone: '050-123-4567', category: 'מוכר' };
const goodJob = { fullName: 'רות כהן', phone: '+972521234567', email: 'ruth@example.com' };

const post = (url: string, payload: unknown, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });
const counts = async () => ({
  leads: (await app.db.select().from(leads)).length,
  jobs: (await app.db.select().from(jobApplications)).length,
  mail: (await app.db.select().from(mailOutbox)).length,
});

beforeAll(async () => {
  app = await createTestApp({ rateLimits: { formsPerIp: { max: 3, windowMs: 60_000 } } });
});

describe('POST /api/v1/email/send-mail', () => {
  it('stores the lead and queues an e-mail to the office', async () => {
    const res = await post('/api/v1/email/send-mail', goodLead, '10.0.1.1');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'success' });
    const [lead] = await app.db.select().from(leads).where(eq(leads.name, goodLead.name));
    expect(lead).toMatchObject({ ...goodLead, ip: '10.0.1.1' });
    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.refId, lead!.id));
    expect(mail).toMatchObject({ kind: 'lead', to: 'office@example.com', status: 'pending', attempts: 0 });
    expect(mail!.subject).toContain(goodLead.name);
    expect(mail!.text).toContain('050-123-4567');
    expect(mail!.text).toContain('מוכר');
  });
});

describe('POST /api/v1/email/send-job-mail', () => {
  it('stores the application and queues an e-mail to the office', async () => {
    const res = await post('/api/v1/email/send-job-mail', goodJob, '10.0.1.2');
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(jobApplications).where(eq(jobApplications.email, goodJob.email));
    expect(row).toMatchObject(goodJob);
    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.refId, row!.id));
    expect(mail).toMatchObject({ kind: 'job-application', to: 'office@example.com', status: 'pending' });
    expect(mail!.text).toContain('ruth@example.com');
  });
});

describe('bad input', () => {
  const huge = 'א'.repeat(20_000);
  const cases: [string, string, unknown, RegExp][] = [
    ['lead without a name', '/api/v1/email/send-mail', { ...goodLead, name: '' }, /יש להזין שם/],
    ['lead without a phone', '/api/v1/email/send-mail', { name: 'א', category: 'קונה' }, /טלפון/],
    ['lead with a landline', '/api/v1/email/send-mail', { ...goodLead, phone: '0401234567' }, /אינו תקין/],
    ['lead with letters', '/api/v1/email/send-mail', { ...goodLead, phone: 'abcdefghij' }, /אינו תקין/],
    ['lead with a bad category', '/api/v1/email/send-mail', { ...goodLead, category: 'x' }, /קטגוריה/],
    ['lead with a number name', '/api/v1/email/send-mail', { ...goodLead, name: 42 }, /שם/],
    ['lead with a huge name', '/api/v1/email/send-mail', { ...goodLead, name: huge }, /תווים/],
    ['lead as an array', '/api/v1/email/send-mail', [goodLead], /./],
    ['job without e-mail', '/api/v1/email/send-job-mail', { ...goodJob, email: undefined }, /מייל/],
    [
      'job with a bad e-mail',
      '/api/v1/email/send-job-mail',
      { ...goodJob, email: 'a@b' },
      /המייל אינה תקינה/,
    ],
    ['job with a bad phone', '/api/v1/email/send-job-mail', { ...goodJob, phone: '05012345' }, /אינו תקין/],
    ['job with a huge e-mail', '/api/v1/email/send-job-mail', { ...goodJob, email: `${huge}@x.co` }, /תווים/],
    ['job with a boolean name', '/api/v1/email/send-job-mail', { ...goodJob, fullName: true }, /שם מלא/],
  ];
  it.each(cases)('%s: 400 with a Hebrew message, nothing stored', async (_name, url, payload, message) => {
    const before = await counts();
    const res = await post(url, payload, `10.0.2.${cases.findIndex((c) => c[0] === _name)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'fail', code: 'VALIDATION' });
    expect(res.json().message).toMatch(message);
    expect(await counts()).toEqual(before);
  });

  it('answers the phone rule message on the phone field', async () => {
    const res = await post('/api/v1/email/send-mail', { ...goodLead, phone: '123' }, '10.0.3.1');
    expect(res.json().fieldErrors.phone).toBe('מספר הטלפון אינו תקין, נסה שוב.');
  });
});

describe('honeypot', () => {
  it('accepts a bot submission silently but neither stores nor mails it', async () => {
    const before = await counts();
    const lead = await post('/api/v1/email/send-mail', { ...goodLead, website: 'http://spam' }, '10.0.4.1');
    const job = await post('/api/v1/email/send-job-mail', { ...goodJob, website: 'x' }, '10.0.4.1');
    expect(lead.statusCode).toBe(201);
    expect(job.statusCode).toBe(201);
    expect(lead.json()).toEqual((await post('/api/v1/email/send-mail', goodLead, '10.0.4.2')).json());
    const after = await counts();
    expect(after).toEqual({ leads: before.leads + 1, jobs: before.jobs, mail: before.mail + 1 });
  });
});

describe('rate limit', () => {
  it('refuses a fourth submission from one IP with 429 and stores nothing more', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/v1/email/send-mail', goodLead, '10.0.5.1')).statusCode).toBe(201);
    }
    const before = await counts();
    const res = await post('/api/v1/email/send-mail', goodLead, '10.0.5.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/[א-ת]/);
    expect(await counts()).toEqual(before);
    // Another address and the other form keep their own counters.
    expect((await post('/api/v1/email/send-mail', goodLead, '10.0.5.2')).statusCode).toBe(201);
    expect((await post('/api/v1/email/send-job-mail', goodJob, '10.0.5.1')).statusCode).toBe(201);
  });
});

describe('GET /api/v1/leads', () => {
  it('answers 401 without a session and 403 for an agent', async () => {
    expect((await app.inject({ url: '/api/v1/leads' })).statusCode).toBe(401);
    const agent = await createUser(app.db);
    const cookie = await signIn(app, agent.email, TEST_PASSWORD);
    expect((await app.inject({ url: '/api/v1/leads', headers: { cookie } })).statusCode).toBe(403);
  });

  it('gives an admin leads and applications newest first with their mail status', async () => {
    await post('/api/v1/email/send-mail', { ...goodLead, name: 'הכי חדש' }, '10.0.6.1');
    const [newest] = await app.db.select().from(leads).where(eq(leads.name, 'הכי חדש'));
    await app.db
      .update(mailOutbox)
      .set({ status: 'sent', attempts: 1, sentAt: new Date() })
      .where(eq(mailOutbox.refId, newest!.id));
    const admin = await createUser(app.db, { role: 'admin' });
    const cookie = await signIn(app, admin.email, TEST_PASSWORD);
    const res = await app.inject({ url: '/api/v1/leads', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const { leads: list, jobApplications: jobs } = res.json().data;
    expect(list.length).toBe((await app.db.select().from(leads)).length);
    expect(list[0]).toMatchObject({ name: 'הכי חדש', mail: { status: 'sent', attempts: 1 } });
    expect(list[1].mail).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
    const times = list.map((l: { createdAt: string }) => l.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(jobs[0]).toMatchObject({ fullName: goodJob.fullName, email: goodJob.email });
    expect(jobs[0].mail.status).toBe('pending');
    expect(res.body).not.toContain('10.0.');
  });
});
