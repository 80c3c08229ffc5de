import type { Page } from '@playwright/test';
import { asAdmin, linkIn, mailMatching } from './alerts-helpers';
import { createProperty } from './data';
import { expect, test } from './fixtures';
import { mailsTo } from './mail-catcher';
import { serveMapTiles, TILE_ATTRIBUTION } from './map-tiles';
import { DESKTOP, hebrewTag, PHONE } from './people';

/** A listing's pin on the map (public point), found by its property id. */
const pin = (page: Page, id: string) => page.locator(`.map-pin[data-property-id="${id}"]`);

/** Where this pin is once the map has stopped moving (two looks in a row agree). */
async function settledBox(page: Page, id: string) {
  let last = '';
  await expect
    .poll(async () => {
      const box = await pin(page, id).boundingBox();
      const now = box ? `${Math.round(box.x)},${Math.round(box.y)}` : '';
      const same = now !== '' && now === last;
      last = now;
      return same;
    })
    .toBe(true);
  return (await pin(page, id).boundingBox())!;
}

/**
 * Pans the map by keyboard until this pin is near the map's middle (each arrow moves the map 100 px), then zooms
 * in with the map's own button until the other pin has left the map.
 */
async function panAndZoomTo(page: Page, id: string, away: string) {
  const canvas = page.locator('.search-map-canvas canvas');
  await canvas.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  const map = (await canvas.boundingBox())!;
  const middle = { x: map.x + map.width / 2, y: map.y + map.height / 2 };
  await canvas.focus();
  for (let presses = 0; presses < 12; presses++) {
    const at = await settledBox(page, id);
    const dx = at.x + at.width / 2 - middle.x;
    const dy = at.y + at.height / 2 - middle.y;
    if (Math.abs(dx) < 60 && Math.abs(dy) < 60) break;
    if (Math.abs(dy) >= Math.abs(dx)) await page.keyboard.press(dy > 0 ? 'ArrowDown' : 'ArrowUp');
    else await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
  }
  const zoomIn = page.getByRole('button', { name: 'התקרבות' });
  for (let presses = 0; presses < 6 && (await pin(page, away).count()) > 0; presses++) {
    await zoomIn.click();
    await settledBox(page, id);
  }
}

test('a buyer filters by floor and safe room, opens the map, searches an area, saves it and is alerted for a listing inside it only', async ({
  page,
  request,
  shot,
  checkA11y,
}) => {
  // The alerts job looks for work every second on the test server; the mails go through the outbox.
  test.setTimeout(300_000);
  const tiles = await serveMapTiles(page);
  await asAdmin(request);
  const tag = hebrewTag();
  const city = `מצפה ${tag}`;
  const email = `map-buyer-${Date.now()}@example.com`;
  // In the test's own city: two flats with a safe room above the ground, 70 km apart (Mitzpe Ramon's hills and
  // Be'er Sheva's), and one on the ground floor beside the first.
  const flat = { city, rooms: 4, price: 1_900_000, features: ['ממ"ד' as const] };
  const [south, north, ground] = await Promise.all([
    createProperty(request, {
      ...flat,
      address: `הגבעה ${tag}`,
      floor: '3',
      location: { lat: 30.61, lng: 34.8 },
    }),
    createProperty(request, {
      ...flat,
      address: `השדרה ${tag}`,
      floor: '2',
      location: { lat: 31.25, lng: 34.79 },
    }),
    createProperty(request, {
      ...flat,
      address: `הנחל ${tag}`,
      floor: 'קרקע',
      location: { lat: 30.612, lng: 34.802 },
    }),
  ]);

  // A phone: the filters in the drawer, floor from 1 and a safe room.
  await page.setViewportSize(PHONE);
  await page.goto(`/Sale?city=${encodeURIComponent(city)}`);
  await expect(page.locator('#results-count')).toHaveText('נמצאו 3 נכסים');
  await checkA11y({ allImpacts: true });
  await page.getByRole('button', { name: /^סינון/ }).click();
  const drawer = page.getByRole('dialog', { name: /סינון/ });
  await drawer.getByText('מסננים נוספים').click();
  await drawer.getByLabel('מקומה').fill('1');
  await drawer.getByRole('checkbox', { name: 'ממ״ד' }).check();
  await drawer.getByRole('button', { name: 'חיפוש', exact: true }).click();
  await expect(page).toHaveURL(/minFloor=1/);
  await expect(page).toHaveURL(/amenities=safeRoom/);
  await expect(page.locator('#results-count')).toHaveText('נמצאו 2 נכסים');
  await expect(page.getByText('מקומה 1 ומעלה · ממ״ד')).toBeVisible();

  // The map, instead of the list on a phone, with the same filters: two pins, the ground floor's not among them.
  await page.getByRole('link', { name: 'מפה' }).click();
  await expect(page).toHaveURL(/map=1/);
  await expect(page).toHaveURL(/minFloor=1/);
  const region = page.getByRole('region', { name: 'חיפוש במפה' });
  await expect(pin(page, south)).toBeVisible();
  await expect(pin(page, north)).toBeVisible();
  await expect(pin(page, ground)).toHaveCount(0);
  // Fitting the view to the results is the page's move, not the visitor's: nothing to search yet.
  await expect(region.getByRole('button', { name: 'חפשו באזור הזה' })).toBeHidden();
  await expect(page.getByRole('link', { name: `הגבעה ${tag}` })).toBeHidden();
  await expect(region.getByText(TILE_ATTRIBUTION)).toBeVisible();
  expect(tiles.style).toBeGreaterThan(0);
  expect(tiles.tiles).toBeGreaterThan(0);
  // The pins are buttons that name the listing; the list of what the map shows is one Tab away.
  await expect(pin(page, south)).toHaveAccessibleName(/^נכס, 4 חדרים, \S?1,900,000\s\S?₪$/);
  const visible = page.locator('#map-list');
  await expect(visible.getByRole('link')).toHaveCount(2);
  await shot('search map phone');
  await checkA11y({ allImpacts: true });

  // Pan by keyboard to the southern flat and zoom in: the northern one leaves the map; 'search this area' becomes a filter.
  await panAndZoomTo(page, south, north);
  await expect(pin(page, north)).toHaveCount(0);
  await expect(pin(page, south)).toBeVisible();
  await region.getByRole('button', { name: 'חפשו באזור הזה' }).click();
  await expect(page).toHaveURL(/bbox=/);
  await expect(page.locator('#results-count')).toHaveText('נמצא נכס אחד');
  await expect(page.getByText('מקומה 1 ומעלה · ממ״ד · באזור שסומן במפה')).toBeVisible();
  await expect(region.getByRole('button', { name: 'חפשו באזור הזה' })).toBeHidden();
  const bbox = new URL(page.url()).searchParams.get('bbox')!.split(',').map(Number);
  // The box holds the southern flat and not the northern one.
  expect(bbox[1]! < 30.61 && bbox[3]! > 30.61 && bbox[3]! < 31.25).toBe(true);
  await shot('search map area phone');

  // Saved with its area, confirmed from the mail.
  await page.getByRole('button', { name: 'שמירת החיפוש ועדכונים על נכסים חדשים' }).click();
  const dialog = page.getByRole('dialog', { name: 'שמירת החיפוש' });
  await expect(dialog).toContainText('באזור שסומן במפה');
  await expect(dialog).toContainText('עם ממ"ד · מקומה 1 ומעלה · באזור שסומן במפה');
  await dialog.getByLabel('שם', { exact: true }).fill(`קונה ${tag}`);
  await dialog.getByLabel('מייל', { exact: true }).fill(email);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'שמירה וקבלת קישור' }).click();
  await expect(dialog.getByRole('status')).toContainText('שלחנו מייל');
  await page.keyboard.press('Escape');
  const confirmation = await mailMatching(email, /\/MyAlerts\/[\w-]+\?confirm=1/);
  const confirmPath = linkIn(confirmation.text, /https?:\/\/\S+\/MyAlerts\/[\w-]+\?confirm=1/);
  const alertsTab = await page.context().newPage();
  await alertsTab.goto(`${confirmPath}?confirm=1`);
  await expect(alertsTab.getByText('ההרשמה אושרה')).toBeVisible();
  await expect(alertsTab.getByTestId('search-sentence')).toContainText('באזור שסומן במפה');
  await alertsTab.close();

  // Two new flats that match the filters: one beside the northern flat (outside the area), then one beside
  // the southern (inside). Alerts go out in the order listings came: when the second's alert is here, the
  // first's would have been too.
  const outside = await createProperty(request, {
    ...flat,
    address: `הרחבה ${tag}`,
    floor: '4',
    location: { lat: 31.252, lng: 34.792 },
  });
  const inside = await createProperty(request, {
    ...flat,
    address: `המצוק ${tag}`,
    floor: '2',
    location: { lat: 30.608, lng: 34.798 },
  });
  const alert = await mailMatching(email, new RegExp(`/PropertyView/${inside}`));
  expect(alert.text).toContain(`המצוק ${tag}`);
  expect(mailsTo(email).some((mail) => mail.text.includes(outside))).toBe(false);

  // Desktop: the map beside the list; a pin's card by keyboard, Escape gives the focus back to the pin.
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await expect(page.locator('#results-count')).toHaveText('נמצאו 2 נכסים');
  await expect(page.getByRole('link', { name: `הגבעה ${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `המצוק ${tag}` })).toBeVisible();
  // The two flats of the area, a few hundred metres apart, may come as one group: Enter on it zooms in to where
  // it splits.
  await expect(region.locator('.map-cluster, .map-pin').first()).toBeVisible();
  const group = region.locator('.map-cluster');
  for (let presses = 0; presses < 3 && (await group.count()) > 0; presses++) {
    await expect(group.first()).toHaveAccessibleName(/נכסים כאן, הגדלת המפה$/);
    await group.first().focus();
    await page.keyboard.press('Enter');
    // The group's own button goes when the map has zoomed in and drawn what it split into.
    await expect(region.locator('.map-cluster:focus')).toHaveCount(0);
    await expect(region.locator('.map-cluster, .map-pin').first()).toBeVisible();
  }
  await expect(pin(page, inside)).toBeVisible();
  await pin(page, south).focus();
  await region.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  await page.keyboard.press('Enter');
  const card = region.getByRole('region', { name: /1,900,000/ });
  await expect(card).toContainText('4 חדרים');
  await expect(card.getByRole('link', { name: 'לפרטי הנכס' })).toBeFocused();
  await shot('search map desktop card');
  await checkA11y({ allImpacts: true });
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await expect(pin(page, south)).toBeFocused();

  // Closing the map keeps the filters and the area; the list is back at full width.
  await page.getByRole('link', { name: 'הסתרת המפה' }).click();
  await expect(page).not.toHaveURL(/map=1/);
  await expect(page).toHaveURL(/bbox=/);
  await expect(region).toHaveCount(0);
  await expect(page.locator('#results-count')).toHaveText('נמצאו 2 נכסים');
  await checkA11y({ allImpacts: true });
});
