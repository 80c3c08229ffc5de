import { expect, expectToast, test } from './fixtures';
import { hydrated } from './hydration';

const PHONE = { width: 390, height: 844 };
const PUBLIC_PAGES = ['/', '/Sale', '/Rent', '/AboutLink', '/InvestorPlans', '/JobNeedForm', '/BuySellRent'];

test('the accessibility statement is linked from the footer of every public page', async ({ page }) => {
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await hydrated(page);
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'הצהרת נגישות' });
    await expect(link, path).toHaveAttribute('href', '/accessibility');
  }
  await page.getByRole('contentinfo').getByRole('link', { name: 'הצהרת נגישות' }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole('heading', { level: 1, name: 'הצהרת נגישות' })).toBeVisible();
});

test('the statement states its level, tests, limitations, date and coordinator; an admin edits them', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await page.goto('/accessibility');
  const main = page.getByRole('main');
  await expect(main).toContainText('WCAG 2.1');
  await expect(main).toContainText('ת"י 5568');
  for (const heading of ['רמת הנגישות', 'מה נבדק ואיך', 'מגבלות ידועות', 'הבדיקה האחרונה', 'רכז/ת הנגישות']) {
    await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await shot('statement desktop');
  await checkA11y({ allImpacts: true });
  await page.setViewportSize(PHONE);
  await shot('statement phone');
  await checkA11y({ allImpacts: true });

  await signInAs('admin');
  const before = (await (await page.request.get('/api/v1/settings')).json()).data.settings.accessibility;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/Settings');
  const section = page.getByRole('region', { name: 'הצהרת הנגישות' });
  await section.getByLabel('מייל רכז/ת הנגישות').fill('not-an-email');
  await page.getByRole('button', { name: 'שמירה' }).click();
  await expect(section.getByText('כתובת המייל אינה תקינה, נסה שוב.')).toBeVisible();
  await section.getByLabel('שם רכז/ת הנגישות').fill('רכזת נגישות חדשה');
  await section.getByLabel('טלפון רכז/ת הנגישות').fill('052-765-4321');
  await section.getByLabel('מייל רכז/ת הנגישות').fill('access@example.com');
  await section.getByLabel('תאריך הבדיקה האחרונה').fill('2026-10-05');
  await section.getByLabel(/מגבלות ידועות/).fill('');
  await shot('settings accessibility');
  await checkA11y({ allImpacts: true });
  await page.getByRole('button', { name: 'שמירה' }).click();
  await expectToast(page, 'השינויים נשמרו');

  try {
    await page.context().clearCookies();
    await page.goto('/accessibility');
    const coordinator = page.getByTestId('accessibility-coordinator');
    await expect(coordinator).toContainText('רכזת נגישות חדשה');
    await expect(coordinator.getByRole('link', { name: 'חיוג ל-052-765-4321' })).toHaveAttribute(
      'href',
      'tel:0527654321',
    );
    await expect(coordinator.getByRole('link', { name: /access@example.com/ })).toHaveAttribute(
      'href',
      'mailto:access@example.com',
    );
    await expect(main).toContainText('5.10.2026');
    await expect(main).toContainText('לא ידועות לנו מגבלות נגישות באתר.');
  } finally {
    await signInAs('admin');
    const restore = await page.request.patch('/api/v1/settings', { data: { accessibility: before } });
    expect(restore.status()).toBe(200);
  }
});
