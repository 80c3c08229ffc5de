import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches } from '../db/schema';
import { createProperty, createUser } from '../test/factories';
import { sessionCookieFor } from '../test/sessions';
import type { TestApp } from '../test/test-app';
import { robotsTxt } from './sitemap';
import { createPagesApp } from './test-pages';

// The public page of a branch (/branches/<slug>), on both databases: rendered on the server with the branch's
// details, agents and listings; its head names it in Hebrew with RealEstateAgent JSON-LD (its PostalAddress and
// telephone); every open branch is in the sitemap; an unknown or closed branch answers the not-found page.

const ORIGIN = 'https://agency.example';
let app: TestApp;
const ids = { herzliya: '', closed: '' };

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'), html.indexOf('</div><script'));

type Node = Record<string, unknown> & { '@type': string };
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Node,
  );

beforeAll(async () => {
  app = await createPagesApp({ env: { APP_ORIGIN: ORIGIN } });
  const [herzliya, closed] = await app.db
    .insert(branches)
    .values([
      {
        name: 'סניף הרצליה',
        slug: 'herzliya',
        city: 'הרצליה',
        address: 'מדינת היהודים 85',
        phone: '09-950-1234',
        email: 'herzliya-office@example.com',
        openingHours: 'ימים א׳-ה׳, 9:00-18:00',
        legalEntity: 'לינק הרצליה בע"מ',
        brokers: [{ name: 'רונית לוי', licenceNumber: '3012345' }],
      },
      { name: 'סניף עכו', slug: 'akko', city: 'עכו', active: false },
    ])
    .returning();
  ids.herzliya = herzliya!.id;
  ids.closed = closed!.id;
  const agent = await createUser(app.db, { branchId: ids.herzliya, name: 'יעל הרצליה' });
  await createProperty(app.db, {
    agentId: agent.id,
    city: 'הרצליה',
    address: 'סוקולוב 12',
    price: 3_100_000,
  });
  const other = await createUser(app.db, { name: 'סוכן של סניף אחר' });
  await createProperty(app.db, { agentId: other.id, city: 'חיפה', address: 'מוריה 99' });
});

describe('/branches/<slug>', () => {
  it("is rendered on the server with the branch's address, phone, hours, map link, agents and listings", async () => {
    const res = await app.inject({ url: '/branches/herzliya' });
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('data-ssr="hydrate"');
    expect(root).toMatch(/<h1[^>]*>סניף הרצליה<\/h1>/);
    for (const text of [
      'מדינת היהודים 85, הרצליה',
      '09-950-1234',
      'ימים א׳-ה׳, 9:00-18:00',
      'יעל הרצליה',
      'סוקולוב 12',
    ])
      expect(root).toContain(text);
    expect(root).toContain('href="tel:099501234"');
    expect(root).toContain(
      `href="https://www.google.com/maps/search/?api=1&amp;query=${encodeURIComponent('מדינת היהודים 85, הרצליה')}"`,
    );
    // Another branch's people and listings, and the branch's private details, are not on its page.
    for (const text of [
      'סוכן של סניף אחר',
      'מוריה 99',
      'herzliya-office@example.com',
      '3012345',
      'לינק הרצליה',
    ])
      expect(res.body).not.toContain(text);
    // No third-party script or frame: the map is a plain link.
    expect(res.body).not.toMatch(/<iframe|<script[^>]+src="https?:/);
  });

  it('has a Hebrew title and RealEstateAgent JSON-LD with its PostalAddress and telephone', async () => {
    const res = await app.inject({ url: '/branches/herzliya' });
    expect(res.body).toMatch(/<title>סניף הרצליה – כתובת, שעות פתיחה, סוכנים ונכסים \| [^<]+<\/title>/);
    expect(res.body).toContain(`<link rel="canonical" href="${ORIGIN}/branches/herzliya" />`);
    const agent = jsonLdOf(res.body).find((node) => node['@type'] === 'RealEstateAgent');
    expect(agent).toMatchObject({
      '@context': 'https://schema.org',
      '@id': `${ORIGIN}/branches/herzliya#branch`,
      url: `${ORIGIN}/branches/herzliya`,
      telephone: '09-950-1234',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'מדינת היהודים 85',
        addressLocality: 'הרצליה',
        addressCountry: 'IL',
      },
      openingHours: 'Su-Th 09:00-18:00',
      parentOrganization: { '@type': 'RealEstateAgent', '@id': `${ORIGIN}/#agency` },
    });
    expect(String(agent?.name)).toContain('סניף הרצליה');
    expect(JSON.stringify(jsonLdOf(res.body))).not.toContain('herzliya-office@example.com');
  });

  it.each(['/branches/no-such-branch', '/branches/akko'])(
    '%s (unknown or closed) answers 404 with the not-found page, not indexed',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toMatch(/<h1[^>]*>העמוד לא נמצא<\/h1>/);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).not.toContain('סניף עכו');
    },
  );

  it('a branch that closes loses its page at once, and gets it back when it reopens', async () => {
    const admin = await createUser(app.db, { role: 'admin' });
    const cookie = await sessionCookieFor(app.db, admin.id);
    // An empty branch: one that holds people or listings closes only by moving them (docs/branches.md).
    const [eilat] = await app.db
      .insert(branches)
      .values({ name: 'סניף אילת', slug: 'eilat', city: 'אילת' })
      .returning();
    const setActive = async (active: boolean) => {
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/v1/branches/${eilat!.id}`,
        payload: { active },
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
    };
    expect((await app.inject({ url: '/branches/eilat' })).statusCode).toBe(200);
    expect(rootOf((await app.inject({ url: '/AboutLink' })).body)).toContain('href="/branches/eilat"');
    await setActive(false);
    try {
      // The page kept whole (html-cache.ts) is not answered past the change.
      expect((await app.inject({ url: '/branches/eilat' })).statusCode).toBe(404);
      expect(rootOf((await app.inject({ url: '/AboutLink' })).body)).not.toContain('href="/branches/eilat"');
    } finally {
      await setActive(true);
    }
    expect((await app.inject({ url: '/branches/eilat' })).statusCode).toBe(200);
  });

  it('/AboutLink links to every open branch page, not to a closed one', async () => {
    const res = await app.inject({ url: '/AboutLink' });
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('href="/branches/herzliya"');
    expect(root).toContain('סניף הרצליה');
    expect(root).not.toContain('href="/branches/akko"');
  });
});

describe('the sitemap and robots.txt', () => {
  it('list every open branch page, not a closed one, and never block them', async () => {
    const res = await app.inject({ url: '/sitemap.xml' });
    const urls = new XMLParser({ isArray: (name) => name === 'url' }).parse(res.body).urlset.url as {
      loc: string;
      lastmod?: string;
    }[];
    const entry = urls.find((u) => u.loc === `${ORIGIN}/branches/herzliya`);
    expect(entry?.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(urls.some((u) => u.loc === `${ORIGIN}/branches/akko`)).toBe(false);
    // robots.txt paths are case-sensitive: the admin page /Branches is blocked, the public /branches/... is not.
    const disallowed = robotsTxt(ORIGIN)
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    expect(disallowed).toContain('/Branches');
    expect(disallowed.some((prefix) => '/branches/herzliya'.startsWith(prefix))).toBe(false);
  });
});
