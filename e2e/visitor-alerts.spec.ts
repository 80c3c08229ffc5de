import type { Page } from '@playwright/test';
import { asAdmin, linkIn, mailMatching } from './alerts-helpers';
import { createProperty, photo } from './data';
import { expect, test } from './fixtures';
import { createPerson, DESKTOP, hebrewTag, PHONE, signInAsPerson } from './people';

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

test('a visitor saves a search on /Sale on a phone, confirms from the mail, gets the new matching listing and unsubscribes', async ({
  page,
  request,
  shot,
  checkA11y,
}) => {
  // The alerts job looks for work once a minute (src/server/modules/alerts/job.ts): room for that wait.
  test.setTimeout(300_000);
  await asAdmin(request);
  const tag = hebrewTag();
  const city = `קריית ${tag}`;
  const email = `buyer-${Date.now()}@example.com`;
  const name = `דנה ${tag}`;

  // Keyboard only, at phone width: the listing's filters in the address, then the save-search dialog.
  await page.setViewportSize(PHONE);
  await page.goto(`/Sale?city=${encodeURIComponent(city)}&minRooms=4&maxRooms=5&maxPrice=2500000`);
  const save = page.getByRole('button', { name: 'שמירת החיפוש ועדכונים על נכסים חדשים' });
  await save.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'שמירת החיפוש' });
  await expect(dialog).toContainText(`נכסים 4–5 חדרים ב${city} עד 2,500,000 ₪`);
  await expect(dialog.getByLabel('שם')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  const consent = dialog.getByRole('checkbox');
  await expect(consent).not.toBeChecked();
  await consent.focus();
  await page.keyboard.press('Space');
  await checkA11y({ allImpacts: true });
  await shot('save search dialog phone');
  await dialog.getByRole('button', { name: 'שמירה וקבלת קישור' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toContainText(`שלחנו מייל אל \u2066${email}\u2069`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(save).toBeFocused();

  // Double opt-in: the link in the confirmation mail confirms and opens the private page.
  const confirmation = await mailMatching(email, /\/MyAlerts\/[\w-]+\?confirm=1/);
  const confirmPath = linkIn(confirmation.text, /https?:\/\/\S+\/MyAlerts\/[\w-]+\?confirm=1/);
  await page.goto(`${confirmPath}?confirm=1`);
  await expect(page.getByRole('heading', { name: 'העדכונים שלי', level: 1 })).toBeVisible();
  await expect(page.getByText('ההרשמה אושרה')).toBeVisible();
  await expect(page.getByTestId('search-sentence')).toHaveText(`נכסים 4–5 חדרים ב${city} עד 2,500,000 ₪`);
  // Its count of current matches: none yet in the test's own city.
  await expect(page.getByTestId('search-matches')).toHaveText('אין כרגע נכסים תואמים');
  await expect(page).not.toHaveURL(/confirm=1/);
  await checkA11y({ allImpacts: true });
  await shot('private link phone');
  await page.setViewportSize(DESKTOP);
  await shot('private link desktop');
  // The search opens its listing page with the filters it was saved from.
  const listings = page.getByRole('link', { name: 'לנכסים שמתאימים לחיפוש' });
  const href = new URL((await listings.getAttribute('href'))!, 'https://agency.example');
  expect(href.pathname).toBe('/Sale');
  expect(Object.fromEntries(href.searchParams)).toMatchObject({
    city,
    minRooms: '4',
    maxRooms: '5',
    maxPrice: '2500000',
  });

  // An admin adds a matching property of an agent of the test's own: the alert arrives with it, and a
  // one-click unsubscribe.
  // The confirmed buyer is a lead routed among the network (no branch covers the test's city), filed under its
  // owner's branch; the listing's agent is of that branch, who may read a buyer of their own branch.
  const address = `האלון ${tag}`;
  const found = await request.get(`/api/v1/pipeline/leads?q=${encodeURIComponent(name)}`);
  const buyerLeads = (await found.json()).data.leads as { branch: { _id: string } }[];
  expect(buyerLeads).toHaveLength(1);
  const agent = await createPerson(request, 'agent', { branchId: buyerLeads[0]!.branch._id });
  const id = await createProperty(request, { address, city, rooms: 4, price: 2_400_000, agent: agent.id }, [
    await photo('#0ea5e9', 'alert.png'),
  ]);
  const alert = await mailMatching(email, new RegExp(`/PropertyView/${id}`));
  expect(alert.text).toContain(address);
  expect(alert.listUnsubscribe).toMatch(/<https?:\/\/\S+\/alerts\/unsubscribe\/[\w-]+>/);
  expect(alert.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
  if (alert.html) {
    await page.setViewportSize(PHONE);
    await page.setContent(alert.html);
    await shot('alert mail phone');
  }

  // The property's agent sees the buyer, with contact details, under "קונים מתאימים" on the property's page.
  await signInAsPerson(page, agent);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/PropertyView/${id}`);
  const buyers = page.getByRole('region', { name: /קונים מתאימים/ });
  await expect(buyers).toContainText(`נכסים 4–5 חדרים ב${city} עד 2,500,000 ₪`);
  await expect(buyers).toContainText(name);
  await checkA11y({ allImpacts: true });
  await shot('matching buyers');
  expect((await page.request.post('/api/v1/users/logout')).status()).toBe(200);

  // Unsubscribe from the mail's link: once, and again (idempotent), without naming anyone.
  const unsubscribe = linkIn(alert.text, /https?:\/\/\S+\/alerts\/unsubscribe\/[\w-]+/);
  // A page of the server, not of the app: opened in a tab of its own (the app's pages wait for the app).
  const mailTab = await page.context().newPage();
  await mailTab.goto(unsubscribe);
  await mailTab.getByRole('button', { name: 'הסרה מרשימת התפוצה' }).click();
  await expect(mailTab.getByText('הוסרתם מרשימת התפוצה').first()).toBeVisible();
  await expect(mailTab.locator('body')).not.toContainText(email);
  await mailTab.goto(unsubscribe);
  await expect(mailTab.getByText('הוסרתם מרשימת התפוצה').first()).toBeVisible();
  await mailTab.close();
  const again = await page.request.post(unsubscribe, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(again.status()).toBe(200);
  expect(await again.text()).not.toContain(email);
  // The private page says so.
  await page.goto(confirmPath);
  await expect(page.getByText('הסרתם את ההרשמה')).toBeVisible();
});
