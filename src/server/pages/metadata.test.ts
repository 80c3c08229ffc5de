import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { propertyImages } from '../db/schema';
import { multipart, photoWithGps } from '../modules/properties/test-helpers';
import { noteWrite } from '../plugins/read-cache';
import { createProperty, createUser } from '../test/factories';
import { sessionCookieFor } from '../test/sessions';
import type { TestApp } from '../test/test-app';
import { SHARE_IMAGE_MAX_BYTES } from './share-image';
import { createPagesApp } from './test-pages';

const ORIGIN = 'https://agency.example';
let app: TestApp;
let adminCookie: string;

beforeAll(async () => {
  app = await createPagesApp({ env: { APP_ORIGIN: ORIGIN } });
  adminCookie = await sessionCookieFor(app.db, (await createUser(app.db, { role: 'admin' })).id);
});

type Node = Record<string, unknown> & { '@type': string };

function jsonLdOf(html: string): Node[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  return blocks.map((m) => JSON.parse(m[1]!) as Node);
}

const metaContent = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];

const decode = (text: string | undefined) =>
  text
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

async function propertyWithPhoto() {
  const form = await multipart(
    [
      ['typeTransaction', 'מכירה'],
      ['city', 'חיפה'],
      ['address', 'הרצל 17'],
      ['price', '2450000'],
      ['category', 'דירה'],
      ['rooms', '4'],
      ['size', '104'],
      ['description', 'דירה מוארת ומשופצת עם מרפסת שמש ונוף לים.'],
    ],
    [{ name: 'front.jpg', type: 'image/jpeg', data: await photoWithGps(2400, 1600, '#6688aa') }],
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/property',
    payload: form.payload,
    headers: { ...form.headers, cookie: adminCookie },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.data as { _id: string };
}

describe('a property page', () => {
  it('has a specific Hebrew title, description, canonical URL and share tags with a 1200x630 JPEG', async () => {
    const { _id: id } = await propertyWithPhoto();
    const res = await app.inject({ url: `/PropertyView/${id}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(
      '<title>דירת 4 חדרים למכירה בהרצל 17, חיפה – ₪2,450,000 | LINK נדל&quot;ן</title>',
    );
    expect(decode(metaContent(html, 'name', 'description'))).toContain('דירה מוארת ומשופצת');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/PropertyView/${id}" />`);
    expect(metaContent(html, 'property', 'og:title')).toBe('דירת 4 חדרים למכירה בהרצל 17, חיפה – ₪2,450,000');
    expect(metaContent(html, 'property', 'og:url')).toBe(`${ORIGIN}/PropertyView/${id}`);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');

    const image = metaContent(html, 'property', 'og:image')!;
    expect(image.startsWith(`${ORIGIN}/uploads/`)).toBe(true);
    expect(image).toMatch(/\.jpg$/);
    const file = await app.inject({ url: new URL(image).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/jpeg');
    expect(file.rawPayload.length).toBeLessThan(SHARE_IMAGE_MAX_BYTES);
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('whose cover photo cannot be read has no share image, and does not look for it on every visit', async () => {
    const property = await createProperty(app.db, { city: 'טבריה', address: 'החומה 2' });
    await app.db.insert(propertyImages).values({
      propertyId: property.id,
      position: 0,
      width: 1600,
      height: 900,
      variants: [{ key: `properties/${property.id}-gone-1600.webp`, width: 1600, height: 900 }],
    });
    const read = vi.spyOn(app.storage, 'read');
    try {
      const first = (await app.inject({ url: `/PropertyView/${property.id}` })).body;
      expect(metaContent(first, 'property', 'og:title')).toContain('החומה 2');
      expect(metaContent(first, 'property', 'og:image')).toBeUndefined();
      expect(read).toHaveBeenCalled();
      read.mockClear();
      // Another address of the same page: rendered again, not taken from the kept pages.
      const again = (await app.inject({ url: `/PropertyView/${property.id}?from=share` })).body;
      expect(metaContent(again, 'property', 'og:title')).toContain('החומה 2');
      expect(metaContent(again, 'property', 'og:image')).toBeUndefined();
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
  });

  it('has valid JSON-LD: an Offer of an Apartment in ILS, SoldOut once sold, and breadcrumbs', async () => {
    const { _id: id } = await propertyWithPhoto();
    const [offer, crumbs] = jsonLdOf((await app.inject({ url: `/PropertyView/${id}` })).body);
    expect(offer).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Offer',
      price: 2_450_000,
      priceCurrency: 'ILS',
      availability: 'https://schema.org/InStock',
      url: `${ORIGIN}/PropertyView/${id}`,
      itemOffered: {
        '@type': 'Apartment',
        numberOfRooms: 4,
        floorSize: { '@type': 'QuantitativeValue', value: 104, unitCode: 'MTK' },
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'הרצל 17',
          addressLocality: 'חיפה',
          addressCountry: 'IL',
        },
      },
    });
    expect((offer!.itemOffered as { image: string[] }).image[0]).toMatch(
      new RegExp(`^${ORIGIN}/uploads/.+\\.webp$`),
    );
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((crumbs!.itemListElement as { name: string; item: string }[]).map((i) => i.item)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/Sale`,
      `${ORIGIN}/PropertyView/${id}`,
    ]);

    const sold = await app.inject({
      method: 'PATCH',
      url: `/api/v1/property/${id}`,
      payload: { sold: true },
      headers: { cookie: adminCookie },
    });
    expect(sold.statusCode).toBe(200);
    const [soldOffer] = jsonLdOf((await app.inject({ url: `/PropertyView/${id}` })).body);
    expect(soldOffer!.availability).toBe('https://schema.org/SoldOut');
  });

  it('a rental without photos gets a house type, a monthly price and no share image', async () => {
    const p = await createProperty(app.db, {
      typeTransaction: 'השכרה',
      category: 'וילה',
      price: 12_000,
      rooms: 6,
    });
    const html = (await app.inject({ url: `/PropertyView/${p.id}` })).body;
    expect(metaContent(html, 'property', 'og:title')).toBe(
      'וילה 6 חדרים להשכרה במוריה 10, חיפה – ₪12,000 לחודש',
    );
    expect(metaContent(html, 'property', 'og:image')).toBeUndefined();
    const [offer] = jsonLdOf(html);
    expect(offer).toMatchObject({ '@type': 'Offer', itemOffered: { '@type': 'SingleFamilyResidence' } });
  });
});

describe('agency pages', () => {
  it.each(['/', '/AboutLink'])('%s describes the agency as a RealEstateAgent', async (url) => {
    const html = (await app.inject({ url })).body;
    const agency = jsonLdOf(html).find((node) => node['@type'] === 'RealEstateAgent');
    expect(agency).toMatchObject({
      name: 'LINK נדל"ן',
      telephone: '03-555-1234',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'דרך מנחם בגין 125',
        addressLocality: 'תל אביב-יפו',
      },
      openingHours: 'Su-Th 09:00-16:00',
    });
    expect(jsonLdOf(html).some((node) => node['@type'] === 'BreadcrumbList')).toBe(true);
  });

  it.each([
    ['/', 'LINK נדל"ן – דירות ובתים למכירה ולהשכרה'],
    ['/Sale', 'נכסים למכירה | LINK נדל"ן'],
    [`/Rent?city=${encodeURIComponent('חיפה')}`, 'נכסים להשכרה בחיפה | LINK נדל"ן'],
    ['/AboutLink', 'אודות LINK נדל"ן'],
    ['/InvestorPlans', 'מסלולי השקעה בנדל״ן | LINK נדל"ן'],
    ['/JobNeedForm', 'דרושים: הצטרפו לצוות LINK נדל"ן'],
    ['/Valuation', 'כמה שווה הנכס שלי? הערכת שווי | LINK נדל"ן'],
    ['/BuySellRent', 'קנייה, מכירה והשכרה של נכסים | LINK נדל"ן'],
  ])('%s has its own title, a description and a canonical link', async (url, title) => {
    const html = (await app.inject({ url })).body;
    expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1])).toContain(title);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(decode(metaContent(html, 'name', 'description'))?.length).toBeGreaterThan(40);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(canonical).toBe(new URL(url.split('?')[0]!, ORIGIN).href);
  });

  it.each([
    ['/Sale', 'ב-LINK נדל"ן:'],
    ['/InvestorPlans', 'ב-LINK נדל"ן:'],
    ['/JobNeedForm', 'מ-LINK נדל"ן.'],
    ['/Valuation', 'מ-LINK נדל"ן יחזור'],
  ])(
    '%s names the agency in its preview with the prefix hyphenated before Latin letters',
    async (url, text) => {
      const html = (await app.inject({ url })).body;
      for (const description of [
        metaContent(html, 'name', 'description'),
        metaContent(html, 'property', 'og:description'),
      ])
        expect(decode(description)).toContain(text);
    },
  );

  it('echoes ?city= in the title and share tags only when the list knows that city', async () => {
    await createProperty(app.db, { city: 'עכו', typeTransaction: 'השכרה', price: 5200 });
    // Written straight to the database: announce it as the API's writes do, so the cities list is read anew.
    await noteWrite(app.db);
    const titles = async (url: string) => {
      const html = (await app.inject({ url })).body;
      return [
        decode(/<title>([^<]*)<\/title>/.exec(html)?.[1]),
        decode(metaContent(html, 'property', 'og:title')),
      ];
    };
    for (const title of await titles(`/Rent?city=${encodeURIComponent('עכו')}`)) {
      expect(title).toContain('נכסים להשכרה בעכו');
    }
    for (const url of [
      `/Rent?city=${encodeURIComponent('כל הדירות חינם – התקשרו 050-0000000')}`,
      `/Rent?city=${encodeURIComponent('עכו ')}x`,
      // A city with rentals only is not echoed on the sale list.
      `/Sale?city=${encodeURIComponent('עכו')}`,
    ]) {
      for (const title of await titles(url)) {
        expect(title, url).toMatch(/^נכסים (למכירה|להשכרה)( \|.*)?$/);
        expect(title, url).not.toMatch(/עכו|חינם/);
      }
    }
  });

  it("an agent page's share image is a 1200x630 JPEG cut from the agent's photo", async () => {
    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#884422' } })
      .webp()
      .toBuffer();
    await app.storage.put('users/agent-photo.webp', photo, 'image/webp');
    const agent = await createUser(app.db, {
      name: 'רונית כהן',
      image: app.storage.url('users/agent-photo.webp'),
    });
    const html = (await app.inject({ url: `/AboutAgent/${agent.id}` })).body;
    const image = metaContent(html, 'property', 'og:image')!;
    expect(image).toMatch(new RegExp(`^${ORIGIN}/uploads/share/site-\\w+-1200x630\\.jpg$`));
    expect(metaContent(html, 'property', 'og:image:type')).toBe('image/jpeg');
    const file = await app.inject({ url: new URL(image).pathname });
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('an agent page is titled with the agent', async () => {
    const agent = await createUser(app.db, { name: 'דנה לוי', companyRole: 'יועצת נדל"ן' });
    const html = (await app.inject({ url: `/AboutAgent/${agent.id}` })).body;
    expect(decode(metaContent(html, 'property', 'og:title'))).toBe('דנה לוי – יועצת נדל"ן');
  });
});

describe('the largest image of home', () => {
  it('is an image in the HTML with high priority and the widths a screen may need', async () => {
    const html = (await app.inject({ url: '/' })).body;
    const img = /<img [^>]*src="\/media\/intro-poster-1600\.webp"[^>]*>/.exec(html)?.[0] ?? '';
    expect(img).toMatch(/fetchPriority="high"|fetchpriority="high"/);
    expect(img).toContain('/media/intro-poster-320.webp 320w');
    expect(img).toContain('sizes="100vw"');
  });
});

describe('the share image of pages without a photo of their own', () => {
  it('is a 1200x630 JPEG made from the home poster of the built site', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { createTestApp } = await import('../test/test-app');
    const { TEST_TEMPLATE } = await import('./test-pages');
    const webRoot = mkdtempSync(join(tmpdir(), 'web-poster-'));
    mkdirSync(join(webRoot, 'assets'));
    mkdirSync(join(webRoot, 'media'));
    writeFileSync(join(webRoot, 'index.html'), TEST_TEMPLATE);
    const poster = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1f3b57' } })
      .webp()
      .toBuffer();
    writeFileSync(join(webRoot, 'media', 'intro-poster-1600.webp'), poster);
    const site = await createTestApp({
      webRoot,
      renderer: () => import('@web/entry-server'),
      env: { APP_ORIGIN: ORIGIN },
    });
    const image = metaContent((await site.inject({ url: '/InvestorPlans' })).body, 'property', 'og:image');
    expect(image).toMatch(new RegExp(`^${ORIGIN}/uploads/share/site-\\w+-1200x630\\.jpg$`));
    const file = await site.inject({ url: new URL(image!).pathname });
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });
});
