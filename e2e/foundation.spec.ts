import { DEMO, expect, expectToast, test } from './fixtures';

test('home renders right-to-left in Hebrew with the navigation bar', async ({ page, shot, checkA11y }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'he');
  const nav = page.getByRole('navigation', { name: 'ניווט ראשי' });
  await expect(nav.getByRole('link', { name: 'התחברות' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'אודות' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'נכסים' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'וואטסאפ' })).toHaveAttribute('href', /^https:\/\/wa\.me\/972/);
  // Transparent on home until scrolled.
  await expect(page.locator('header')).toHaveAttribute('data-scrolled', 'false');
  await shot('home');
  await checkA11y();
  await nav.getByRole('button', { name: 'נכסים' }).click();
  await expect(nav.getByRole('link', { name: 'נכסים להשכרה' })).toBeVisible();
  await nav.getByRole('link', { name: 'נכסים להשכרה' }).click();
  await expect(page).toHaveURL(/\/Rent$/);
  await expect(page.locator('header')).toHaveAttribute('data-scrolled', 'true');
});

test('the demo admin signs in and gets the admin buttons', async ({ page, shot, checkA11y }) => {
  await page.goto('/Login');
  await shot('login form');
  await checkA11y();
  await page.getByLabel('כתובת מייל').fill(DEMO.admin.email);
  await page.getByLabel('סיסמה').fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'התחברות' }).click();
  await expectToast(page, 'התחברת בהצלחה!');
  await expect(page).toHaveURL(/\/AgentProfile$/);
  await expect(page.getByRole('heading', { name: /ברוך הבא, מנהל המערכת/ })).toBeVisible();
  await expect(page.getByText(DEMO.admin.email)).toBeVisible();
  const main = page.locator('#main');
  await expect(main.getByRole('link', { name: 'סקירת סוכנים' }).last()).toHaveAttribute('href', '/Agents');
  await expect(main.getByRole('link', { name: 'דוחות קשר של הסוכנים' })).toHaveAttribute(
    'href',
    '/AdminReportView',
  );
  const side = page.getByRole('navigation', { name: 'ניווט האזור האישי' });
  await expect(side.getByRole('link', { name: 'נכס חדש' })).toBeVisible();
  await expect(side.getByRole('link', { name: 'מדדים אישיים' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'ניווט ראשי' }).getByRole('link', { name: 'האזור האישי' }),
  ).toBeVisible();
  await shot('admin profile');
  await checkA11y();
});

test('the demo agent signs in and gets the agent buttons', async ({ page, shot }) => {
  await page.goto('/Login');
  await page.getByLabel('כתובת מייל').fill(DEMO.agent.email);
  await page.getByLabel('סיסמה').fill(DEMO.agent.password);
  await page.getByRole('button', { name: 'התחברות' }).click();
  // An agent's day starts with its leads; the profile keeps the agent buttons.
  await expect(page).toHaveURL(/\/MyDay$/);
  await expect(page.getByRole('heading', { level: 1, name: 'היום שלי' })).toBeVisible();
  await page.goto('/AgentProfile');
  const main = page.locator('#main');
  await expect(main.getByRole('link', { name: 'הזנת סטטוס יומי' })).toHaveAttribute(
    'href',
    '/DailyIndicator',
  );
  await expect(main.getByRole('link', { name: 'דוח קשר שבועי' })).toHaveAttribute(
    'href',
    /^\/NewReportContact\/[0-9a-f-]{36}$/,
  );
  const side = page.getByRole('navigation', { name: 'ניווט האזור האישי' });
  await expect(side.getByRole('link', { name: 'סקירת סוכנים' })).toHaveCount(0);
  await expect(side.getByRole('link', { name: 'מדדים אישיים' })).toBeVisible();
  await shot('agent profile');
  await side.getByRole('button', { name: 'כיווץ התפריט' }).click();
  await expect(side.getByRole('link', { name: 'דירוג סוכנים' })).toBeVisible();
  await expect(side.getByText('דירוג סוכנים')).toHaveCount(0);
  await shot('side navigation collapsed');
});

test('a wrong password shows the Hebrew error toast', async ({ page, shot }) => {
  await page.goto('/Login');
  await page.getByLabel('כתובת מייל').fill(DEMO.agent.email);
  await page.getByLabel('סיסמה').fill('wrong-password');
  await page.getByRole('button', { name: 'התחברות' }).click();
  await expectToast(page, 'שגיאה בהתחברות נסה שוב!');
  await expect(page).toHaveURL(/\/Login$/);
  await shot('login failed');
});

test('empty fields stay on the form with messages on the fields', async ({ page }) => {
  await page.goto('/Login');
  await page.getByRole('button', { name: 'התחברות' }).click();
  await expect(page.getByText('יש להזין כתובת מייל')).toBeVisible();
  await expect(page.getByText('יש להזין סיסמה')).toBeVisible();
});

test('logout returns home with its toast', async ({ page, signInAs, shot }) => {
  await signInAs('agent');
  await page.goto('/AgentProfile');
  await page.getByRole('button', { name: 'התנתקות' }).click();
  await expectToast(page, 'התנתקת בהצלחה');
  await expect(page).toHaveURL(/\/$/);
  await shot('after logout');
  await page.goto('/AgentProfile');
  await expect(page.getByText('יש להתחבר כדי לצפות בפרופיל')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('a signed-in page sends a visitor to the login page', async ({ page }) => {
  await page.goto('/ScoreBoard');
  await expect(page).toHaveURL(/\/Login$/);
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the hamburger opens and closes the menu', async ({ page, shot, checkA11y }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'ניווט ראשי' });
    await expect(nav.getByRole('link', { name: 'אודות' })).toBeHidden();
    await shot('phone home menu closed');
    await nav.getByRole('button', { name: 'פתיחת תפריט' }).click();
    await expect(nav.getByRole('link', { name: 'אודות' })).toBeVisible();
    await shot('phone home menu open');
    await checkA11y();
    await nav.getByRole('link', { name: 'אודות' }).click();
    await expect(page).toHaveURL(/\/AboutLink$/);
    await expect(nav.getByRole('link', { name: 'התחברות' })).toBeHidden();
  });

  test('the signed-in area fits a phone', async ({ page, signInAs, shot }) => {
    await signInAs('admin');
    await page.goto('/AgentProfile');
    await expect(page.getByRole('heading', { name: /ברוך הבא/ })).toBeVisible();
    await shot('phone admin profile');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('/favicon.ico answers with the mark, for whatever asks for it without reading the page', async ({
  page,
}) => {
  const res = await page.request.get('/favicon.ico');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const body = await res.body();
  // An ICO header (reserved 0, type 1) with its PNG images.
  expect([...body.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  expect(body.readUInt16LE(4)).toBe(3);
});
