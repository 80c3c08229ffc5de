import type { Page } from '@playwright/test';
import type { Property } from '@shared/schemas/property';
import sharp from 'sharp';
import { expect, expectToast, test } from './fixtures';

const ADDRESS = 'החומה 7';
const CITY = 'עכו';
const PHONE = { width: 390, height: 844 };

async function photo(colour: string, name: string) {
  const buffer = await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function searchApi(page: Page, query: string) {
  const res = await page.request.get(`/api/v1/property/search?${query}`);
  return (await res.json()).data as { items: Property[]; total: number };
}

/** The newest toast with this text (an earlier one may still be fading out). */
const toastShown = (page: Page, text: string) =>
  expect(page.locator('.Toastify').getByText(text).last()).toBeVisible();

const card = (page: Page, address: string) => page.getByRole('article').filter({ hasText: address });

test.describe.configure({ mode: 'serial' });

test('an admin creates a property with three images through the wizard', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('admin');
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1/property')) posts.push(r.url());
  });
  await page.goto('/NewProperty');
  await expect(page.getByText('אין להשאיר שדות ריקים')).toBeVisible();
  await checkA11y();

  // Jump straight to the last step and complete without a deal type: message, nothing sent, back to step 1.
  const steps = page.getByRole('navigation', { name: 'שלבי יצירת הנכס' });
  await steps.getByRole('button', { name: /מחיר ותמונות/ }).click();
  await expect(page.getByRole('heading', { name: /שלב 5/ })).toBeVisible();
  await page.getByRole('button', { name: 'סיום' }).click();
  await expectToast(page, 'חובה לבחור סוג עסקה');
  await expect(page.getByRole('heading', { name: /שלב 1/ })).toBeVisible();
  await expect(
    page.locator('form').getByRole('alert').filter({ hasText: 'חובה לבחור סוג עסקה' }),
  ).toBeVisible();
  expect(posts).toEqual([]);

  await page.getByLabel('סוג עסקה').selectOption('מכירה');
  await page.getByLabel('עיר').fill(CITY);
  await page.getByLabel('כתובת', { exact: true }).fill(ADDRESS);
  await page.getByLabel('סוכן ראשי').selectOption({ label: 'דנה לוי' });
  await page.getByLabel('סוכן משני').selectOption({ label: 'אבי מזרחי' });
  await shot('wizard step 1');
  await page.getByRole('button', { name: 'המשך' }).click();
  await page.getByLabel('פינוי בינוי').check();
  await page.getByLabel('סוג נכס').selectOption('דירה');
  await page.getByRole('button', { name: 'המשך' }).click();
  await page.getByLabel('חדרים').fill('4');
  await page.getByLabel('קומה').fill('2');
  await page.getByLabel('גודל (מ"ר)').fill('95');
  // Jump ahead with the indicator, then go back one step with Back.
  await steps.getByRole('button', { name: /מחיר ותמונות/ }).click();
  await page.getByRole('button', { name: 'חזרה' }).click();
  await expect(page.getByRole('heading', { name: /שלב 4/ })).toBeVisible();
  await page.getByLabel('תאריך כניסה').selectOption('מידי');
  await page.getByLabel('מעלית').check();
  await page.getByRole('button', { name: 'המשך' }).click();
  await page.getByLabel('תיאור').fill('דירה מוארת מול הים');
  await page.getByLabel('מחיר').fill('1234500');
  await page
    .getByLabel('תמונות')
    .setInputFiles([
      await photo('#88aacc', 'front.jpg'),
      await photo('#c2703d', 'kitchen.jpg'),
      await photo('#6a994e', 'garden.jpg'),
    ]);
  await expect(page.getByRole('img', { name: /\.jpg$/ })).toHaveCount(3);
  await shot('wizard step 5 with previews');
  await page.setViewportSize(PHONE);
  await shot('wizard step 5 phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'סיום' }).click();
  await expectToast(page, 'הנכס נוצר בהצלחה!');
  await expect(page.getByRole('button', { name: 'יצירת נכס נוסף' })).toBeVisible();
  expect(posts).toHaveLength(1);

  // It is on /Sale, with its three photos.
  await page.goto(`/Sale?city=${encodeURIComponent(CITY)}`);
  await expect(card(page, ADDRESS)).toBeVisible();
  const created = (await searchApi(page, `type=sale&city=${encodeURIComponent(CITY)}`)).items[0]!;
  expect(created.photos).toHaveLength(3);
  expect(created.agent?.name).toBe('דנה לוי');
});

test('a visitor sees only the visitor fields on the card', async ({ page, shot, checkA11y }) => {
  await page.goto(`/Sale?city=${encodeURIComponent(CITY)}`);
  const c = card(page, ADDRESS);
  await expect(c).toBeVisible();
  await expect(c.getByText('דירה', { exact: true })).toBeVisible();
  await expect(c.getByText(/1,234,500/)).toBeVisible();
  await expect(c.getByText('פינוי בינוי')).toBeVisible();
  await expect(c.getByRole('button', { name: 'עריכה' })).toHaveCount(0);
  await expect(c.getByText('דירה מוארת מול הים')).toHaveCount(0);
  await expect(c.getByText('דנה לוי')).toHaveCount(0);
  await expect(c.getByText(/מ"ר/)).toHaveCount(0);
  await page.goto('/Sale');
  await expect(page.getByText(/נמצאו \d+ נכסים/)).toBeVisible();
  await shot('sale visitor desktop');
  await checkA11y();
  await page.setViewportSize(PHONE);
  await shot('sale visitor phone');
});

test('the property page: gallery slider wraps, the agent switch, WhatsApp with 972', async ({
  page,
  shot,
  checkA11y,
}) => {
  await page.goto('/Sale');
  const all = await searchApi(page, 'type=sale&pageSize=60');
  const p = all.items.find((x) => x.photos.length > 3 && x.agent && x.agentSecend)!;
  expect(p).toBeTruthy();
  await page.goto(`/PropertyView/${p._id}`);
  await expect(page.getByRole('heading', { name: new RegExp(p.address) })).toBeVisible();
  await expect(page.getByText('מאפייני הנכס')).toBeVisible();
  await shot('property page desktop');
  await checkA11y();

  await page.getByRole('button', { name: `הצגת ${p.photos.length} התמונות` }).click();
  const dialog = page.getByRole('dialog', { name: 'תמונות הנכס במסך מלא' });
  await expect(dialog.getByText(`תמונה 1 מתוך ${p.photos.length}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'התמונה הקודמת' }).click();
  await expect(dialog.getByText(`תמונה ${p.photos.length} מתוך ${p.photos.length}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'התמונה הבאה' }).click();
  await expect(dialog.getByText(`תמונה 1 מתוך ${p.photos.length}`)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByText(`תמונה 2 מתוך ${p.photos.length}`)).toBeVisible();
  await shot('slider');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  const contact = page.getByRole('region', { name: 'יצירת קשר' });
  await expect(contact.getByTestId('agent-name')).toHaveText(p.agent!.name);
  const wa = contact.getByRole('link', { name: 'שליחת הודעה בוואטסאפ' });
  const digits = p.agent!.phone_number.replace(/\D/g, '').replace(/^0/, '');
  await expect(wa).toHaveAttribute('href', new RegExp(`^https://wa\\.me/972${digits}\\?text=`));
  expect(decodeURIComponent((await wa.getAttribute('href'))!)).toContain(p.address);
  await contact.getByRole('button', { name: 'סוכן משני' }).click();
  await expect(contact.getByTestId('agent-name')).toHaveText(p.agentSecend!.name);
  const second = p.agentSecend!.phone_number.replace(/\D/g, '').replace(/^0/, '');
  await expect(wa).toHaveAttribute('href', new RegExp(`^https://wa\\.me/972${second}`));
  await expect(contact.getByRole('link', { name: 'חיוג' })).toHaveAttribute('href', /^tel:0/);
  await page.setViewportSize(PHONE);
  await shot('property page phone');
  await page.goto('/PropertyView/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'הנכס לא נמצא' })).toBeVisible();
});

test('the admin edits the price inline and marks it sold: it moves to the sold list', async ({
  page,
  signInAs,
  shot,
}) => {
  await signInAs('admin');
  await page.goto(`/Sale?city=${encodeURIComponent(CITY)}`);
  const c = card(page, ADDRESS);
  await c.getByRole('button', { name: 'עריכה' }).click();
  const form = page.getByRole('form', { name: `עריכת הנכס ב${ADDRESS}` });
  await expect(form).toBeVisible();
  await form.getByRole('heading').click();
  await expect(page).toHaveURL(/\/Sale/);
  await form.getByLabel('מחיר').fill('999000');
  await shot('inline edit');
  await form.getByRole('button', { name: 'ביטול' }).click();
  await expect(c.getByText(/1,234,500/)).toBeVisible();

  await c.getByRole('button', { name: 'עריכה' }).click();
  await form.getByLabel('מחיר').fill('999000');
  await form.getByRole('button', { name: 'שמירה' }).click();
  await toastShown(page, 'הנכס עודכן בהצלחה');
  await expect(c.getByText(/999,000/)).toBeVisible();

  await c.getByRole('button', { name: 'עריכה' }).click();
  await form.getByLabel('נמכר / הושכר').check();
  await form.getByRole('button', { name: 'שמירה' }).click();
  await toastShown(page, 'הנכס עודכן בהצלחה');
  const results = page.getByRole('region', { name: /נמצא|נכסים/ }).first();
  const sold = page.getByRole('region', { name: 'נכסים שנמכרו' });
  await expect(sold.getByRole('article').filter({ hasText: ADDRESS })).toBeVisible();
  await expect(sold.getByRole('article').filter({ hasText: ADDRESS }).getByText('SOLD')).toBeVisible();
  await expect(results.getByRole('article').filter({ hasText: ADDRESS })).toHaveCount(0);
  await sold.scrollIntoViewIfNeeded();
  await shot('sold list with overlay');
});

test('/Rent filters: autocomplete and sliders narrow the results; reset restores them', async ({
  page,
  shot,
  checkA11y,
}) => {
  await page.goto('/Rent');
  const count = page.locator('#results-count');
  await expect(count).toHaveText(/נמצאו \d+ נכסים/);
  const before = await count.textContent();
  const street = page.getByRole('combobox', { name: 'רחוב' });
  await expect(street).toBeDisabled();

  const city = page.getByRole('combobox', { name: 'עיר' });
  await city.fill('zzz');
  await expect(page.getByRole('option', { name: 'אין עיר כזו' })).toBeVisible();
  await city.fill('ירוש');
  await expect(city).toHaveAttribute('aria-expanded', 'true');
  await city.press('ArrowDown');
  await city.press('Enter');
  await expect(city).toHaveValue('ירושלים');
  await expect(street).toBeEnabled();
  await street.fill('ZZZ');
  await expect(page.getByRole('option', { name: 'אין רחוב כזה' })).toBeVisible();
  const rentals = (await searchApi(page, `type=rent&city=${encodeURIComponent('ירושלים')}`)).items;
  const streetName = rentals[0]!.address.replace(/\s+\d\S*$/, '');
  await street.fill(streetName.slice(0, 2));
  await page.getByRole('option', { name: streetName, exact: true }).click();
  await expect(street).toHaveValue(streetName);
  await shot('rent autocomplete');
  await page.getByRole('button', { name: 'חיפוש' }).click();
  await expect(page).toHaveURL(/city=/);
  await expect(count).not.toHaveText(before!);
  const expected = (
    await searchApi(
      page,
      `type=rent&city=${encodeURIComponent('ירושלים')}&street=${encodeURIComponent(streetName)}`,
    )
  ).total;
  await expect(count).toHaveText(expected === 1 ? 'נמצא נכס אחד' : `נמצאו ${expected} נכסים`);

  await page.getByRole('button', { name: 'איפוס' }).click();
  await expect(count).toHaveText(before!);
  await page.getByLabel('מחיר מקסימלי').fill('6000');
  const maxSlider = page.getByLabel('מחיר מקסימלי');
  await expect(maxSlider).toHaveAttribute('aria-valuetext', /6,000\D*₪/);
  await expect(page.locator('output').filter({ hasText: /6,000/ })).toBeVisible();
  await page.getByRole('button', { name: 'חיפוש' }).click();
  await expect(page).toHaveURL(/maxPrice=6000/);
  const cheap = (await searchApi(page, 'type=rent&maxPrice=6000')).total;
  await expect(count).toHaveText(cheap === 1 ? 'נמצא נכס אחד' : `נמצאו ${cheap} נכסים`);
  await shot('rent filtered by price');
  await checkA11y();
  await page.goBack();
  await expect(count).toHaveText(before!);
  await page.getByRole('button', { name: 'איפוס' }).click();
  await expect(count).toHaveText(before!);
  await page.setViewportSize(PHONE);
  await shot('rent phone');
});
