import { savedSearchSentence } from '@shared/domain/saved-search';
import { savedSearchFiltersSchema } from '@shared/schemas/alerts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { samplePhoto } from '../../test/form-upload';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { multipart } from '../properties/test-helpers';
import { getSettings, saveSettings } from '../settings';
import { runAlertsOnce } from './job';
import { escapeHtml } from './mail-layout';
import {
  confirmedSubscriber,
  freshEmail,
  haifaSearch,
  lastMailTo,
  subscribeBody,
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

const cityOf = () => `עיר-${Math.random().toString(36).slice(2, 8)}`;

/** A sale listing with one real photo, through the admin API; its id and its first photo's id. */
async function listingWithPhoto(city: string) {
  const form = await multipart(
    [
      ['typeTransaction', 'מכירה'],
      ['city', city],
      ['address', 'הנשיא 5'],
      ['price', '2400000'],
      ['category', 'דירה'],
      ['rooms', '4'],
    ],
    [{ name: 'front.jpg', type: 'image/jpeg', data: await samplePhoto() }],
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/property',
    payload: form.payload,
    headers: { ...form.headers, cookie: adminCookie },
  });
  expect(res.statusCode).toBe(201);
  const data = res.json().data.data;
  return { id: data._id as string, photoId: data.photos[0]._id as string };
}

const photoUrlIn = (html: string) => /<img src="([^"]+\/mail-photos\/[^"]+)"/.exec(html)?.[1];

describe('the alert mail looks like the agency', () => {
  it('is marked "פרסומת", names the agency, and shows its photo as a JPEG other origins may load', async () => {
    const settings = await getSettings(app.db);
    const city = cityOf();
    const email = freshEmail();
    await confirmedSubscriber(app, email, { search: { type: 'sale', city } });
    const { id, photoId } = await listingWithPhoto(city);
    await runAlertsOnce(app, WEEKDAY_MORNING);
    const mail = (await lastMailTo(app, email, 'alert'))!;
    expect(mail.subject).toBe(`פרסומת: נכס חדש שמתאים לכם: דירת 4 חדרים ב${city}`);
    for (const [part, as] of [
      [mail.text, (t: string) => t],
      [mail.html!, escapeHtml],
    ] as const) {
      expect(part).toContain(as(settings.agencyName));
      expect(part).toContain(as(settings.address));
      expect(part).toContain(as(settings.phone));
    }
    expect(mail.html).toContain(`<img src="${app.env.APP_ORIGIN}/icons/icon-192.png"`);
    expect(mail.html).not.toContain('.webp');

    const photoUrl = photoUrlIn(mail.html!)!;
    expect(photoUrl.startsWith(`${app.env.APP_ORIGIN}/mail-photos/`)).toBe(true);
    const path = new URL(photoUrl).pathname;
    for (const attempt of ['made', 'stored']) {
      const photo = await app.inject({ url: path });
      expect(photo.statusCode, attempt).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(photo.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect((await sharp(photo.rawPayload).metadata()).format).toBe('jpeg');
    }

    // The photo removed, its JPEG twin goes with it.
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/property/${id}/images/${photoId}`,
      headers: { cookie: adminCookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await app.inject({ url: path })).statusCode).toBe(404);
  });

  it('drops the "פרסומת" mark when the agency turns it off', async () => {
    const settings = await getSettings(app.db);
    await saveSettings(app.db, { ...settings, markAdvertising: false });
    try {
      const city = cityOf();
      const email = freshEmail();
      await confirmedSubscriber(app, email, { search: { type: 'sale', city } });
      await listingWithPhoto(city);
      await runAlertsOnce(app, WEEKDAY_MORNING);
      expect((await lastMailTo(app, email, 'alert'))!.subject).toBe(
        `נכס חדש שמתאים לכם: דירת 4 חדרים ב${city}`,
      );
    } finally {
      await saveSettings(app.db, settings);
    }
  });

  it('answers 404 for a path that names no stored photo, or a key outside the photos', async () => {
    for (const path of [
      '/mail-photos/properties/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000001-640.jpg',
      '/mail-photos/orders/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000001-640.jpg',
      '/mail-photos/users/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000001-640.jpg',
      '/mail-photos/../secret.jpg',
      '/mail-photos/properties/x.jpg',
    ])
      expect((await app.inject({ url: path })).statusCode, path).toBe(404);
  });
});

describe('the confirmation mail says what it confirms', () => {
  it('lists the search in words and the favourite by its title, with the agency’s details', async () => {
    const { id } = await listingWithPhoto(cityOf());
    const email = freshEmail();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/alerts/subscribe',
      payload: subscribeBody(email, { search: haifaSearch, favourites: [id] }),
    });
    expect(res.statusCode).toBe(202);
    const mail = (await lastMailTo(app, email, 'alert-confirm'))!;
    const sentence = savedSearchSentence(savedSearchFiltersSchema.parse(haifaSearch));
    expect(mail.text).toContain(`חיפוש: ${sentence}`);
    expect(mail.text).toMatch(/נכס במועדפים: דירת 4 חדרים ב.+, הנשיא 5/);
    expect(mail.subject).not.toContain('פרסומת');
    expect(mail.html).toContain(escapeHtml((await getSettings(app.db)).agencyName));
  });
});
