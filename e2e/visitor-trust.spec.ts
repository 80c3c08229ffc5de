import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { mailMatching } from './alerts-helpers';
import { createProperty, unique } from './data';
import { expect, test } from './fixtures';
import { DESKTOP, PHONE } from './people';

const OFFICE = 'office@example.com';

/**
 * axe-core needs scripts and timers, which a page without JavaScript has not: the page as the server rendered
 * it is opened again, at the same size, in a context that runs axe but none of the page's own scripts.
 */
async function checkA11yAsRendered(browser: Browser, page: Page) {
  const html = await page.content();
  const address = new URL('/__as-rendered', page.url()).href;
  // The test runner's own options (JavaScript off) would apply to a new context unless overridden.
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    await copy.route('**/*', (route) => {
      const request = route.request();
      if (request.url() === address) return route.fulfill({ body: html, contentType: 'text/html' });
      if (request.resourceType() === 'script') return route.abort();
      return route.continue();
    });
    await copy.goto(address);
    const results = await new AxeBuilder({ page: copy }).analyze();
    expect(
      results.violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
      ),
    ).toEqual([]);
  } finally {
    await context.close();
  }
}

test.describe('before JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`the valuation form posts, keeps what was typed beside each field's message, then confirms (${label})`, async ({
      page,
      shot,
      browser,
    }) => {
      const name = `מוכרת ${unique()}`;
      const phone = '052-765-4321';
      const street = `הנביאים ${unique()}`;
      const requests: { method: string; url: string }[] = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest()) requests.push({ method: request.method(), url: request.url() });
      });

      await page.setViewportSize(viewport);
      await page.goto('/Valuation');
      const form = page.getByRole('main').locator('form');
      await form.getByLabel('שם').fill(name);
      await form.getByLabel('טלפון נייד').fill(phone);
      await form.getByLabel('עיר').fill('חיפה');
      await form.getByLabel('רחוב').fill(street);
      await form.getByLabel('מספר חדרים').fill('40');
      await form.getByLabel('גודל (מ"ר)').fill('92');
      await form.getByRole('button', { name: 'לקבלת הערכת שווי' }).click();

      await expect(form.getByText('יש להזין מספר חדרים בין 1 ל-20 (אפשר חצאים)')).toBeVisible();
      await expect(form.getByLabel('מספר חדרים')).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByLabel('שם')).toHaveValue(name);
      await expect(form.getByLabel('רחוב')).toHaveValue(street);
      await expect(form.getByLabel('גודל (מ"ר)')).toHaveValue('92');
      await shot('valuation refused without JavaScript');
      await checkA11yAsRendered(browser, page);

      await form.getByLabel('מספר חדרים').fill('3.5');
      await form.getByRole('button', { name: 'לקבלת הערכת שווי' }).click();
      await expect(form.getByRole('status')).toHaveText('הבקשה התקבלה! נחזור אליכם עם הערכת שווי בהקדם');
      await expect(form.getByLabel('שם')).toHaveValue('');
      await shot('valuation sent without JavaScript');
      await checkA11yAsRendered(browser, page);

      // The office is mailed the request with the property.
      const mail = await mailMatching(OFFICE, new RegExp(street));
      expect(mail.text).toContain(name);

      // Posted to the page's own address, and no name, phone or street ever in an address.
      expect(requests.map(({ method, url }) => `${method} ${new URL(url).pathname}`)).toEqual([
        'GET /Valuation',
        'POST /Valuation',
        'POST /Valuation',
      ]);
      for (const url of [...requests.map((r) => r.url), page.url()]) {
        const read = decodeURIComponent(url);
        for (const personal of [name, phone, '0527654321', street]) expect(read).not.toContain(personal);
        expect(new URL(url).search).toBe('');
      }
    });
  }

  test('"שמירת החיפוש" on /Sale opens a form that posts: Hebrew field errors, then the double opt-in mail', async ({
    page,
    shot,
    browser,
  }) => {
    const city = `עיר ${unique()}`;
    const email = `nojs-${Date.now()}@example.com`;
    await page.setViewportSize(PHONE);
    await page.goto(`/Sale?city=${encodeURIComponent(city)}&minRooms=3`);
    await page.getByRole('button', { name: 'שמירת החיפוש ועדכונים על נכסים חדשים' }).click();
    await expect(page).toHaveURL(/[?&]save=1/);
    const section = page.getByRole('region', { name: 'שמירת החיפוש' });
    await expect(section).toContainText(`נכסים 3 חדרים ומעלה ב${city}`);
    await section.getByLabel('שם').fill('דנה בלי סקריפט');
    await section.getByLabel('מייל').fill('not-an-address');
    await section.getByRole('button', { name: 'שמירה וקבלת קישור' }).click();
    await expect(section.getByText('כתובת המייל אינה תקינה, נסה שוב.')).toBeVisible();
    await expect(section.getByText('יש לסמן את תיבת ההסכמה כדי לקבל עדכונים')).toBeVisible();
    await expect(section.getByLabel('שם')).toHaveValue('דנה בלי סקריפט');
    await shot('save search refused without JavaScript');
    await checkA11yAsRendered(browser, page);

    await section.getByLabel('מייל').fill(email);
    await section.getByRole('checkbox').check();
    await section.getByRole('button', { name: 'שמירה וקבלת קישור' }).click();
    await expect(section.getByRole('status')).toContainText(`שלחנו מייל אל \u2066${email}\u2069`);
    await shot('save search sent without JavaScript');
    await checkA11yAsRendered(browser, page);
    await mailMatching(email, /\/MyAlerts\/[\w-]+\?confirm=1/);
    expect(decodeURIComponent(page.url())).not.toContain(email);
  });
});

test("after hydration the title is still the server's full one, on a property, a listing and the valuation page", async ({
  page,
  signInAs,
  checkA11y,
}) => {
  await signInAs('admin');
  const id = await createProperty(page.request, {
    address: `הגפן ${unique()}`,
    city: 'חיפה',
    rooms: 4,
    price: 2_150_000,
    typeTransaction: 'מכירה',
  });
  await page.context().clearCookies();
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    for (const url of [`/PropertyView/${id}`, '/Sale?city=%D7%97%D7%99%D7%A4%D7%94', '/Valuation']) {
      const served = /<title>([^<]*)<\/title>/.exec(await (await page.request.get(url)).text())?.[1] ?? '';
      const serverTitle = await page.evaluate((html) => {
        const text = document.createElement('textarea');
        text.innerHTML = html;
        return text.value;
      }, served);
      await page.goto(url);
      expect(await page.title(), url).toBe(serverTitle);
      expect(serverTitle, url).toMatch(/\| /);
    }
  }
  await checkA11y({ allImpacts: true });
});

test('a success toast is reached right after the header, not as the last Tab stop after the footer', async ({
  page,
  shot,
  checkA11y,
}) => {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/Valuation');
    const form = page.getByRole('main').locator('form');
    await form.getByLabel('שם').fill(`מוכר ${unique()}`);
    await form.getByLabel('טלפון נייד').fill('052-765-4321');
    await form.getByLabel('עיר').fill('חיפה');
    await form.getByLabel('רחוב').fill(`הנביאים ${unique()}`);
    await form.getByLabel('מספר חדרים').fill('4');
    await form.getByLabel('גודל (מ"ר)').fill('100');
    await form.getByRole('button', { name: 'לקבלת הערכת שווי' }).click();
    const close = page.getByRole('button', { name: 'סגירת ההודעה' }).first();
    await expect(page.getByText('הבקשה התקבלה! נחזור אליכם עם הערכת שווי בהקדם')).toBeVisible();
    // In document order the toast's close button comes after the header and before the page and the footer.
    const order = await close.evaluate((button) => {
      const after = (selector: string) =>
        Boolean(
          document.querySelector(selector)!.compareDocumentPosition(button) &
            Node.DOCUMENT_POSITION_FOLLOWING,
        );
      return { afterHeader: after('header'), afterMain: after('main'), afterFooter: after('footer') };
    });
    expect(order).toEqual({ afterHeader: true, afterMain: false, afterFooter: false });
    await shot('valuation sent with a toast');
    await checkA11y({ allImpacts: true });
  }
});
