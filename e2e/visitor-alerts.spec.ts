import type { APIRequestContext, Page } from '@playwright/test';
import { createProperty, photo } from './data';
import { DEMO, expect, test } from './fixtures';
import { DESKTOP, hebrewTag, PHONE } from './people';

/** The admin's API session, apart from the page's (the visitor never signs in). */
async function asAdmin(request: APIRequestContext) {
  const res = await request.post('/api/v1/users/login', { data: DEMO.admin });
  expect(res.status()).toBe(200);
}

const heart = (page: Page, address: string) =>
  page.getByRole('button', { name: `שמירה במועדפים: ${address}` });

test('favourites: a heart saves without an account, survives a reload, and sold or deleted ones say so', async ({
  page,
  request,
  shot,
  checkA11y,
}) => {
  await asAdmin(request);
  const tag = hebrewTag();
  const streets = [`הזית ${tag}`, `הגפן ${tag}`, `התאנה ${tag}`];
  const [live, sold, gone] = await Promise.all(
    streets.map(async (address, i) =>
      createProperty(request, { address, city: 'חיפה', rooms: 3 + i, price: 1_800_000 + i * 100_000 }, [
        await photo(['#2563eb', '#16a34a', '#f59e0b'][i]!, `p${i}.png`),
      ]),
    ),
  );

  // By keyboard: the heart is a toggle button with a Hebrew name; Enter saves at once (no sign-up).
  await page.setViewportSize(DESKTOP);
  await page.goto(`/PropertyView/${live}`);
  const first = heart(page, streets[0]!);
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  for (const [id, address] of [
    [sold, streets[1]!],
    [gone, streets[2]!],
  ] as const) {
    await page.goto(`/PropertyView/${id}`);
    await heart(page, address).focus();
    await page.keyboard.press('Space');
    await expect(heart(page, address)).toHaveAttribute('aria-pressed', 'true');
  }
  await page.reload();
  await expect(heart(page, streets[2]!)).toHaveAttribute('aria-pressed', 'true');

  // The server's HTML is the same for everyone: the heart comes not pressed, the browser presses it after.
  const html = await (await page.request.get(`/PropertyView/${gone}`)).text();
  expect(html).toMatch(/aria-pressed="false"[^>]*aria-label="שמירה במועדפים: /);

  // Meanwhile one is sold and one deleted.
  expect((await request.patch(`/api/v1/property/${sold}`, { data: { sold: true } })).status()).toBe(200);
  expect((await request.delete(`/api/v1/property/${gone}`)).status()).toBe(200);

  // The favourites page, reached from the menu by keyboard.
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'ניווט ראשי' }).getByRole('button', { name: 'נכסים' });
  await menu.focus();
  await page.keyboard.press('Enter');
  const favouritesLink = page
    .getByRole('navigation', { name: 'ניווט ראשי' })
    .getByRole('link', { name: 'המועדפים שלי' });
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab'); // sale, rent, favourites
  await expect(favouritesLink).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'המועדפים שלי', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'הנכסים השמורים' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').filter({ hasText: streets[1]! })).toContainText('נמכר');
  await expect(list.getByRole('listitem').filter({ hasText: streets[2]! })).toContainText('הוסר מהאתר');
  await expect(list.getByRole('link', { name: `דירה ב${streets[0]}` })).toBeVisible();
  await checkA11y({ allImpacts: true });
  await shot('favourites desktop');
  await page.setViewportSize(PHONE);
  await shot('favourites phone');

  // Recently viewed: on home and on /Sale, newest first, from this browser only.
  await page.goto('/');
  const recent = page.getByRole('region', { name: 'נכסים שצפיתם בהם לאחרונה' });
  await expect(recent.getByRole('listitem').first()).toContainText(streets[2]!);
  await expect(recent).toContainText(streets[0]!);
  await recent.scrollIntoViewIfNeeded();
  await shot('recently viewed on home phone');
  await page.goto('/Sale');
  await expect(page.getByRole('region', { name: 'נכסים שצפיתם בהם לאחרונה' })).toContainText(streets[0]!);
  await checkA11y({ allImpacts: true });
});
