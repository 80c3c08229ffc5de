import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { createProperty, photo, readProperty, unique } from './data';
import { expect, test } from './fixtures';

const CITY = 'כרמיאל';
const PHONE = { width: 390, height: 844 };

/** The newest toast with this text (an earlier one may still be fading out). */
const toastShown = (page: Page, text: string) =>
  expect(page.locator('.Toastify').getByText(text).last()).toBeVisible();

const ids = (page: Page) => page.locator('li[data-photo]');

test('an admin adds, reorders (keyboard) and removes photos of a property', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  // A street number of its own, so a second run against the same database finds only this property.
  const ADDRESS = `הנשיאים ${100 + Math.floor(Math.random() * 9_900)}`;
  await signInAs('admin');
  const id = await createProperty(page.request, { city: CITY, address: ADDRESS, price: 1_450_000 }, [
    await photo('#1e40af', 'blue.png'),
    await photo('#15803d', 'green.png'),
  ]);
  const [blue, green] = (await readProperty(page.request, id)).photos.map((p) => p._id);

  await page.goto(`/PropertyView/${id}`);
  await page.getByRole('button', { name: 'ניהול תמונות' }).click();
  const manager = page.getByRole('region', { name: `תמונות הנכס ב${ADDRESS}` });
  await expect(manager.getByText('2 מתוך 30 תמונות')).toBeVisible();

  // Add a red photo: it is appended as the third.
  await manager.getByLabel('הוספת תמונות').setInputFiles(await photo('#ff0000', 'red.png'));
  await toastShown(page, 'התמונות עודכנו בהצלחה');
  await expect(manager.getByText('3 מתוך 30 תמונות')).toBeVisible();
  const red = (await readProperty(page.request, id)).photos[2]!._id;
  await expect(ids(page)).toHaveCount(3);

  // Move it first: one click, then Enter on the button that kept the focus.
  await manager.getByRole('button', { name: 'הזזת תמונה 3 מוקדם יותר' }).click();
  await expect(ids(page).nth(1)).toHaveAttribute('data-photo', red);
  const earlier2 = manager.getByRole('button', { name: 'הזזת תמונה 2 מוקדם יותר' });
  await expect(earlier2).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ids(page).first()).toHaveAttribute('data-photo', red);
  // At the first place 'earlier' is disabled, so the focus moves to 'later' of the same photo.
  await expect(manager.getByRole('button', { name: 'הזזת תמונה 1 מאוחר יותר' })).toBeFocused();
  expect((await readProperty(page.request, id)).photos.map((p) => p._id)).toEqual([red, blue, green]);
  const redPhoto = (await readProperty(page.request, id)).photos[0]!;
  const gallery = page.getByRole('region', { name: 'גלריית תמונות' });
  await expect(gallery.getByRole('img', { name: `${ADDRESS} – תמונה 1` })).toHaveAttribute(
    'src',
    redPhoto.variants[1]!.url,
  );
  await expect(manager.getByText('תמונה ראשית')).toBeVisible();
  await shot('manager desktop');
  await checkA11y();

  // Remove the blue one (now second) after confirming.
  await manager.getByRole('button', { name: 'הסרת תמונה 2' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('להסיר את תמונה 2?');
  await shot('remove confirmation');
  await dialog.getByRole('button', { name: 'הסרה' }).click();
  await toastShown(page, 'התמונות עודכנו בהצלחה');
  await expect(manager.getByText('2 מתוך 30 תמונות')).toBeVisible();
  await expect(ids(page)).toHaveCount(2);
  expect((await readProperty(page.request, id)).photos.map((p) => p._id)).toEqual([red, green]);
  await page.setViewportSize(PHONE);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  await shot('manager phone');

  // The card on /Sale shows the new main photo, and its edit mode reaches the same manager.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/Sale?city=${encodeURIComponent(CITY)}`);
  const card = page.getByRole('article').filter({ hasText: ADDRESS });
  await expect(card.getByRole('img', { name: `דירה ב${ADDRESS}` })).toHaveAttribute(
    'src',
    redPhoto.variants[1]!.url,
  );
  await card.getByRole('button', { name: 'עריכה' }).click();
  const form = page.getByRole('form', { name: `עריכת הנכס ב${ADDRESS}` });
  await form.getByRole('button', { name: 'ניהול תמונות' }).click();
  await expect(form.getByRole('button', { name: 'ניהול תמונות' })).toHaveAttribute('aria-expanded', 'true');
  await expect(form.locator('li[data-photo]')).toHaveCount(2);
  await expect(form.getByRole('button', { name: 'הזזת תמונה 1 מוקדם יותר' })).toBeDisabled();
  await form.getByRole('button', { name: 'ניהול תמונות' }).scrollIntoViewIfNeeded();
  await shot('card edit manager desktop');
  await checkA11y();
  await page.setViewportSize(PHONE);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  await shot('card edit manager phone');
});

test('at 30 photos the add input is disabled and explains why', async ({ page, signInAs, shot }) => {
  await signInAs('admin');
  const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888888' } })
    .png()
    .toBuffer();
  const photos = Array.from({ length: 30 }, (_, i) => ({
    name: `p${i}.png`,
    mimeType: 'image/png',
    buffer: small,
  }));
  const id = await createProperty(
    page.request,
    { typeTransaction: 'השכרה', city: CITY, address: `המלאכה ${unique()}`, price: 5200 },
    photos,
  );
  await page.goto(`/PropertyView/${id}`);
  await page.getByRole('button', { name: 'ניהול תמונות' }).click();
  await expect(page.getByText('30 מתוך 30 תמונות')).toBeVisible();
  await expect(page.getByLabel('הוספת תמונות')).toBeDisabled();
  await expect(page.getByText(/הגיע למגבלה של 30 תמונות/)).toBeVisible();
  await page.getByLabel('הוספת תמונות').scrollIntoViewIfNeeded();
  await shot('full');
});
