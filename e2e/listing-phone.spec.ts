import type { Page } from '@playwright/test';
import { createProperty, photo, unique } from './data';
import { expect, test } from './fixtures';
import { hydrated } from './hydration';

const PHONE = { width: 390, height: 844 };

/** A rental flat in a city of its own, made through the admin API; the page is a visitor after. */
async function rentalFlat(page: Page, signInAs: (who: 'admin') => Promise<void>) {
  await signInAs('admin');
  const flat = { city: `כפר${unique()}`, address: `התאנה ${unique()}`, price: 6_500, rooms: 3 };
  await createProperty(page.request, { ...flat, typeTransaction: 'השכרה' });
  await page.context().clearCookies();
  return flat;
}

const filterButton = (page: Page) => page.getByRole('button', { name: /^סינון/ });

test.describe('phone width', () => {
  test.use({ viewport: PHONE });

  for (const [path, typeTransaction] of [
    ['/Sale', 'מכירה'],
    ['/Rent', 'השכרה'],
  ] as const) {
    test(`${path} opens on property cards, with the filters a tap away`, async ({
      page,
      signInAs,
      shot,
      checkA11y,
    }) => {
      // A listing of this test's own, with a photo, in a city of its own.
      await signInAs('admin');
      const city = `עין${unique()}`;
      const address = `הגפן ${unique()}`;
      await createProperty(page.request, { city, address, typeTransaction }, [
        await photo('#7a9cc6', 'front.png'),
      ]);
      await page.context().clearCookies();

      await page.goto(`${path}?city=${encodeURIComponent(city)}`);
      await hydrated(page);
      // The card's photo, address and price are on the first screen; the filter form is not.
      const first = page.getByRole('article').first();
      await expect(first.getByRole('heading')).toHaveText(address);
      await expect(first.getByRole('img').first()).toBeInViewport();
      await expect(first.getByRole('heading')).toBeInViewport({ ratio: 1 });
      await expect(first.getByText(/₪/).first()).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('form', { name: 'סינון נכסים' })).toBeHidden();
      await expect(filterButton(page)).toBeInViewport({ ratio: 1 });
      // The first screen as the visitor sees it (the shot fixture takes the whole page).
      await page.screenshot({
        path: `${process.env.E2E_RESULTS ?? 'test-results'}/screens/phone first screen ${path.slice(1)}.png`,
      });
      await checkA11y({ allImpacts: true });

      await filterButton(page).click();
      const drawer = page.getByRole('dialog', { name: /סינון/ });
      await expect(drawer.getByRole('form', { name: 'סינון נכסים' })).toBeVisible();
      await shot('drawer open');
      await checkA11y({ allImpacts: true });
      await drawer.getByRole('button', { name: 'סגירת הסינון' }).click();
      await expect(drawer).toBeHidden();
      await expect(filterButton(page)).toBeFocused();
    });
  }

  test('the drawer counts the filters in force, takes a typed price and closes on search', async ({
    page,
    signInAs,
    shot,
  }) => {
    const flat = await rentalFlat(page, signInAs);
    await page.goto(`/Rent?category=${encodeURIComponent('דירה')}&minRooms=2`);
    await hydrated(page);
    await expect(filterButton(page)).toContainText('2 מסננים פעילים');

    await filterButton(page).click();
    const drawer = page.getByRole('dialog', { name: /סינון/ });
    await expect(drawer.getByRole('heading', { name: /סינון/ })).toContainText('2 מסננים פעילים');
    await drawer.getByRole('combobox', { name: 'עיר' }).fill(flat.city);
    const typedMax = drawer.getByLabel('הקלדת מחיר מקסימלי בשקלים');
    await typedMax.fill('6500');
    // A minimum typed above that maximum is brought down to it, and says so.
    const typedMin = drawer.getByLabel('הקלדת מחיר מינימלי בשקלים');
    await typedMin.fill('9000');
    await typedMin.press('Tab');
    await expect(typedMin).toHaveValue('6,500');
    await expect(typedMin).toHaveAccessibleDescription(/^המינימום לא יכול לעלות על המקסימום/);
    await shot('drawer with a typed price');

    await drawer.getByRole('button', { name: 'חיפוש', exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/minPrice=6500&maxPrice=6500/);
    await expect(page.locator('#results-count')).toHaveText('נמצא נכס אחד');
    await expect(page.getByRole('link', { name: flat.address })).toBeInViewport();
    await expect(filterButton(page)).toContainText('5 מסננים פעילים');
    await expect(filterButton(page)).toBeFocused();
    await shot('after search');
  });

  test('a partial city that matches no suggestion keeps the drawer open with the message', async ({
    page,
  }) => {
    await page.goto('/Rent');
    await hydrated(page);
    const before = page.url();
    await filterButton(page).click();
    const drawer = page.getByRole('dialog', { name: /סינון/ });
    const city = drawer.getByRole('combobox', { name: 'עיר' });
    await city.fill(`אין${unique()}`);
    await drawer.getByRole('button', { name: 'חיפוש', exact: true }).click();
    await expect(drawer.getByRole('alert')).toHaveText('אין עיר כזו');
    await expect(city).toHaveAttribute('aria-invalid', 'true');
    await expect(drawer).toBeVisible();
    expect(page.url()).toBe(before);
  });
});

test.describe('desktop width', () => {
  for (const path of ['/Sale', '/Rent']) {
    test(`${path} shows the filter bar above the cards and no 'סינון' button`, async ({
      page,
      checkA11y,
    }) => {
      await page.goto(path);
      await hydrated(page);
      await expect(page.getByRole('form', { name: 'סינון נכסים' })).toBeVisible();
      await expect(filterButton(page)).toBeHidden();
      await expect(page.getByRole('article').first()).toBeVisible();
      await checkA11y({ allImpacts: true });
      // A refused city is a field error the checker accepts too.
      await page.getByRole('combobox', { name: 'עיר' }).fill(`אין${unique()}`);
      await page.getByRole('button', { name: 'חיפוש', exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText('אין עיר כזו');
      await checkA11y({ allImpacts: true });
    });
  }
});
