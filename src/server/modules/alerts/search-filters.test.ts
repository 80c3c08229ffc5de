import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, savedSearches } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { runAlertsOnce } from './job';
import { addPropertyByApi, confirmedSubscriber, freshEmail, WEEKDAY_MORNING } from './test-helpers';

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

const city = () => `עיר-${Math.random().toString(36).slice(2, 8)}`;
const filtersOf = (c: string) => ({
  type: 'sale',
  city: c,
  features: ['ממ"ד'],
  minFloor: 2,
  maxFloor: 5,
  notTop: true,
  entry: 'flexible',
  maxPricePerMeter: 30_000,
  neighbourhood: 'נווה שאנן',
});

describe('saved searches with the filters of issue 39', () => {
  it('round-trip through the private page, with a sentence naming them', async () => {
    const c = city();
    const token = await confirmedSubscriber(app, freshEmail(), { search: filtersOf(c) });
    const page = await app.inject({ url: `/api/v1/alerts/me/${token}` });
    const [search] = page.json().data.searches;
    expect(search.filters).toMatchObject(filtersOf(c));
    expect(search.sentence).toBe(
      `נכסים ב${c} עם ממ"ד · קומה 2–5 · לא קומה אחרונה · כניסה מיידית או גמישה · עד 30,000 ₪ למ״ר · שכונת נווה שאנן`,
    );
    const [stored] = await app.db.select().from(savedSearches).where(eq(savedSearches.id, search._id));
    // Filters not in force are not stored.
    expect(stored!.filters).not.toHaveProperty('notGround');
  });

  it('refuses a minimum above its maximum and unknown values, in Hebrew', async () => {
    const token = await confirmedSubscriber(app, freshEmail());
    const cases: [object, string, string][] = [
      [{ minFloor: 6, maxFloor: 2 }, 'minFloor', 'המינימום לא יכול לעלות על המקסימום'],
      [
        { minPricePerMeter: 9, maxPricePerMeter: 1 },
        'minPricePerMeter',
        'המינימום לא יכול לעלות על המקסימום',
      ],
      [{ entry: 'soon' }, 'entry', 'מועד כניסה לא מוכר'],
      [{ minFloor: 200 }, 'minFloor', 'הקומה חייבת להיות מספר שלם'],
    ];
    for (const [extra, field, message] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/alerts/me/${token}/searches`,
        payload: { filters: { type: 'sale', ...extra } },
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.body).toContain(field);
      expect(res.body).toContain(message);
    }
  });

  it('alert only for a new listing that meets them', async () => {
    const c = city();
    const email = freshEmail();
    await confirmedSubscriber(app, email, { search: filtersOf(c) });
    const meets = {
      city: c,
      floor: '3',
      buildingFloors: '8',
      features: ['ממ"ד', 'חניה'],
      entryDate: 'גמיש',
      size: '100',
      price: '2400000',
      neighbourhood: 'נווה שאנן',
    };
    const misses: Record<string, string | string[]>[] = [
      { floor: '1' },
      { floor: '8' },
      { features: ['חניה'] },
      { entryDate: 'לפי הסכם' },
      { size: '70' },
      { neighbourhood: 'הדר' },
    ];
    const good = await addPropertyByApi(app, adminCookie, meets);
    for (const [i, miss] of misses.entries())
      await addPropertyByApi(app, adminCookie, { ...meets, address: `הרצל ${i + 1}`, ...miss });
    await runAlertsOnce(app, WEEKDAY_MORNING);
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, 'alert')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/PropertyView/${good}`);
    for (const other of ['הרצל 1', 'הרצל 2', 'הרצל 3']) expect(mails[0]!.text).not.toContain(other);
  });
});

describe("a saved search of the map's area", () => {
  // Haifa's Carmel: a box of about 5 by 5 km; a listing's public point lies at most 300 m from its own.
  const box = [34.96, 32.77, 35.01, 32.82];

  it('is kept with its box, counted and said, and refused when the box is not one', async () => {
    const c = city();
    const token = await confirmedSubscriber(app, freshEmail(), {
      search: { type: 'sale', city: c, bbox: box },
    });
    await addPropertyByApi(app, adminCookie, { city: c, lat: '32.795', lng: '34.985' });
    await addPropertyByApi(app, adminCookie, { city: c, address: 'הרצל 9', lat: '32.6', lng: '35.1' });
    const page = await app.inject({ url: `/api/v1/alerts/me/${token}` });
    const [search] = page.json().data.searches;
    expect(search.filters.bbox).toEqual(box);
    expect(search.sentence).toBe(`נכסים ב${c} · באזור שסומן במפה`);
    expect(search.matches).toEqual({ total: 1, capped: false });
    for (const bad of [
      [35.01, 32.77, 34.96, 32.82],
      [34.96, 32.77, 35.01],
      ['a', 1, 2, 3],
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/alerts/me/${token}/searches`,
        payload: { filters: { type: 'sale', bbox: bad } },
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.body).toContain('אזור המפה אינו תקין');
    }
  });

  it('alerts only for a new listing whose public point is in the box', async () => {
    const c = city();
    const email = freshEmail();
    await confirmedSubscriber(app, email, { search: { type: 'sale', city: c, bbox: box } });
    const inside = await addPropertyByApi(app, adminCookie, { city: c, lat: '32.795', lng: '34.985' });
    await addPropertyByApi(app, adminCookie, { city: c, address: 'הרצל 2', lat: '32.6', lng: '35.1' });
    await addPropertyByApi(app, adminCookie, { city: c, address: 'הרצל 3' });
    await runAlertsOnce(app, WEEKDAY_MORNING);
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, 'alert')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/PropertyView/${inside}`);
    expect(mails[0]!.text).not.toContain('הרצל 2');
    expect(mails[0]!.text).not.toContain('הרצל 3');
  });
});
