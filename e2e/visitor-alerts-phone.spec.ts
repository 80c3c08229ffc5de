import type { Page } from '@playwright/test';
import { asAdmin, linkIn, mailMatching } from './alerts-helpers';
import { createProperty } from './data';
import { expect, test } from './fixtures';
import { hebrewTag, PHONE } from './people';

/** The accessible names of the buttons in the page's main region that Tab reaches, in one round of the page. */
async function buttonsReachedByTab(page: Page) {
  const reached = new Set<string>();
  await page.locator('body').focus();
  for (let i = 0; i < 80; i += 1) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el?.closest('main') || el.tagName !== 'BUTTON') return null;
      return el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';
    });
    if (name !== null) reached.add(name);
  }
  return reached;
}

test('a phone-only visitor gets the private link on screen and no mail, then adds an e-mail, all by keyboard', async ({
  page,
  request,
  shot,
  checkA11y,
}) => {
  test.setTimeout(240_000);
  await asAdmin(request);
  const tag = hebrewTag();
  const city = `גבעת ${tag}`;
  const name = `יוסי ${tag}`;
  const phone = `054-${String(Date.now()).slice(-7)}`;

  // At phone width, by keyboard: the save-search dialog with a name and a mobile phone, no e-mail.
  await page.setViewportSize(PHONE);
  await page.goto(`/Sale?city=${encodeURIComponent(city)}&minRooms=3`);
  const save = page.getByRole('button', { name: 'שמירת החיפוש ועדכונים על נכסים חדשים' });
  await save.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'שמירת החיפוש' });
  await expect(dialog.getByLabel('שם')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'מייל' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'טלפון נייד' })).toBeFocused();
  await page.keyboard.type(phone);
  await dialog.getByRole('checkbox').focus();
  await page.keyboard.press('Space');
  await dialog.getByRole('button', { name: 'שמירה וקבלת קישור' }).focus();
  await page.keyboard.press('Enter');

  // The link is on the screen at once, kept by this browser, with the honest word that no mail follows.
  const status = dialog.getByRole('status');
  await expect(status).toContainText('סוכן מהמשרד יחזור אליכם בטלפון');
  await expect(status).toContainText('בלי כתובת מייל לא נשלחים אליכם עדכונים על נכסים');
  const link = status.getByRole('link', { name: /\/MyAlerts\// });
  const myPath = (await link.getAttribute('href'))!;
  expect(myPath).toMatch(/^\/MyAlerts\/[\w-]{40,}$/);
  expect(await page.evaluate(() => localStorage.getItem('alerts-token'))).toBe(myPath.split('/').pop());
  await checkA11y({ allImpacts: true });
  await shot('phone-only saved phone');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The search is a buyer requirement an agent sees, with the phone, for a listing that matches it.
  const id = await createProperty(request, { address: `הרימון ${tag}`, city, rooms: 4, price: 1_500_000 });
  const buyers = await (await request.get(`/api/v1/property/${id}/matching-buyers`)).json();
  expect(buyers.data.buyers).toEqual([
    expect.objectContaining({ contact: expect.objectContaining({ name, phone, email: '' }) }),
  ]);

  // The private page, opened from the link: it says no mail is sent and offers an e-mail.
  await page.goto(myPath);
  await expect(page.getByRole('heading', { name: 'העדכונים שלי', level: 1 })).toBeVisible();
  await expect(page.getByText(`נרשמתם עם טלפון נייד בלבד (${phone})`)).toBeVisible();
  await expect(page.getByTestId('search-sentence')).toHaveText(`נכסים 3 חדרים ומעלה ב${city}`);
  await checkA11y({ allImpacts: true });
  await shot('phone-only private page phone');

  // Every button of the page is reached by Tab.
  const main = page.getByRole('main');
  const buttons = await main
    .getByRole('button')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''));
  expect(buttons).toEqual(
    expect.arrayContaining(['עריכה', 'השהיה', 'מחיקה', 'שליחת קישור לאישור', 'מחיקת כל הפרטים שלי']),
  );
  const reached = await buttonsReachedByTab(page);
  for (const button of buttons) expect(reached, `Tab reaches "${button}"`).toContain(button);

  // And each works from the keyboard: pause and resume, open and cancel the edit, and cancel both deletions.
  await main.getByRole('button', { name: 'השהיה' }).focus();
  await page.keyboard.press('Enter');
  await expect(main.getByText('מושהה', { exact: true })).toBeVisible();
  await main.getByRole('button', { name: 'חידוש' }).focus();
  await page.keyboard.press('Space');
  await expect(main.getByRole('button', { name: 'השהיה' })).toBeVisible();
  const edit = main.getByRole('button', { name: 'עריכה' });
  await edit.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'עריכת החיפוש' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'ביטול' }).focus();
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  for (const label of ['מחיקה', 'מחיקת כל הפרטים שלי']) {
    await main.getByRole('button', { name: label }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog');
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
  }
  await expect(page.getByTestId('search-sentence')).toBeVisible();

  // Adding an e-mail, by keyboard, starts the double opt-in: the mail's link opens a page with the search.
  const email = `phone-${Date.now()}@example.com`;
  const section = page.getByRole('region', { name: 'הוספת מייל לקבלת עדכונים' });
  await section.getByRole('textbox', { name: 'מייל' }).focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(section.getByRole('checkbox')).toBeFocused();
  await page.keyboard.press('Space');
  await section.getByRole('button', { name: 'שליחת קישור לאישור' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status')).toContainText(`שלחנו מייל אל \u2066${email}\u2069`);
  await checkA11y({ allImpacts: true });
  await shot('phone-only e-mail added phone');
  const confirmation = await mailMatching(email, /\/MyAlerts\/[\w-]+\?confirm=1/);
  const confirmPath = linkIn(confirmation.text, /https?:\/\/\S+\/MyAlerts\/[\w-]+\?confirm=1/);
  expect(confirmPath).not.toBe(myPath);
  await page.goto(`${confirmPath}?confirm=1`);
  await expect(page.getByText('ההרשמה אושרה')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByTestId('search-sentence')).toHaveText(`נכסים 3 חדרים ומעלה ב${city}`);
});
