import { ALERTS_CONSENT_TEXT } from '@shared/schemas/alerts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { alertSubscribers, savedSearches } from '../../db/schema';
import { createPagesApp } from '../../pages/test-pages';
import type { TestApp } from '../../test/test-app';
import { freshEmail, lastMailTo } from './test-helpers';

let app: TestApp;

beforeAll(async () => {
  const plenty = { max: 100_000, windowMs: 60_000 };
  app = await createPagesApp({ rateLimits: { alertsSubscribePerIp: plenty, alertsPerContact: plenty } });
});

/** The search the listing page puts in its form's hidden field (the dialog's very filters). */
const search = (city: string) =>
  JSON.stringify({
    type: 'sale',
    city,
    minRooms: 4,
    maxRooms: 5,
    minPrice: 0,
    maxPrice: 2_500_000,
    features: [],
  });

/** A native form post, as a browser without JavaScript sends it. */
const post = (url: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'));
const cityOf = () => `עיר-${Math.random().toString(36).slice(2, 8)}`;

describe('"שמירת החיפוש" on the listing pages without JavaScript', () => {
  it('the button leads to a form on the same listing that posts to it, with the consent box unticked', async () => {
    const page = await app.inject({ url: `/Sale?city=${encodeURIComponent('חיפה')}` });
    const button =
      /<form[^>]*action="\/Sale#save-search"[^>]*>.*?<\/form>/.exec(rootOf(page.body))?.[0] ?? '';
    expect(button).toMatch(/^<form [^>]*method="get"/);
    expect(button).toContain(`name="city" value="חיפה"`);
    expect(button).toContain('name="save" value="1"');
    expect(button).toContain('שמירת החיפוש ועדכונים על נכסים חדשים');
    const res = await app.inject({ url: `/Sale?city=${encodeURIComponent('חיפה')}&save=1` });
    expect(res.statusCode).toBe(200);
    const form = /<form [^>]*method="post"[^>]*>.*?<\/form>/.exec(rootOf(res.body))?.[0] ?? '';
    expect(form).toMatch(/^<form [^>]*action="\/Sale\?city=[^"]*&amp;save=1#save-search"/);
    expect(form).toContain('name="form" value="save-search"');
    expect(/<input type="checkbox"[^>]*name="consent"[^>]*>/.exec(form)?.[0]).not.toContain('checked');
    expect(form).toContain(ALERTS_CONSENT_TEXT.replaceAll('"', '&quot;'));
    // The first page rendered imports the web app's server entry: room for that on a busy machine.
  }, 120_000);

  it('stores the search waiting for the double opt-in and queues its confirmation mail', async () => {
    const email = freshEmail('nojs');
    const city = cityOf();
    const res = await post(`/Sale?city=${encodeURIComponent(city)}&save=1`, {
      form: 'save-search',
      search: search(city),
      consentText: ALERTS_CONSENT_TEXT,
      name: 'דנה בלי סקריפט',
      email,
      phone: '',
      frequency: 'daily',
      consent: 'on',
      website: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(rootOf(res.body)).toMatch(/role="status"[^>]*>שלחנו מייל אל/);
    expect(res.body).not.toContain('name="consent"');
    const [subscriber] = await app.db
      .select()
      .from(alertSubscribers)
      .where(eq(alertSubscribers.email, email));
    expect(subscriber).toMatchObject({ name: 'דנה בלי סקריפט', frequency: 'daily', confirmedAt: null });
    expect(subscriber!.consentText).toBe(ALERTS_CONSENT_TEXT);
    const searches = await app.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.subscriberId, subscriber!.id));
    expect(searches).toHaveLength(1);
    expect(searches[0]).toMatchObject({ confirmedAt: null, filters: { type: 'sale', city, minRooms: 4 } });
    expect((await lastMailTo(app, email, 'alert-confirm'))?.text).toMatch(/\/MyAlerts\//);
  });

  it('a bad e-mail or no consent comes back in Hebrew on its field, the values as typed, nothing stored', async () => {
    const city = cityOf();
    const res = await post(`/Rent?city=${encodeURIComponent(city)}&save=1`, {
      form: 'save-search',
      search: search(city).replace('"sale"', '"rent"'),
      consentText: ALERTS_CONSENT_TEXT,
      name: 'יוסי',
      email: 'not-an-address',
      website: '',
    });
    expect(res.statusCode).toBe(400);
    const root = rootOf(res.body);
    expect(root).toContain('כתובת המייל אינה תקינה');
    expect(root).toContain('value="not-an-address"');
    expect(root).toContain('value="יוסי"');
    expect(root).toMatch(/aria-invalid="true"/);
    expect(
      await app.db.select().from(alertSubscribers).where(eq(alertSubscribers.email, 'not-an-address')),
    ).toEqual([]);
    const unticked = await post(`/Rent?city=${encodeURIComponent(city)}&save=1`, {
      form: 'save-search',
      search: search(city).replace('"sale"', '"rent"'),
      consentText: ALERTS_CONSENT_TEXT,
      name: 'יוסי',
      email: freshEmail('unticked'),
      website: '',
    });
    expect(unticked.statusCode).toBe(400);
    expect(rootOf(unticked.body)).toContain('יש לסמן את תיבת ההסכמה כדי לקבל עדכונים');
  });
});
