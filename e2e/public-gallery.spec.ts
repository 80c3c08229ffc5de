import type { Page } from '@playwright/test';
import { createProperty, photo, unique } from './data';
import { expect, test } from './fixtures';
import { hydrated } from './hydration';

const PHONE = { width: 390, height: 844 };
const COLOURS = ['#1e40af', '#15803d', '#b91c1c', '#a16207'];

/** A fresh flat with this many photos, created through the admin API; the cookie is cleared afterwards. */
async function flatWithPhotos(page: Page, count: number) {
  const address = `התאנה ${unique()}`;
  const photos = await Promise.all(COLOURS.slice(0, count).map((c) => photo(c, `${c.slice(1)}.png`)));
  const id = await createProperty(
    page.request,
    { city: 'נתניה', address, price: 1_890_000, rooms: 3.5, size: 88, floor: '2' },
    photos,
  );
  return { id, address };
}

/** How many columns the gallery's photos occupy, and whether their boxes fill the gallery's width. */
async function galleryColumns(page: Page) {
  const gallery = page.getByRole('region', { name: 'גלריית תמונות' });
  const box = (await gallery.locator('.grid').boundingBox())!;
  const buttons = gallery.locator('.grid > button');
  const lefts = new Set<number>();
  let right = 0;
  let left = Number.POSITIVE_INFINITY;
  for (const b of await buttons.all()) {
    const r = await b.boundingBox();
    if (!r || r.width === 0) continue;
    lefts.add(Math.round(r.x));
    left = Math.min(left, r.x);
    right = Math.max(right, r.x + r.width);
  }
  return { columns: lefts.size, filled: Math.abs(right - left - box.width) < 2 };
}

for (const [count, columns] of [
  [1, 1],
  [2, 2],
  [4, 2],
] as const) {
  test(`the gallery with ${count} photo(s) leaves no empty column, at desktop and phone widths`, async ({
    page,
    signInAs,
    shot,
    checkA11y,
  }) => {
    await signInAs('admin');
    const { id } = await flatWithPhotos(page, count);
    await page.context().clearCookies();
    await page.goto(`/PropertyView/${id}`);
    const gallery = page.getByRole('region', { name: 'גלריית תמונות' });
    await expect(gallery.locator('img').first()).toBeVisible();
    expect(await galleryColumns(page)).toEqual({ columns, filled: true });
    const showAll = gallery.getByRole('button', { name: `הצגת ${count} התמונות` });
    await expect(showAll).toBeVisible({ visible: count > 3 });
    await shot(`gallery ${count} desktop`);
    await checkA11y({ allImpacts: true });

    await page.setViewportSize(PHONE);
    expect(await galleryColumns(page)).toEqual({ columns: 1, filled: true });
    await expect(showAll).toBeVisible({ visible: count > 1 });
    await shot(`gallery ${count} phone`);
    await checkA11y({ allImpacts: true });
  });
}

test('keyboard only: the viewer keeps the focus inside, Escape closes it, focus is back on the image', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('admin');
  const { id } = await flatWithPhotos(page, 4);
  await page.context().clearCookies();
  await page.goto(`/PropertyView/${id}`);
  await hydrated(page);
  const opener = page.getByRole('button', { name: /תמונה 2/ });
  await opener.focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: 'תמונות הנכס במסך מלא' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'סגירה' })).toBeFocused();
  await expect(viewer).toContainText('תמונה 2 מתוך 4');
  // Tab goes through the controls in order and wraps only at the edges, both ways.
  const close = viewer.getByRole('button', { name: 'סגירה' });
  const prev = viewer.getByRole('button', { name: 'התמונה הקודמת' });
  const next = viewer.getByRole('button', { name: 'התמונה הבאה' });
  for (const [key, expected] of [
    ['Tab', prev],
    ['Tab', next],
    ['Tab', close],
    ['Shift+Tab', next],
    ['Shift+Tab', prev],
    ['Shift+Tab', close],
  ] as const) {
    await page.keyboard.press(key);
    await expect(expected).toBeFocused();
  }
  for (let i = 0; i < 10; i += 1) {
    await page.keyboard.press('Tab');
    expect(await viewer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('ArrowLeft');
  await expect(viewer).toContainText('תמונה 3 מתוך 4');
  await shot('viewer open');
  await checkA11y({ allImpacts: true });
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();
});

test('public cards show city, rooms, size and the floor of a flat', async ({ page, signInAs, shot }) => {
  await signInAs('admin');
  const { address } = await flatWithPhotos(page, 1);
  await page.context().clearCookies();
  await page.setViewportSize(PHONE);
  await page.goto(`/Sale?city=${encodeURIComponent('נתניה')}`);
  const card = page.getByRole('article').filter({ hasText: address });
  await expect(card).toBeVisible();
  const facts = card.getByRole('list', { name: 'עיקרי הנכס' });
  for (const fact of ['נתניה', '3.5 חדרים', '88 מ"ר', 'קומה 2']) await expect(facts).toContainText(fact);
  await card.scrollIntoViewIfNeeded();
  await shot('public card phone');
});

test('the properties menu and the phone menu answer Escape and Tab', async ({ page }) => {
  await page.goto('/AboutLink');
  await hydrated(page);
  const button = page.getByRole('button', { name: 'נכסים' });
  await button.click();
  const sale = page.getByRole('link', { name: 'נכסים למכירה' });
  await expect(sale).toBeVisible();
  await sale.focus();
  await page.keyboard.press('Escape');
  await expect(sale).toBeHidden();
  await expect(button).toBeFocused();

  // Tab out of the open menu closes it.
  await page.keyboard.press('Enter');
  await expect(sale).toBeVisible();
  // From the button through each of the menu's links, then one more Tab leaves it.
  const menuLinks = await page.locator(`[id="${await button.getAttribute('aria-controls')}"] a`).count();
  for (let i = 0; i < menuLinks; i++) {
    await page.keyboard.press('Tab');
    await expect(sale).toBeVisible();
  }
  await page.keyboard.press('Tab');
  await expect(sale).toBeHidden();

  await page.setViewportSize(PHONE);
  const toggle = page.getByRole('button', { name: 'פתיחת תפריט' });
  await toggle.click();
  await expect(page.locator('#main-menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#main-menu')).toBeHidden();
  await expect(page.getByRole('button', { name: 'פתיחת תפריט' })).toBeFocused();
});
