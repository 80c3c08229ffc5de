import { EMAIL_INVALID_MESSAGE } from '@shared/domain/email';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agencySettings,
  alertSubscribers,
  jobApplications,
  leads,
  properties,
  reportContacts,
  users,
} from './db/schema';
import { freshEmail, subscribeBody } from './modules/alerts/test-helpers';
import { createProperty, createUser, TEST_PASSWORD } from './test/factories';
import { createTestApp, signIn, type TestApp } from './test/test-app';

/**
 * Issue 28 item 22, one route family at a time: single-line person fields arrive as one line, free texts lose
 * their bidi embeddings, overrides and isolates (descriptions included), and a phone pasted with invisible
 * marks or no-break spaces is accepted and stored without them.
 */
let app: TestApp;
let admin: string;
let agent: string;
let agentId: string;

// RLO, LRE, PDF, RLI, PDI: each can reorder what follows it on the page.
const BIDI = '\u202E\u202A\u202C\u2067\u2069';
const PASTED_PHONE = '\u200F050\u00A0123\u00A04567\u200E';
const NAME = 'דנה\r\nכהן\u202E';
const ONE_LINE = 'דנה כהן';
const TEXT = `שורה ${BIDI}ראשונה\r\nשורה שנייה`;
const CLEAN_TEXT = 'שורה ראשונה\nשורה שנייה';

beforeAll(async () => {
  app = await createTestApp({ rateLimits: { formsPerIp: { max: 1000, windowMs: 60_000 } } });
  const adminUser = await createUser(app.db, { role: 'admin' });
  admin = await signIn(app, adminUser.email, TEST_PASSWORD);
  const agentUser = await createUser(app.db);
  agentId = agentUser.id;
  agent = await signIn(app, agentUser.email, TEST_PASSWORD);
});

const send = (method: 'POST' | 'PATCH', url: string, payload: object, cookie?: string) =>
  app.inject({ method, url: `/api/v1${url}`, payload, headers: cookie ? { cookie } : {} });

describe('public forms: lead, job application, inquiry', () => {
  it('stores the name as one line and the pasted phone without its invisible characters', async () => {
    const lead = await send('POST', '/email/send-mail', {
      name: NAME,
      phone: PASTED_PHONE,
      category: 'מוכר',
    });
    expect(lead.statusCode).toBe(201);
    const [row] = await app.db.select().from(leads).where(eq(leads.name, ONE_LINE));
    expect(row?.phone).toBe('0501234567');

    const job = await send('POST', '/email/send-job-mail', {
      fullName: 'יוסי\nלוי',
      phone: PASTED_PHONE,
      email: 'yossi@example.com',
    });
    expect(job.statusCode).toBe(201);
    const [application] = await app.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.email, 'yossi@example.com'));
    expect(application).toMatchObject({ fullName: 'יוסי לוי', phone: '0501234567' });
  });

  it('keeps the inquiry message’s lines and drops its bidi controls', async () => {
    const property = await createProperty(app.db);
    const res = await send('POST', `/property/${property.id}/inquiry`, {
      name: 'רון\r\nאבן',
      phone: PASTED_PHONE,
      message: TEXT,
    });
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(leads).where(eq(leads.name, 'רון אבן'));
    expect(row).toMatchObject({ message: CLEAN_TEXT, phone: '0501234567' });
  });
});

describe('visitor alerts', () => {
  it('stores the subscriber’s name as one line and the phone without marks', async () => {
    const email = freshEmail();
    const res = await send(
      'POST',
      '/alerts/subscribe',
      subscribeBody(email, { name: NAME, phone: PASTED_PHONE }),
    );
    expect(res.statusCode).toBe(202);
    const [row] = await app.db.select().from(alertSubscribers).where(eq(alertSubscribers.email, email));
    expect(row).toMatchObject({ name: ONE_LINE, phone: '0501234567' });
  });

  it('refuses an address with a direction mark or an override inside it, in Hebrew, and stores nothing', async () => {
    for (const email of [`buyer\u200f${freshEmail()}`, `${freshEmail()}\u202e`.replace('@', '@\u202e')]) {
      const res = await send('POST', '/alerts/subscribe', subscribeBody(email));
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(EMAIL_INVALID_MESSAGE);
    }
  });
});

describe('users', () => {
  it('stores a user’s name and job title as one line, and an own phone without marks', async () => {
    const res = await send('PATCH', `/users/${agentId}`, { name: NAME, companyRole: 'סוכנת\nבכירה' }, admin);
    expect(res.statusCode).toBe(200);
    const own = await send('PATCH', '/users/me', { phone_number: PASTED_PHONE, aboutMe: TEXT }, agent);
    expect(own.statusCode).toBe(200);
    const [row] = await app.db.select().from(users).where(eq(users.id, agentId));
    expect(row).toMatchObject({
      name: ONE_LINE,
      companyRole: 'סוכנת בכירה',
      phoneNumber: '0501234567',
      aboutMe: CLEAN_TEXT,
    });
  });
});

describe('properties', () => {
  it('drops bidi controls from the description and keeps its lines', async () => {
    const property = await createProperty(app.db);
    const res = await send('PATCH', `/property/${property.id}`, { description: TEXT }, admin);
    expect(res.statusCode).toBe(200);
    const [row] = await app.db.select().from(properties).where(eq(properties.id, property.id));
    expect(row?.description).toBe(CLEAN_TEXT);
  });
});

describe('settings', () => {
  it('drops bidi controls from the story and takes a pasted WhatsApp number', async () => {
    const res = await send('PATCH', '/settings', { story: TEXT, whatsappPhone: PASTED_PHONE }, admin);
    expect(res.statusCode).toBe(200);
    const [row] = await app.db.select().from(agencySettings);
    expect(row?.data).toMatchObject({ story: CLEAN_TEXT, whatsappPhone: '0501234567' });
  });
});

describe('pipeline', () => {
  it('stores a hand-made lead’s name as one line and its message without bidi controls', async () => {
    const res = await send(
      'POST',
      '/pipeline/leads',
      { name: 'שרה\r\nלוי', phone: PASTED_PHONE, category: 'קונה', message: TEXT },
      agent,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.lead).toMatchObject({ name: 'שרה לוי', phone: '0501234567', message: CLEAN_TEXT });
  });
});

describe('weekly contact reports', () => {
  it('stores the client’s name as one line and the note without bidi controls', async () => {
    await createProperty(app.db, { address: 'הגפן 7', agentId, exclusive: true });
    const res = await send(
      'POST',
      '/reportContact',
      { clientName: 'משה\nכץ', exclusiveProperty: 'הגפן 7', note: TEXT, agent: agentId },
      agent,
    );
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(reportContacts).where(eq(reportContacts.agentId, agentId));
    expect(row).toMatchObject({ clientName: 'משה כץ', note: CLEAN_TEXT });
  });
});
