import { COMPANY_ROLES } from '@shared/domain/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser, TEST_PASSWORD } from '../test/factories';
import { signIn, type TestApp } from '../test/test-app';
import { createPagesApp } from './test-pages';

let app: TestApp;

beforeAll(async () => {
  app = await createPagesApp({ env: { APP_ORIGIN: 'https://agency.example' } });
});

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'), html.indexOf('</div><script'));

function stateOf(html: string) {
  const match = /<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(html);
  expect(match, 'the query data script').not.toBeNull();
  return JSON.parse(match![1]!) as { queries: { queryKey: unknown[] }[] };
}

describe('server-rendered public pages', () => {
  it('a property page holds its price, address, city, rooms, size, description and features', async () => {
    const property = await createProperty(app.db, {
      address: 'הרצל 17',
      city: 'חיפה',
      price: 2_450_000,
      rooms: 4,
      size: 104,
      description: 'דירה מוארת עם נוף לים </script><script>alert(1)</script>',
      features: ['מעלית', 'חניה'],
    });
    const res = await app.inject({ url: `/PropertyView/${property.id}` });
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('data-ssr="hydrate"');
    for (const text of ['2,450,000', 'הרצל 17', 'חיפה', '104', 'דירה מוארת עם נוף לים', 'מעלית', 'חניה']) {
      expect(root).toContain(text);
    }
    // The description's markup is text, in the HTML and in the query data.
    expect(res.body).not.toContain('<script>alert(1)</script>');
    const state = stateOf(res.body);
    expect(state.queries.map((q) => q.queryKey)).toContainEqual(['properties', 'one', property.id]);
  });

  it("a page's text is put in the page as it is, with no replacement patterns expanded", async () => {
    const property = await createProperty(app.db, { description: "מחיר $& סופי, $' ו-$` ו-$$ בלבד" });
    const res = await app.inject({ url: `/PropertyView/${property.id}` });
    expect(rootOf(res.body)).toContain('מחיר $&amp; סופי, $&#x27; ו-$` ו-$$ בלבד');
  });

  it('/Sale lists the first page of cards with the filters of the URL', async () => {
    await createProperty(app.db, { city: 'נהריה', address: 'הגעתון 3', price: 1_200_000 });
    await createProperty(app.db, { city: 'עכו', address: 'בן עמי 8', price: 1_300_000 });
    const all = await app.inject({ url: '/Sale' });
    expect(rootOf(all.body)).toContain('הגעתון 3');
    expect(rootOf(all.body)).toContain('בן עמי 8');

    const filtered = await app.inject({ url: `/Sale?city=${encodeURIComponent('נהריה')}` });
    expect(filtered.statusCode).toBe(200);
    expect(rootOf(filtered.body)).toContain('הגעתון 3');
    expect(rootOf(filtered.body)).not.toContain('בן עמי 8');
  });

  it('/Sale filters by the URL of a plain GET form before any script: floor, amenities, chips', async () => {
    await createProperty(app.db, {
      city: 'טבריה',
      address: 'הגליל 4',
      floor: '4',
      features: ['חניה', 'ממ"ד'],
    });
    await createProperty(app.db, { city: 'טבריה', address: 'הגליל 9', floor: 'קרקע', features: ['חניה'] });
    // As a browser submits the form unticked and untouched: every field, empty or at its default.
    const query = `city=${encodeURIComponent('טבריה')}&category=&minRooms=1&maxRooms=10&minFloor=2&maxFloor=5&notTop=1&amenities=parking&amenities=safeRoom&entry=&neighbourhood=&minPricePerMeter=&maxPricePerMeter=`;
    const res = await app.inject({ url: `/Sale?${query}` });
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('הגליל 4');
    expect(root).not.toContain('הגליל 9');
    expect(root).toContain('קומה 2–5 · לא קומה אחרונה · חניה · ממ״ד');
    expect(root).toContain('נמצא נכס אחד');
  });

  it('an agent page holds the agent', async () => {
    const agent = await createUser(app.db, { name: 'נועה ישראלי', aboutMe: 'מתמחה בדירות גן' });
    const res = await app.inject({ url: `/AboutAgent/${agent.id}` });
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toContain('נועה ישראלי');
    expect(rootOf(res.body)).toContain('מתמחה בדירות גן');
  });

  it('a bare system admin or a hidden founder has no agent page (404), unlike a founder shown on the site', async () => {
    const pureAdmin = await createUser(app.db, { name: 'חשבון מערכת', role: 'admin' });
    const res = await app.inject({ url: `/AboutAgent/${pureAdmin.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('חשבון מערכת');
    const hidden = await createUser(app.db, {
      name: 'רות מייסדת',
      role: 'admin',
      companyRole: COMPANY_ROLES.ceoFounder,
    });
    const hiddenPage = await app.inject({ url: `/AboutAgent/${hidden.id}` });
    expect(hiddenPage.statusCode).toBe(404);
    expect(hiddenPage.body).not.toContain('רות מייסדת');
    const founder = await createUser(app.db, {
      name: 'דנה מייסדת',
      role: 'admin',
      companyRole: COMPANY_ROLES.ceoFounder,
      showOnSite: true,
    });
    const page = await app.inject({ url: `/AboutAgent/${founder.id}` });
    expect(page.statusCode).toBe(200);
    expect(rootOf(page.body)).toContain('דנה מייסדת');
  });

  it.each(['/', '/Rent', '/AboutLink', '/InvestorPlans', '/JobNeedForm', '/BuySellRent'])(
    '%s is rendered on the server',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body)).toContain('<main');
      expect(res.body).not.toContain('name="robots"');
    },
  );

  it('the accessibility statement holds the level, its date and the coordinator from the settings', async () => {
    const res = await app.inject({ url: '/accessibility' });
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    for (const text of [
      'הצהרת נגישות',
      'WCAG 2.1',
      'ת&quot;י 5568',
      'מה נבדק ואיך',
      'מגבלות ידועות',
      '23.11.2026',
    ]) {
      expect(root).toContain(text);
    }
    expect(root).toContain('office@example.com');
    expect(res.body).toContain('<link rel="canonical"');
  });

  it.each([
    [
      '/privacy',
      'מדיניות פרטיות',
      [
        'איזה מידע נאסף',
        'למה המידע נאסף',
        'מי רואה את המידע',
        'לכמה זמן המידע נשמר',
        'עיון, תיקון ומחיקה',
        'תיקון 13',
      ],
    ],
    ['/terms', 'תנאי שימוש', ['המידע על הנכסים', 'פניות דרך האתר', 'קניין רוחני']],
  ])('%s renders the settings text with its headings and the office contact', async (url, title, texts) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    for (const text of texts) expect(root).toContain(text);
    expect(root).toContain('office@example.com');
    expect(res.body).toContain('<link rel="canonical"');
    // Linked from the footer of every public page.
    expect(root).toContain(`href="${url}"`);
  });

  it('renders as a visitor even for a signed-in request', async () => {
    const admin = await createUser(app.db, { role: 'admin' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: admin.email, password: 'correct-horse-42' },
    });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')?.value}`;
    const visitor = await app.inject({ url: '/InvestorPlans' });
    const signedIn = await app.inject({ url: '/InvestorPlans', headers: { cookie } });
    expect(rootOf(signedIn.body)).toBe(rootOf(visitor.body));
  });
});

describe('other pages', () => {
  it.each(['/Login', '/AgentProfile', '/DailyIndicator', '/Settings'])(
    '%s stays client-rendered with noindex',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
    },
  );

  it.each(['/PropertyView/00000000-0000-4000-8000-000000000000', '/no-such-page'])(
    '%s answers 404 with the not-found page, not indexed and not hydrated',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toMatch(/<h1[^>]*>העמוד לא נמצא<\/h1>/);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).not.toContain('data-ssr');
    },
  );
});

describe('a deleted listing', () => {
  it('answers 410 with the not-found page, not indexed, in the page and in the API', async () => {
    const admin = await createUser(app.db, { role: 'admin' });
    const cookie = await signIn(app, admin.email, TEST_PASSWORD);
    const property = await createProperty(app.db);
    expect((await app.inject({ url: `/PropertyView/${property.id}` })).statusCode).toBe(200);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/property/${property.id}`,
      headers: { cookie, origin: 'https://agency.example' },
    });
    expect(deleted.statusCode).toBe(200);

    const res = await app.inject({ url: `/PropertyView/${property.id}` });
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).not.toContain('data-ssr');
    expect((await app.inject({ url: `/api/v1/property/${property.id}` })).statusCode).toBe(410);
  });
});

describe('one address per page', () => {
  it.each([
    ['/sale', '/Sale'],
    [`/sale?city=${encodeURIComponent('חיפה')}`, `/Sale?city=${encodeURIComponent('חיפה')}`],
    ['/SALE/', '/Sale'],
    ['/agentprofile', '/AgentProfile'],
  ])('%s redirects permanently to %s', async (url, location) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  it('a visitor on /AgentProfile gets a page title', async () => {
    const res = await app.inject({ url: '/AgentProfile' });
    expect(res.body).toMatch(/<title>הפרופיל האישי/);
  });
});

describe('font preloads', () => {
  it('a server-rendered page preloads the Hebrew body and heading fonts of the build', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { createTestApp } = await import('../test/test-app');
    const { TEST_TEMPLATE } = await import('./test-pages');
    const webRoot = mkdtempSync(join(tmpdir(), 'web-fonts-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), TEST_TEMPLATE);
    for (const file of [
      'heebo-hebrew-400-normal-AbC1.woff2',
      'heebo-hebrew-700-normal-dEf2.woff2',
      'heebo-hebrew-800-normal-x.woff2',
    ]) {
      writeFileSync(join(webRoot, 'assets', file), 'font');
    }
    const withFonts = await createTestApp({ webRoot, renderer: () => import('@web/entry-server') });
    const html = (await withFonts.inject({ url: '/InvestorPlans' })).body;
    expect(html).toContain(
      '<link rel="preload" as="font" type="font/woff2" href="/assets/heebo-hebrew-400-normal-AbC1.woff2" crossorigin />',
    );
    expect(html).toContain('href="/assets/heebo-hebrew-700-normal-dEf2.woff2"');
    expect(html).not.toContain('heebo-hebrew-800');
  });
});
