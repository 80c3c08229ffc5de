import { normalizeIsraeliMobile } from '@shared/domain/phone';
import { ALERT_MESSAGES, ALERTS_CONSENT_TEXT } from '@shared/schemas/alerts';
import { and, eq, isNull, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  alertConsentLog,
  alertDeliveries,
  alertSubscribers,
  contacts,
  leads,
  mailOutbox,
} from '../../db/schema';
import { createProperty, createUser } from '../../test/factories';
import { sessionCookieFor } from '../../test/sessions';
import type { TestApp } from '../../test/test-app';
import { runAlertsOnce } from './job';
import { purgeUnconfirmed } from './removal';
import {
  accessTokenOf,
  addPropertyByApi,
  createAlertsTestApp,
  freshEmail,
  haifaSearch,
  lastMailTo,
  WEEKDAY_MORNING,
} from './test-helpers';
import { emailHash } from './tokens';

let app: TestApp;

beforeAll(async () => {
  app = await createAlertsTestApp();
  await app.ready();
});

/** A mobile number of its own per call, written the way a visitor types it. */
const freshMobile = () => `052-${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
const cityOf = () => `עיר-${Math.random().toString(36).slice(2, 8)}`;
const byPhone = (phone: string, extra: Record<string, unknown> = {}) => ({
  name: 'יוסי טלפון',
  phone,
  consent: true,
  consentText: ALERTS_CONSENT_TEXT,
  ...extra,
});
const subscribe = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/v1/alerts/subscribe', payload, remoteAddress: '203.0.113.9' });
const page = (token: string) => app.inject({ url: `/api/v1/alerts/me/${token}` });
const addEmail = (token: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/v1/alerts/me/${token}/email`, payload });
const consenting = (email: string) => ({ email, consent: true, consentText: ALERTS_CONSENT_TEXT });

/** Subscribes with a phone only; returns the token shown on the screen and the subscriber's row. */
async function phoneOnly(phone: string, extra: Record<string, unknown> = {}) {
  const res = await subscribe(byPhone(phone, extra));
  expect(res.statusCode).toBe(201);
  const token = res.json().data.token as string;
  const [row] = await app.db
    .select()
    .from(alertSubscribers)
    .where(and(eq(alertSubscribers.phone, phone), isNull(alertSubscribers.email)))
    .orderBy(alertSubscribers.createdAt);
  return { token, row: row! };
}

const visitorMails = (subscriberId: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.refId, subscriberId), like(mailOutbox.kind, 'alert%')));

describe('a visitor who gives a mobile phone only', () => {
  it('gets the private link on the answer, a lead routed like any, the consent logged, and no mail', async () => {
    const phone = freshMobile();
    const city = cityOf();
    const res = await subscribe(byPhone(phone, { search: { ...haifaSearch, city } }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', message: ALERT_MESSAGES.phoneOnlySubscribed });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const opened = await page(body.data.token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({
      subscriber: { name: 'יוסי טלפון', email: null, phone, confirmed: false, unsubscribed: false },
      searches: [{ confirmed: true, paused: false, sentence: `דירות 4–5 חדרים ב${city} עד 2,500,000 ₪` }],
    });

    const [row] = await app.db.select().from(alertSubscribers).where(eq(alertSubscribers.phone, phone));
    expect(row!.leadId).not.toBeNull();
    const [lead] = await app.db.select().from(leads).where(eq(leads.id, row!.leadId!));
    expect(lead).toMatchObject({ source: 'savedSearch', phone, contactId: row!.contactId });
    expect(lead!.message).toContain(`דירות 4–5 חדרים ב${city}`);
    expect(lead!.message).toContain('ללא מייל');
    const [contact] = await app.db.select().from(contacts).where(eq(contacts.id, row!.contactId!));
    expect(contact).toMatchObject({ phoneKey: normalizeIsraeliMobile(phone), email: null });
    // The office is told of the lead as for the lead form; the visitor is mailed nothing.
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.refId, lead!.id))).toHaveLength(1);
    expect(await visitorMails(row!.id)).toEqual([]);

    const log = await app.db.select().from(alertConsentLog).where(eq(alertConsentLog.subscriberId, row!.id));
    expect(log).toEqual([
      expect.objectContaining({
        event: 'consent',
        wording: ALERTS_CONSENT_TEXT,
        ip: '203.0.113.9',
        emailHash: emailHash(`tel:${normalizeIsraeliMobile(phone)}`),
      }),
    ]);
  });

  it('is a buyer agents see, is never alerted, and its shown link confirms nothing', async () => {
    const phone = freshMobile();
    const city = cityOf();
    const { token, row } = await phoneOnly(phone, { search: { type: 'sale', city } });
    const admin = await createUser(app.db, { role: 'admin' });
    const cookie = await sessionCookieFor(app.db, admin.id);
    const propertyId = await addPropertyByApi(app, cookie, { city });
    const buyers = await app.inject({
      url: `/api/v1/property/${propertyId}/matching-buyers`,
      headers: { cookie },
    });
    expect(buyers.json().data.buyers).toEqual([
      expect.objectContaining({
        contact: { _id: row.contactId, name: 'יוסי טלפון', phone, email: '' },
        leadId: row.leadId,
      }),
    ]);

    const confirmed = await app.inject({ method: 'POST', url: `/api/v1/alerts/me/${token}/confirm` });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.subscriber).toMatchObject({ email: null, confirmed: false });
    const [after] = await app.db.select().from(alertSubscribers).where(eq(alertSubscribers.id, row.id));
    expect(after!.confirmedAt).toBeNull();

    // A new listing matching the search, then a price drop on it as a favourite: nothing for this subscriber.
    await runAlertsOnce(app, WEEKDAY_MORNING);
    const kept = await app.inject({
      method: 'PUT',
      url: `/api/v1/alerts/me/${token}/favourites`,
      payload: { propertyIds: [propertyId] },
    });
    expect(kept.json().data.favourites).toEqual([expect.objectContaining({ propertyId, state: 'active' })]);
    const drop = await app.inject({
      method: 'PATCH',
      url: `/api/v1/property/${propertyId}`,
      payload: { price: 1_900_000 },
      headers: { cookie },
    });
    expect(drop.statusCode).toBe(200);
    await runAlertsOnce(app, WEEKDAY_MORNING);
    expect(
      await app.db.select().from(alertDeliveries).where(eq(alertDeliveries.subscriberId, row.id)),
    ).toEqual([]);
    expect(await visitorMails(row.id)).toEqual([]);
    // Kept past the 30 days that unconfirmed addresses get: there is no address to confirm.
    await purgeUnconfirmed(app.db, new Date(Date.now() + 40 * 86_400_000));
    expect(await app.db.select().from(alertSubscribers).where(eq(alertSubscribers.id, row.id))).toHaveLength(
      1,
    );
  });

  it('makes a subscriber of its own each time (a known number opens nobody’s favourites), limited per number', async () => {
    const phone = freshMobile();
    const first = await phoneOnly(phone, { search: { type: 'sale', city: cityOf() } });
    const again = await subscribe(byPhone(phone.replace(/^0/, '+972 '), { search: { type: 'rent' } }));
    expect(again.statusCode).toBe(201);
    const second = again.json().data.token as string;
    expect(second).not.toBe(first.token);
    expect((await page(first.token)).json().data.searches).toHaveLength(1);
    expect((await page(second)).json().data.searches).toEqual([
      expect.objectContaining({ sentence: expect.stringContaining('להשכרה') }),
    ]);
    // Five a minute per number in this app, however it is written.
    for (const written of [phone, phone.replace(/-/g, ''), phone]) {
      expect((await subscribe(byPhone(written))).statusCode).toBe(201);
    }
    const over = await subscribe(byPhone(phone));
    expect(over.statusCode).toBe(429);
  });

  it('refuses a form with neither an e-mail nor a phone, and a phone that is not a mobile', async () => {
    const neither = await subscribe({
      name: 'דנה',
      email: ' ',
      consent: true,
      consentText: ALERTS_CONSENT_TEXT,
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().fieldErrors).toEqual({ email: ALERT_MESSAGES.contactRequired });
    const landline = await subscribe(byPhone('04-8123456'));
    expect(landline.statusCode).toBe(400);
    expect(landline.json().fieldErrors).toEqual({ phone: 'מספר הטלפון אינו תקין, נסה שוב.' });
  });
});

describe('adding an e-mail to a phone-only link', () => {
  it('mails the double opt-in with the address’s own link, which then holds the searches and favourites', async () => {
    const phone = freshMobile();
    const city = cityOf();
    const property = await createProperty(app.db, { city });
    const { token, row } = await phoneOnly(phone, {
      search: { type: 'sale', city },
      favourites: [property.id],
    });
    const email = freshEmail('phone');
    const res = await addEmail(token, consenting(email.toUpperCase()));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'success', message: ALERT_MESSAGES.subscribed });

    const mail = (await lastMailTo(app, email, 'alert-confirm'))!;
    const mailed = accessTokenOf(mail.text);
    expect(mailed).not.toBe(token);
    const confirmed = await app.inject({ method: 'POST', url: `/api/v1/alerts/me/${mailed}/confirm` });
    expect(confirmed.json().data).toMatchObject({
      subscriber: { email, phone, confirmed: true },
      searches: [{ confirmed: true, sentence: `נכסים ב${city}` }],
      favourites: [{ propertyId: property.id, state: 'active' }],
    });
    // The same buyer, the same lead: confirming the address made no second one.
    const [withAddress] = await app.db
      .select()
      .from(alertSubscribers)
      .where(eq(alertSubscribers.email, email));
    expect(withAddress).toMatchObject({ leadId: row.leadId, contactId: row.contactId });
    expect(await app.db.select().from(leads).where(eq(leads.contactId, row.contactId!))).toHaveLength(1);
    // The link shown on the screen stays phone-only.
    expect((await page(token)).json().data.subscriber).toMatchObject({ email: null, confirmed: false });
  });

  it('answers a known address the same, adding only what waits for its confirmation', async () => {
    const email = freshEmail('known');
    await subscribe({ name: 'בעלת הכתובת', email, consent: true, consentText: ALERTS_CONSENT_TEXT });
    const { token } = await phoneOnly(freshMobile(), { search: { type: 'rent', city: cityOf() } });
    const res = await addEmail(token, consenting(email));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'success', message: ALERT_MESSAGES.subscribed });
    const [known] = await app.db.select().from(alertSubscribers).where(eq(alertSubscribers.email, email));
    expect(known).toMatchObject({ name: 'בעלת הכתובת', phone: '', leadId: null });
    const mailed = accessTokenOf((await lastMailTo(app, email, 'alert-confirm'))!.text);
    expect((await page(mailed)).json().data.searches).toEqual([
      expect.objectContaining({ confirmed: false }),
    ]);
  });

  it('refuses a link that has an address, an unknown link, a bad address and an unticked box', async () => {
    const { token } = await phoneOnly(freshMobile());
    const email = freshEmail();
    await addEmail(token, consenting(email));
    const addressToken = accessTokenOf((await lastMailTo(app, email, 'alert-confirm'))!.text);
    const taken = await addEmail(addressToken, consenting(freshEmail()));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(ALERT_MESSAGES.emailAlreadyGiven);
    const unknown = await addEmail('x'.repeat(43), consenting(freshEmail()));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ALERT_MESSAGES.tokenNotFound);
    const bad = await addEmail(token, {
      email: 'not-mail',
      consent: false,
      consentText: ALERTS_CONSENT_TEXT,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      email: 'כתובת המייל אינה תקינה, נסה שוב.',
      consent: ALERT_MESSAGES.consentRequired,
    });
  });
});

describe('deleting a phone-only subscriber', () => {
  it('removes the subscriber, its lead and contact, and keeps only a hash of the number in the log', async () => {
    const phone = freshMobile();
    const { token, row } = await phoneOnly(phone, { search: { type: 'sale', city: cityOf() } });
    const res = await app.inject({ method: 'DELETE', url: `/api/v1/alerts/me/${token}` });
    expect(res.statusCode).toBe(200);
    expect((await page(token)).statusCode).toBe(404);
    expect(await app.db.select().from(leads).where(eq(leads.id, row.leadId!))).toEqual([]);
    expect(await app.db.select().from(contacts).where(eq(contacts.id, row.contactId!))).toEqual([]);
    const log = await app.db
      .select()
      .from(alertConsentLog)
      .where(eq(alertConsentLog.emailHash, emailHash(`tel:${normalizeIsraeliMobile(phone)}`)));
    expect(log.map((l) => [l.event, l.ip, l.subscriberId]).sort()).toEqual([
      ['consent', null, null],
      ['delete', null, null],
    ]);
  });
});
