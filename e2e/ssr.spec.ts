import type { Page } from '@playwright/test';
import type { Property } from '@shared/schemas/property';
import { createProperty, photo, readProperty, unique, userId } from './data';
import { DEMO, expect, test } from './fixtures';

/** A fresh sale flat with two photos and a description, made through the admin API; the page is a visitor after. */
async function propertyWithPhotos(page: Page): Promise<Property> {
  const login = await page.request.post('/api/v1/users/login', { data: DEMO.admin });
  expect(login.status()).toBe(200);
  const id = await createProperty(
    page.request,
    {
      city: 'חיפה',
      address: `הנביאים ${100 + Math.floor(Math.random() * 9_900)}`,
      price: 2_450_000,
      rooms: 4,
      size: 110,
      floor: '3',
      description: `דירה מרווחת עם מרפסת לנוף ${unique()}`,
    },
    [await photo('#1e40af', 'front.jpg', 'jpeg'), await photo('#15803d', 'living.jpg', 'jpeg')],
  );
  const property = await readProperty(page.request, id);
  await page.context().clearCookies();
  return property;
}

const formatted = (price: number) => price.toLocaleString('en-US');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/Sale shows the property cards of its first page', async ({ page, shot }) => {
    const first = await propertyWithPhotos(page);
    const res = await page.goto('/Sale');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cards = page.locator('main ul li');
    expect(await cards.count()).toBeGreaterThan(3);
    await expect(page.getByRole('link', { name: new RegExp(first.address) }).first()).toBeVisible();
    await shot('sale without javascript');
  });

  test('a property page shows its details and photos', async ({ page, shot }) => {
    const property = await propertyWithPhotos(page);
    const res = await page.goto(`/PropertyView/${property._id}`);
    expect(res?.status()).toBe(200);
    const main = page.locator('main');
    await expect(main.getByText(formatted(property.price)).first()).toBeVisible();
    await expect(main.getByText(property.address).first()).toBeVisible();
    await expect(main.getByText(property.city).first()).toBeVisible();
    await expect(main.getByText(property.description!)).toBeVisible();
    await expect(main.locator('img').first()).toBeVisible();
    await shot('property without javascript');
  });

  test('an unknown property answers 404 with the not-found page', async ({ page }) => {
    const res = await page.goto('/PropertyView/00000000-0000-4000-8000-000000000000');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('העמוד לא נמצא');
  });
});

test.describe('with JavaScript', () => {
  /** Console warnings too: React reports hydration mismatches there. */
  function collectWarnings(page: Page) {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    return warnings;
  }

  /** Elements whose server-rendered id differs from the id React gave them in the browser. */
  const idsReactDisagreesWith = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('#root [id]')].flatMap((element) => {
        const key = Object.keys(element).find((k) => k.startsWith('__reactProps'));
        const props = key ? (element as unknown as Record<string, { id?: unknown }>)[key] : undefined;
        return props?.id !== undefined && props.id !== element.id ? [`${element.id} -> ${props.id}`] : [];
      }),
    );

  test('the public pages hydrate the server HTML with no error or warning', async ({ page }) => {
    const warnings = collectWarnings(page);
    const property = await propertyWithPhotos(page);
    const agent = await userId(page.request, 'דנה לוי');
    for (const path of [
      '/',
      '/Sale',
      '/Rent',
      `/PropertyView/${property._id}`,
      '/AboutLink',
      '/InvestorPlans',
      '/JobNeedForm',
      '/Valuation',
      '/BuySellRent',
      `/AboutAgent/${agent}`,
      '/accessibility',
    ]) {
      await page.goto(path);
      await expect(page.locator('#root[data-ssr="hydrate"]')).toHaveCount(1);
      // Hydrated: React has attached its handlers to the server's elements (a client-only state change works).
      await page.waitForFunction(() =>
        Object.keys(document.querySelector('#root header') ?? {}).some((key) => key.startsWith('__react')),
      );
      // The production build does not warn about attributes: compare the ids React rendered in the browser
      // (useId) with the server's, or a reference added later (aria-describedby) would miss its element.
      expect(await idsReactDisagreesWith(page), path).toEqual([]);
    }
    expect(warnings).toEqual([]);
  });

  test('a hydrated /Sale page filters and navigates as the client app', async ({ page }) => {
    const property = await propertyWithPhotos(page);
    await page.goto('/Sale');
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('#root header') ?? {}).some((key) => key.startsWith('__react')),
    );
    await page
      .getByRole('link', { name: new RegExp(property.address) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/PropertyView/${property._id}$`));
    await expect(page.locator('main').getByText(formatted(property.price)).first()).toBeVisible();
  });
});

test('a link preview (WhatsApp, Facebook) gets the share tags and a JPEG under 300 KB', async ({
  page,
  request,
}) => {
  const property = await propertyWithPhotos(page);
  for (const userAgent of [
    'WhatsApp/2.23.20.0 A',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  ]) {
    const res = await request.get(`/PropertyView/${property._id}`, { headers: { 'user-agent': userAgent } });
    expect(res.status()).toBe(200);
    const html = await res.text();
    const tag = (key: string) => new RegExp(`<meta property="${key}" content="([^"]*)"`).exec(html)?.[1];
    expect(tag('og:title')).toContain(formatted(property.price));
    expect(tag('og:title')).toContain(property.address);
    expect(tag('og:description')?.length).toBeGreaterThan(20);
    expect(tag('og:url')).toMatch(new RegExp(`/PropertyView/${property._id}$`));
    const image = await request.get(tag('og:image')!, { headers: { 'user-agent': userAgent } });
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toContain('image/jpeg');
    expect((await image.body()).length).toBeLessThan(300 * 1024);
  }
});
