import { ALERT_MESSAGES, ALERTS_CONSENT_TEXT } from '@shared/schemas/alerts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  alertConsentLog,
  alertSubscribers,
  alertTokens,
  contacts,
  leads,
  mailOutbox,
  savedSearches,
} from '../../db/schema';
import { pageStatus } from '../../pages/page-status';
import { createProperty } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { getSettings } from '../settings';
import { purgeAlertData } from './job';
import { escapeHtml } from './mail-layout';
import {
  accessTokenOf,
  confirmedSubscriber,
  createAlertsTestApp,
  freshEmail,
  haifaSearch,
  lastMailTo,
  subscribeBody,
} from './test-helpers';
import { emailHash, issueToken } from './tokens';

let app: TestApp;

beforeAll(async () => {
  app = await createAlertsTestApp();
  await app.ready();
});

const subscribe = (payload: object, ip = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/api/v1/alerts/subscribe', payload, remoteAddress: ip });
const page = (token: string) => app.inject({ url: `/api/v1/alerts/me/${token}` });
const subscriberOf = async (email: string) =>
  (await app.db.select().from(alertSubscribers).where(eq(alertSubscribers.email, email)))[0];

describe('POST /api/v1/alerts/subscribe', () => {
  it('stores the consent with its exact wording, time and IP, and mails a confirmation link', async () => {
    const email = freshEmail();
    const before = Date.now();
    const res = await subscribe(
      subscribeBody(email.toUpperCase(), { search: haifaSearch, phone: '050-765 4321' }),
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'success', message: ALERT_MESSAGES.subscribed });
    const subscriber = (await subscriberOf(email))!;
    expect(subscriber).toMatchObject({
      consentText: ALERTS_CONSENT_TEXT,
      consentIp: '203.0.113.7',
      confirmedAt: null,
      phone: '050-765 4321',
    });
    expect(subscriber.consentAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const log = await app.db
      .select()
      .from(alertConsentLog)
      .where(eq(alertConsentLog.subscriberId, subscriber.id));
    expect(log).toEqual([
      expect.objectContaining({
        event: 'consent',
        wording: ALERTS_CONSENT_TEXT,
        ip: '203.0.113.7',
        emailHash: emailHash(email),
      }),
    ]);
    const mail = (await lastMailTo(app, email, 'alert-confirm'))!;
    expect(mail.text).toContain('http://localhost');
    expect(mail.text).toMatch(/\/MyAlerts\/[A-Za-z0-9_-]{40,}\?confirm=1/);
    expect(mail.html).toContain('dir="rtl"');
    // Only the token's hash is stored.
    const token = accessTokenOf(mail.text);
    const stored = await app.db.select().from(alertTokens).where(eq(alertTokens.subscriberId, subscriber.id));
    expect(stored.map((t) => t.tokenHash)).not.toContain(token);
    expect(stored).toHaveLength(1);
  });

  it('refuses a bad phone, a bad e-mail, an unticked box and absurd bounds with the fields’ messages', async () => {
    const res = await subscribe({
      name: 'דנה',
      email: 'not-an-email',
      phone: '12345',
      consent: false,
      consentText: ALERTS_CONSENT_TEXT,
      search: { type: 'sale', minPrice: 3_000_000, maxPrice: 1_000_000, maxRooms: 40 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      email: 'כתובת המייל אינה תקינה, נסה שוב.',
      phone: 'מספר הטלפון אינו תקין, נסה שוב.',
      consent: ALERT_MESSAGES.consentRequired,
      'search.minPrice': 'המינימום לא יכול לעלות על המקסימום',
      'search.maxRooms': 'אפשר להקליד בין 1 ל-10',
    });
  });

  it('adds to a known address only as waiting for confirmation, and never changes its details', async () => {
    const email = freshEmail();
    const token = await confirmedSubscriber(app, email);
    expect(
      (await subscribe(subscribeBody(email, { name: 'מישהו אחר', search: haifaSearch }))).statusCode,
    ).toBe(202);
    const subscriber = (await subscriberOf(email))!;
    expect(subscriber.name).toBe('דנה קונה');
    const [search] = await app.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.subscriberId, subscriber.id));
    expect(search!.confirmedAt).toBeNull();
    const newToken = accessTokenOf((await lastMailTo(app, email, 'alert-confirm'))!.text);
    expect(newToken).not.toBe(token);
    const confirmed = await app.inject({ method: 'POST', url: `/api/v1/alerts/me/${newToken}/confirm` });
    expect(confirmed.json().data.searches[0]).toMatchObject({
      confirmed: true,
      sentence: 'דירות 4–5 חדרים בחיפה עד 2,500,000 ₪',
    });
  });

  it('limits subscriptions per address', async () => {
    const email = freshEmail();
    const codes = [];
    for (let i = 0; i < 6; i += 1) codes.push((await subscribe(subscribeBody(email))).statusCode);
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe('the private link', () => {
  it('answers 404 with a Hebrew message for an unknown or revoked token', async () => {
    const res = await page('x'.repeat(43));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ALERT_MESSAGES.tokenNotFound);
    const email = freshEmail();
    const token = await confirmedSubscriber(app, email);
    const subscriber = (await subscriberOf(email))!;
    await app.db
      .update(alertTokens)
      .set({ revokedAt: new Date() })
      .where(eq(alertTokens.subscriberId, subscriber.id));
    expect((await page(token)).statusCode).toBe(404);
  });

  it('confirms once (logged), makes the buyer requirement a routed lead, and shows favourites as they are', async () => {
    const email = freshEmail();
    const sold = await createProperty(app.db, { sold: true });
    const active = await createProperty(app.db);
    const gone = await createProperty(app.db);
    await subscribe(
      subscribeBody(email, {
        phone: '052-888 7766',
        search: haifaSearch,
        favourites: [sold.id, active.id, gone.id],
      }),
    );
    const token = accessTokenOf((await lastMailTo(app, email, 'alert-confirm'))!.text);
    await app.db.execute(`delete from properties where id = '${gone.id}'`);
    const first = await app.inject({ method: 'POST', url: `/api/v1/alerts/me/${token}/confirm` });
    expect(first.statusCode).toBe(200);
    await app.inject({ method: 'POST', url: `/api/v1/alerts/me/${token}/confirm` });
    const data = first.json().data;
    expect(data.subscriber).toMatchObject({ confirmed: true, unsubscribed: false, email });
    expect(
      Object.fromEntries(
        data.favourites.map((f: { propertyId: string; state: string }) => [f.propertyId, f.state]),
      ),
    ).toEqual({
      [sold.id]: 'sold',
      [active.id]: 'active',
      [gone.id]: 'deleted',
    });
    const subscriber = (await subscriberOf(email))!;
    const events = await app.db
      .select()
      .from(alertConsentLog)
      .where(eq(alertConsentLog.subscriberId, subscriber.id));
    expect(events.map((e) => e.event).sort()).toEqual(['confirm', 'consent']);
    const [lead] = await app.db.select().from(leads).where(eq(leads.id, subscriber.leadId!));
    expect(lead).toMatchObject({ source: 'savedSearch', category: 'קונה', phone: '052-888 7766' });
    expect(lead!.message).toContain('דירות 4–5 חדרים בחיפה עד 2,500,000 ₪');
    const [contact] = await app.db.select().from(contacts).where(eq(contacts.id, subscriber.contactId!));
    expect(contact).toMatchObject({ phoneKey: '+972528887766', email });
    const office = await app.db.select().from(mailOutbox).where(eq(mailOutbox.refId, lead!.id));
    expect(office).toEqual([
      expect.objectContaining({ kind: 'lead', subject: 'קונה חדש מחיפוש שמור: דנה קונה' }),
    ]);
    expect(office[0]!.text).toContain(`${app.env.APP_ORIGIN}/Leads/${lead!.id}`);
  });

  it('edits, pauses and deletes a saved search; refuses absurd bounds and another subscriber’s search', async () => {
    const token = await confirmedSubscriber(app, freshEmail());
    const other = await confirmedSubscriber(app, freshEmail(), { search: haifaSearch });
    const created = await app.inject({
      method: 'POST',
      url: `/api/v1/alerts/me/${token}/searches`,
      payload: { filters: { type: 'rent', city: 'עכו', maxPrice: 6000 } },
    });
    expect(created.statusCode).toBe(201);
    const search = created.json().data.search;
    expect(search).toMatchObject({
      sentence: 'נכסים להשכרה בעכו עד 6,000 ₪',
      confirmed: true,
      paused: false,
    });
    const paused = await app.inject({
      method: 'PATCH',
      url: `/api/v1/alerts/me/${token}/searches/${search._id}`,
      payload: { paused: true, filters: { type: 'rent', city: 'עכו', minRooms: 3 } },
    });
    expect(paused.json().data.search).toMatchObject({
      paused: true,
      sentence: 'נכסים להשכרה 3 חדרים ומעלה בעכו',
    });
    const absurd = await app.inject({
      method: 'PATCH',
      url: `/api/v1/alerts/me/${token}/searches/${search._id}`,
      payload: { filters: { type: 'rent', maxPrice: 90_000 } },
    });
    expect(absurd.statusCode).toBe(400);
    expect(absurd.json().fieldErrors['filters.maxPrice']).toBe('אפשר להקליד בין 0 ₪ ל-50,000 ₪');
    const otherSearch = (await page(other)).json().data.searches[0]._id;
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/v1/alerts/me/${token}/searches/${otherSearch}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(ALERT_MESSAGES.searchNotFound);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/alerts/me/${token}/searches/${search._id}` }))
        .statusCode,
    ).toBe(200);
    expect((await page(token)).json().data.searches).toEqual([]);
  });

  it('keeps the whole list of favourites as sent, dropping unknown properties', async () => {
    const token = await confirmedSubscriber(app, freshEmail());
    const a = await createProperty(app.db);
    const b = await createProperty(app.db);
    const put = (propertyIds: string[]) =>
      app.inject({ method: 'PUT', url: `/api/v1/alerts/me/${token}/favourites`, payload: { propertyIds } });
    expect(
      (await put([a.id, b.id, '00000000-0000-4000-8000-000000000000'])).json().data.favourites,
    ).toHaveLength(2);
    const after = (await put([b.id])).json().data.favourites;
    expect(after.map((f: { propertyId: string }) => f.propertyId)).toEqual([b.id]);
  });
});

describe('unsubscribe and deletion', () => {
  it('deletes the personal data on request, keeping only a hashed proof of consent', async () => {
    const email = freshEmail();
    const token = await confirmedSubscriber(app, email, { phone: '053-111 2299', search: haifaSearch });
    const subscriber = (await subscriberOf(email))!;
    const res = await app.inject({ method: 'DELETE', url: `/api/v1/alerts/me/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ALERT_MESSAGES.deleted);
    expect(await subscriberOf(email)).toBeUndefined();
    expect(await app.db.select().from(leads).where(eq(leads.id, subscriber.leadId!))).toEqual([]);
    expect(await app.db.select().from(contacts).where(eq(contacts.id, subscriber.contactId!))).toEqual([]);
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toEqual([]);
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.refId, subscriber.leadId!))).toEqual(
      [],
    );
    const proof = await app.db
      .select()
      .from(alertConsentLog)
      .where(eq(alertConsentLog.emailHash, emailHash(email)));
    expect(proof.map((p) => p.event).sort()).toEqual(['confirm', 'consent', 'delete']);
    expect(proof.every((p) => p.subscriberId === null && p.ip === null)).toBe(true);
    expect((await page(token)).statusCode).toBe(404);
  });

  it('unsubscribes from the private page at once, logged once, and refuses a link that does not work', async () => {
    const email = freshEmail();
    const token = await confirmedSubscriber(app, email, { search: haifaSearch });
    const unsubscribe = (t: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/alerts/me/${t}/unsubscribe`,
        remoteAddress: '198.51.100.4',
      });
    const res = await unsubscribe(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: ALERT_MESSAGES.unsubscribed });
    expect((await unsubscribe(token)).statusCode).toBe(200);
    expect((await subscriberOf(email))!.unsubscribedAt).not.toBeNull();
    expect((await page(token)).json().data.subscriber.unsubscribed).toBe(true);
    const log = await app.db
      .select()
      .from(alertConsentLog)
      .where(eq(alertConsentLog.emailHash, emailHash(email)));
    expect(log.filter((l) => l.event === 'unsubscribe')).toMatchObject([{ ip: '198.51.100.4' }]);
    const unknown = await unsubscribe('c'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ALERT_MESSAGES.tokenNotFound);
  });

  it('after "delete everything" the old unsubscribe link says in Hebrew that nothing goes through it', async () => {
    const email = freshEmail();
    const access = await confirmedSubscriber(app, email);
    const unsubscribeToken = await issueToken(app.db, (await subscriberOf(email))!.id, 'unsubscribe');
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/alerts/me/${access}` })).statusCode).toBe(200);
    expect(await subscriberOf(email)).toBeUndefined();
    const { agencyName } = await getSettings(app.db);
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({ method, url: `/alerts/unsubscribe/${unsubscribeToken}` });
      expect(res.statusCode, method).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('לא יישלחו עדכונים בקישור הזה');
      expect(res.body).toContain(escapeHtml(agencyName));
      expect(res.body).not.toContain(email);
    }
    const malformed = await app.inject({ url: '/alerts/unsubscribe/not-a-token' });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.body).toContain('הקישור אינו תקף');
  });
});

describe('the private page and keeping times', () => {
  it('is served with 404 for a link that does not work, 200 for one that does', async () => {
    const token = await confirmedSubscriber(app, freshEmail());
    expect(await pageStatus(app, `/MyAlerts/${token}`)).toBe(200);
    expect(await pageStatus(app, `/MyAlerts/${'b'.repeat(43)}`)).toBe(404);
    expect(await pageStatus(app, '/MyAlerts/%E0%A4%A')).toBe(404);
  });

  it('deletes subscribers who never confirmed after 30 days, and consent records after three years', async () => {
    const waiting = freshEmail();
    const confirmed = freshEmail();
    await subscribe(subscribeBody(waiting));
    await confirmedSubscriber(app, confirmed);
    await purgeAlertData(app.db, new Date(Date.now() + 29 * 86_400_000));
    expect(await subscriberOf(waiting)).toBeDefined();
    await purgeAlertData(app.db, new Date(Date.now() + 31 * 86_400_000));
    expect(await subscriberOf(waiting)).toBeUndefined();
    const kept = (await subscriberOf(confirmed))!;
    expect(kept).toBeDefined();
    const logOf = () =>
      app.db.select().from(alertConsentLog).where(eq(alertConsentLog.subscriberId, kept.id));
    expect(await logOf()).toHaveLength(2);
    await purgeAlertData(app.db, new Date(Date.now() + 3 * 366 * 86_400_000));
    expect(await logOf()).toEqual([]);
  });
});
