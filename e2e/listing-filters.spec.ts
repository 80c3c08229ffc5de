import type { Page } from '@playwright/test';
import { createProperty, unique } from './data';
import { expect, test } from './fixtures';
import { hydrated } from './hydration';

const PHONE = { width: 390, height: 844 };

/** Two sale flats in two new cities that share a tag ('<tag> צפון', '<tag> דרום'), made through the admin API. */
async function twoCities(page: Page, signInAs: (who: 'admin') => Promise<void>) {
  const tag = `גבעת${unique()}`;
  await signInAs('admin');
  const north = { city: `${tag} צפון`, address: `האלה ${unique()}` };
  const south = { city: `${tag} דרום`, address: `הדקל ${unique()}` };
  await createProperty(page.request, { ...north, price: 1_200_000, rooms: 3 });
  await createProperty(page.request, { ...south, price: 2_300_000, rooms: 5 });
  await page.context().clearCookies();
  return { tag, north, south };
}

test.describe('phone width', () => {
  test.use({ viewport: PHONE });

  test("the first screen shows properties; 'סינון' opens the filters in a drawer that closes on search", async ({
    page,
    signInAs,
    shot,
    checkA11y,
  }) => {
    const { tag, north } = await twoCities(page, signInAs);
    await page.goto('/Sale');
    await hydrated(page);

    // Properties first: a card is on the first screen and the filter form is not.
    await expect(page.getByRole('article').first()).toBeInViewport();
    await expect(page.getByRole('form', { name: 'סינון נכסים' })).toBeHidden();
    const open = page.getByRole('button', { name: /^סינון/ });
    await expect(open).toContainText('אין מסננים פעילים');
    await shot('sale phone first screen');
    await checkA11y({ allImpacts: true });

    await open.click();
    const drawer = page.getByRole('dialog', { name: /סינון/ });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('combobox', { name: 'עיר' })).toBeVisible();
    await shot('filter drawer');
    await checkA11y({ allImpacts: true });

    // A partial name that only one city contains is taken as that city; the drawer closes on search.
    await drawer.getByRole('combobox', { name: 'עיר' }).fill(`${tag.slice(-5)} צפ`);
    await drawer.getByRole('button', { name: 'חיפוש', exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`city=${encodeURIComponent(north.city).replace(/%20/g, '\\+')}`));
    await expect(page.locator('#results-count')).toHaveText('נמצא נכס אחד');
    await expect(page.getByRole('link', { name: north.address })).toBeVisible();
    await expect(open).toContainText('מסנן פעיל אחד');
    await expect(open).toBeFocused();

    // Escape closes the drawer and gives the focus back to its button.
    await open.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
  });
});

test('a typed city that is not one suggestion is refused on the field, never searched', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  const { tag, south } = await twoCities(page, signInAs);
  await page.goto('/Sale');
  await hydrated(page);
  const count = page.locator('#results-count');
  await expect(count).toHaveText(/נמצאו/);
  const before = page.url();
  const city = page.getByRole('combobox', { name: 'עיר' });
  const search = page.getByRole('button', { name: 'חיפוש', exact: true });

  await city.fill(`${tag}-אין-כזו`);
  await search.click();
  await expect(page.getByRole('alert').filter({ hasText: 'אין עיר כזו' })).toBeVisible();
  await expect(city).toHaveAttribute('aria-invalid', 'true');
  expect(page.url()).toBe(before);

  // The tag is in both cities: the visitor is asked to choose.
  await city.fill(tag);
  await search.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'יש כמה ערים מתאימות, בחרו אחת מהרשימה' }),
  ).toBeVisible();
  expect(page.url()).toBe(before);
  await shot('city refused');
  await checkA11y({ allImpacts: true });

  // Tab leaves the open list for the next field; the street stays locked until a city from the list is chosen.
  await city.fill(`${tag} דר`);
  await expect(city).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('combobox', { name: 'רחוב' })).toBeDisabled();
  await city.press('Tab');
  await expect(page.getByRole('combobox', { name: 'סוג נכס' })).toBeFocused();
  await expect(city).toHaveAttribute('aria-expanded', 'false');
  await city.fill(south.city);
  await expect(page.getByRole('combobox', { name: 'רחוב' })).toBeEnabled();
  await city.fill(`${tag} דר`);

  await search.click();
  await expect(city).toHaveValue(south.city);
  await expect(count).toHaveText('נמצא נכס אחד');
  await expect(page.getByRole('link', { name: south.address })).toBeVisible();
});

test('a minimum can never exceed its maximum, by slider, by typing or by link', async ({ page }) => {
  await page.goto('/Sale');
  await hydrated(page);
  const minRooms = page.getByRole('spinbutton', { name: 'מינימום חדרים' });
  const maxRooms = page.getByRole('spinbutton', { name: 'מקסימום חדרים' });
  await maxRooms.fill('4');
  await maxRooms.press('Tab');
  await minRooms.fill('6');
  await minRooms.press('Tab');
  await expect(minRooms).toHaveValue('4');
  await expect(maxRooms).toHaveValue('4');
  await expect(minRooms).toHaveAccessibleDescription('המינימום לא יכול לעלות על המקסימום, ולכן נקבע 4');

  const typedMin = page.getByLabel('הקלדת מחיר מינימלי בשקלים');
  const typedMax = page.getByLabel('הקלדת מחיר מקסימלי בשקלים');
  const minSlider = page.getByLabel('מחיר מינימלי', { exact: true });
  const maxSlider = page.getByLabel('מחיר מקסימלי', { exact: true });
  await typedMax.fill('1234567');
  await typedMax.press('Tab');
  await expect(maxSlider).toHaveAttribute('aria-valuetext', /1,234,567/);
  // A typed minimum above the maximum is brought down to it, with a note; the maximum stays.
  await typedMin.fill('2500000');
  await typedMin.press('Tab');
  await expect(typedMin).toHaveValue('1,234,567');
  await expect(typedMax).toHaveValue('1,234,567');
  await expect(typedMin).toHaveAccessibleDescription(
    /^המינימום לא יכול לעלות על המקסימום, ולכן נקבע \W*1,234,567/,
  );
  // A slider moved past the other end takes it along.
  await minSlider.fill('3000000');
  await expect(typedMax).toHaveValue('3,000,000');
  // Typed key by key, a maximum passes through 3, 35, 350... without ever pulling the minimum down.
  await typedMax.clear();
  await typedMax.pressSequentially('3500000');
  await expect(typedMin).toHaveValue('3,000,000');
  await expect(typedMax).toHaveValue('3,500,000');
  await expect(minSlider).toHaveAttribute('aria-valuetext', /3,000,000/);

  // Enter in the field takes the typed maximum and searches.
  await typedMax.press('Enter');
  await expect(page).toHaveURL(/minRooms=4&maxRooms=4&minPrice=3000000&maxPrice=3500000/);

  // A link with the ends swapped reads as the same range.
  await page.goto('/Sale?minPrice=900000&maxPrice=100000');
  await hydrated(page);
  await expect(typedMin).toHaveValue('100,000');
  await expect(typedMax).toHaveValue('900,000');
});
