import { israelWallTime } from '@shared/domain/israel-calendar';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { alertConsentLog, alertDeliveries, alertSubscribers, mailOutbox } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { runAlertsOnce } from './job';
import {
  addPropertyByApi,
  confirmedSubscriber,
  freshEmail,
  HOUR,
  haifaSearch,
  lastMailTo,
  subscribeBody,
  unsubscribeTokenOf,
  WEEKDAY_MORNING,
} from './test-helpers';

let app: TestApp;
let adminCookie: string;
const plenty = { max: 100_000, windowMs: 60_000 };

beforeAll(async () => {
  app = await createTestApp({
    rateLimits: { alertsSubscribePerIp: plenty, alertsPagePerIp: plenty, alertsPerContact: plenty },
  });
  await app.ready();
  const admin = await createUser(app.db, { role: 'admin' });
  adminCookie = await signIn(app, admin.email, TEST_PASSWORD);
});

const alertMailsTo = (email: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, 'alert')));
const patchPrice = (id: string, price: number) =>
  app.inject({
    method: 'PATCH',
    url: `/api/v1/property/${id}`,
    payload: { price },
    headers: { cookie: adminCookie },
  });
/** A city of its own per test, so one test's subscribers never match another test's listings. */
const cityOf = () => `עיר-${Math.random().toString(36).slice(2, 8)}`;

describe('alerts for a new listing', () => {
  it('queues exactly one alert per confirmed matching subscriber; none for unconfirmed, paused or unsubscribed', async () => {
    const city = cityOf();
    const search = { ...haifaSearch, city };
    const [confirmed, unconfirmed, paused, unsubscribed, elsewhere] = [1, 2, 3, 4, 5].map(() => freshEmail());
    await confirmedSubscriber(app, confirmed!, { search });
    await app.inject({
      method: 'POST',
      url: '/api/v1/alerts/subscribe',
      payload: subscribeBody(unconfirmed!, { search }),
    });
    const pausedToken = await confirmedSubscriber(app, paused!, { search });
    const searchId = (await app.inject({ url: `/api/v1/alerts/me/${pausedToken}` })).json().data.searches[0]
      ._id;
    await app.inject({
      method: 'PATCH',
      url: `/api/v1/alerts/me/${pausedToken}/searches/${searchId}`,
      payload: { paused: true },
    });
    await confirmedSubscriber(app, unsubscribed!, { search });
    await app.db
      .update(alertSubscribers)
      .set({ unsubscribedAt: new Date() })
      .where(eq(alertSubscribers.email, unsubscribed!));
    await confirmedSubscriber(app, elsewhere!, { search: { ...search, city: `${city}-אחרת` } });

    const id = await addPropertyByApi(app, adminCookie, { city, rooms: '4.5', price: '2450000' });
    await runAlertsOnce(app, WEEKDAY_MORNING);
    await runAlertsOnce(app, new Date(WEEKDAY_MORNING.getTime() + 2 * HOUR));

    const mails = await alertMailsTo(confirmed!);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`פרסומת: נכס חדש שמתאים לכם: דירת 4.5 חדרים ב${city}`);
    expect(mail!.text).toContain(`${app.env.APP_ORIGIN}/PropertyView/${id}`);
    expect(mail!.html).toContain('2,450,000 ₪');
    expect(mail!.html).toContain('lang="he" dir="rtl"');
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${app.env.APP_ORIGIN}/alerts/unsubscribe/${unsubscribeTokenOf(mail!.text)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    for (const email of [unconfirmed, paused, unsubscribed, elsewhere])
      expect(await alertMailsTo(email!)).toEqual([]);
  });

  it('waits out Shabbat, and batches immediate alerts at most once an hour', async () => {
    const city = cityOf();
    const email = freshEmail();
    await confirmedSubscriber(app, email, { search: { type: 'sale', city } });
    await addPropertyByApi(app, adminCookie, { city });
    // Friday 15:00 and Saturday noon in Israel: held until after Shabbat; Sunday morning it goes.
    await runAlertsOnce(app, israelWallTime('2026-11-27', 15 * 60));
    await runAlertsOnce(app, israelWallTime('2026-11-28', 12 * 60));
    expect(await alertMailsTo(email)).toEqual([]);
    const sunday = israelWallTime('2026-11-29', 10 * 60);
    await runAlertsOnce(app, sunday);
    expect(await alertMailsTo(email)).toHaveLength(1);
    await addPropertyByApi(app, adminCookie, { city, address: 'הרצל 2' });
    await runAlertsOnce(app, new Date(sunday.getTime() + 30 * 60_000));
    expect(await alertMailsTo(email)).toHaveLength(1);
    await runAlertsOnce(app, new Date(sunday.getTime() + HOUR));
    expect(await alertMailsTo(email)).toHaveLength(2);
  });
});

describe('alerts for a price drop', () => {
  it('tells a favourite’s subscriber once, with the old price', async () => {
    const city = cityOf();
    const email = freshEmail();
    const id = await addPropertyByApi(app, adminCookie, { city, price: '2000000' });
    const token = await confirmedSubscriber(app, email, { favourites: [id] });
    await runAlertsOnce(app, WEEKDAY_MORNING);
    expect(await alertMailsTo(email)).toEqual([]);
    expect((await patchPrice(id, 1_900_000)).statusCode).toBe(200);
    await runAlertsOnce(app, WEEKDAY_MORNING);
    const [mail] = await alertMailsTo(email);
    expect(mail!.subject).toBe(`פרסומת: ירידת מחיר: דירת 4 חדרים ב${city}`);
    expect(mail!.text).toContain('המחיר ירד: 1,900,000 ₪ (במקום 2,000,000 ₪)');
    // Another drop on the same property: already told of a drop, never again.
    expect((await patchPrice(id, 1_800_000)).statusCode).toBe(200);
    await runAlertsOnce(app, new Date(WEEKDAY_MORNING.getTime() + 3 * HOUR));
    expect(await alertMailsTo(email)).toHaveLength(1);
    expect(token).not.toBe('');
  });
});

describe('unsubscribe', () => {
  async function subscriberWithAlert() {
    const city = cityOf();
    const email = freshEmail();
    await confirmedSubscriber(app, email, { search: { type: 'sale', city } });
    await addPropertyByApi(app, adminCookie, { city });
    await runAlertsOnce(app, WEEKDAY_MORNING);
    const mail = (await lastMailTo(app, email, 'alert'))!;
    return { email, city, token: unsubscribeTokenOf(mail.text) };
  }
  const unsubscribedAt = async (email: string) =>
    (await app.db.select().from(alertSubscribers).where(eq(alertSubscribers.email, email)))[0]!
      .unsubscribedAt;

  it('by the link: a page with one button, then honoured at once, logged once, and the same on a repeat', async () => {
    const { email, city, token } = await subscriberWithAlert();
    const shown = await app.inject({ url: `/alerts/unsubscribe/${token}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<form method="post"');
    expect(await unsubscribedAt(email)).toBeNull();
    const first = await app.inject({ method: 'POST', url: `/alerts/unsubscribe/${token}` });
    const again = await app.inject({ method: 'POST', url: `/alerts/unsubscribe/${token}` });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.body).toBe(first.body);
    expect(first.body).not.toContain(email);
    expect(await unsubscribedAt(email)).not.toBeNull();
    const subscriber = (
      await app.db.select().from(alertSubscribers).where(eq(alertSubscribers.email, email))
    )[0]!;
    const log = await app.db
      .select()
      .from(alertConsentLog)
      .where(and(eq(alertConsentLog.subscriberId, subscriber.id), eq(alertConsentLog.event, 'unsubscribe')));
    expect(log).toHaveLength(1);
    await addPropertyByApi(app, adminCookie, { city, address: 'אחר 1' });
    await runAlertsOnce(app, new Date(WEEKDAY_MORNING.getTime() + 5 * HOUR));
    expect(await alertMailsTo(email)).toHaveLength(1);
  });

  it('by List-Unsubscribe-Post, holding alert mails not yet sent', async () => {
    const { email, token } = await subscriberWithAlert();
    const res = await app.inject({
      method: 'POST',
      url: `/alerts/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await unsubscribedAt(email)).not.toBeNull();
    const mails = await alertMailsTo(email);
    expect(mails.map((m) => m.status)).toEqual(['held']);
  });
});

describe('the alert records', () => {
  it('are one per subscriber, property and reason', async () => {
    const city = cityOf();
    const email = freshEmail();
    await confirmedSubscriber(app, email, { search: { type: 'sale', city } });
    const token = (await lastMailTo(app, email, 'alert-confirm'))!;
    const id = await addPropertyByApi(app, adminCookie, { city });
    // An edit that keeps it matching records a second event; the alert is still one.
    await app.inject({
      method: 'PATCH',
      url: `/api/v1/property/${id}`,
      payload: { address: 'הנשיא 7' },
      headers: { cookie: adminCookie },
    });
    await runAlertsOnce(app, WEEKDAY_MORNING);
    const subscriber = (
      await app.db.select().from(alertSubscribers).where(eq(alertSubscribers.email, email))
    )[0]!;
    const rows = await app.db
      .select()
      .from(alertDeliveries)
      .where(inArray(alertDeliveries.subscriberId, [subscriber.id]));
    expect(rows.map((r) => r.reason)).toEqual(['newListing']);
    expect(token).toBeDefined();
  });
});
