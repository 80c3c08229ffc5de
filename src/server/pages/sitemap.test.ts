import { COMPANY_ROLES } from '@shared/domain/roles';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser } from '../test/factories';
import { sessionCookieFor } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';

const ORIGIN = 'https://agency.example';
let app: TestApp;
let adminCookie: string;

beforeAll(async () => {
  app = await createTestApp({ env: { APP_ORIGIN: ORIGIN } });
  adminCookie = await sessionCookieFor(app.db, (await createUser(app.db, { role: 'admin' })).id);
});

type Url = { loc: string; lastmod?: string };

async function sitemap(): Promise<Url[]> {
  const res = await app.inject({ url: '/sitemap.xml' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/xml');
  const parsed = new XMLParser({ isArray: (name) => name === 'url' }).parse(res.body);
  return parsed.urlset.url as Url[];
}

const locs = (urls: Url[]) => urls.map((u) => u.loc);

describe('/sitemap.xml', () => {
  it('parses as XML and lists every public page with APP_ORIGIN links', async () => {
    const urls = await sitemap();
    for (const path of [
      '/',
      '/Sale',
      '/Rent',
      '/BuySellRent',
      '/AboutLink',
      '/InvestorPlans',
      '/JobNeedForm',
      '/Valuation',
      '/accessibility',
    ]) {
      expect(locs(urls)).toContain(new URL(path, ORIGIN).href);
    }
    expect(locs(urls).every((loc) => loc.startsWith(`${ORIGIN}/`))).toBe(true);
    expect(locs(urls).some((loc) => /Login|DailyIndicator|Settings/.test(loc))).toBe(false);
  });

  it('lists a new property with its last change, and drops it once sold or deleted', async () => {
    const sold = await createProperty(app.db, { address: 'הרצל 1' });
    const deleted = await createProperty(app.db, { address: 'הרצל 2' });
    const soldUrl = `${ORIGIN}/PropertyView/${sold.id}`;
    const deletedUrl = `${ORIGIN}/PropertyView/${deleted.id}`;

    const before = await sitemap();
    expect(locs(before)).toEqual(expect.arrayContaining([soldUrl, deletedUrl]));
    expect(before.find((u) => u.loc === soldUrl)?.lastmod).toBe(sold.updatedAt.toISOString());

    const marked = await app.inject({
      method: 'PATCH',
      url: `/api/v1/property/${sold.id}`,
      payload: { sold: true },
      headers: { cookie: adminCookie },
    });
    expect(marked.statusCode).toBe(200);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/property/${deleted.id}`,
      headers: { cookie: adminCookie },
    });
    expect(removed.statusCode).toBe(200);

    const after = locs(await sitemap());
    expect(after).not.toContain(soldUrl);
    expect(after).not.toContain(deletedUrl);
  });

  it('lists active agents and not former ones', async () => {
    const agent = await createUser(app.db, { name: 'סוכנת פעילה' });
    const former = await createUser(app.db, { name: 'סוכן לשעבר', active: false });
    const urls = locs(await sitemap());
    expect(urls).toContain(`${ORIGIN}/AboutAgent/${agent.id}`);
    expect(urls).not.toContain(`${ORIGIN}/AboutAgent/${former.id}`);
  });

  it('lists the team of the agent grid: people shown on the site, not a hidden founder or a system admin', async () => {
    const pureAdmin = await createUser(app.db, { name: 'מנהל מערכת', role: 'admin' });
    const founder = await createUser(app.db, {
      name: 'מייסד',
      role: 'admin',
      companyRole: COMPANY_ROLES.ceoFounder,
      showOnSite: true,
    });
    const hidden = await createUser(app.db, { role: 'admin', companyRole: COMPANY_ROLES.networkCeo });
    const urls = locs(await sitemap());
    expect(urls).toContain(`${ORIGIN}/AboutAgent/${founder.id}`);
    expect(urls).not.toContain(`${ORIGIN}/AboutAgent/${pureAdmin.id}`);
    expect(urls).not.toContain(`${ORIGIN}/AboutAgent/${hidden.id}`);
  });

  it('gives every page a lastmod in ISO form', async () => {
    for (const url of await sitemap()) expect(url.lastmod).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

describe('/robots.txt', () => {
  it('points to the sitemap and keeps crawlers out of the API and the signed-in area', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const prefix of [
      '/api/',
      '/AgentProfile',
      '/DailyIndicator',
      '/Settings',
      '/SellerReport',
      '/Login',
    ]) {
      expect(lines).toContain(`Disallow: ${prefix}`);
    }
    expect(lines.some((line) => /Disallow: \/(Sale|Rent|PropertyView|AboutLink)?$/.test(line))).toBe(false);
    const rules = lines.filter((line) => line.startsWith('Disallow:'));
    expect(rules).toContain('Disallow: /Leads');
    expect(new Set(rules).size).toBe(rules.length);
  });
});
