import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createProperty, unique } from './data';
import { DEMO, expect, expectToast, test } from './fixtures';
import { createPerson, signInAsPerson } from './people';

/** A date in Israel `daysBack` days ago, YYYY-MM-DD. */
function israelDay(daysBack: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(
    new Date(Date.now() - daysBack * 86_400_000),
  );
}

// The test's report is on a property it creates, half a year back: alone in its month, so the monthly check
// must read exactly 1 of 4 however often the test runs against the same database.
const REPORT_DATE = israelDay(183);
const REPORT_MONTH = REPORT_DATE.slice(0, 7);
const CLIENT = 'משפחת בדיקה';

async function screenshot(page: Page, name: string) {
  await page.screenshot({
    path: `${process.env.E2E_RESULTS ?? 'test-results'}/screens/reports ${name}.png`,
    fullPage: true,
  });
}

async function signedInPage(browser: Browser, baseURL: string, who: keyof typeof DEMO) {
  const context = await browser.newContext({ baseURL, locale: 'he-IL', timezoneId: 'Asia/Jerusalem' });
  const res = await context.request.post('/api/v1/users/login', { data: DEMO[who] });
  expect(res.status()).toBe(200);
  return context.newPage();
}

/** A fresh exclusive sale property of this agent in Haifa, created through the admin API (admin cookie). */
async function exclusiveOf(request: APIRequestContext, agentId: string, address: string) {
  await createProperty(request, {
    city: 'חיפה',
    address,
    price: 1_850_000,
    rooms: 3,
    size: 80,
    floor: '2',
    exclusive: true,
    agent: agentId,
  });
  return { address, city: 'חיפה', label: `${address}, חיפה` };
}

test('weekly report: agent form and monthly check, admin view, seller link', async ({
  page,
  browser,
  baseURL,
  signInAs,
  shot,
  checkA11y,
}) => {
  // The test's own agent with one exclusive property, and a second agent with one of theirs: the report,
  // the monthly count and the admin's lists hold only what the test made.
  await signInAs('admin');
  const agent = await createPerson(page.request, 'agent');
  const other = await createPerson(page.request, 'agent');
  const property = await exclusiveOf(page.request, agent.id, `הנרקיס ${unique()}`);
  const othersProperty = await exclusiveOf(page.request, other.id, `הברוש ${unique()}`);
  await signInAsPerson(page, agent);
  const optionLabel = property.label;

  await test.step('the agent submits a weekly report; the form resets', async () => {
    await page.goto(`/NewReportContact/${agent.id}`);
    await expect(page.getByRole('heading', { name: 'דוח קשר שבועי', level: 1 })).toBeVisible();
    const form = page.locator('form').first();
    // The agent's one exclusive property is the only choice.
    await expect(form.getByLabel('נכס בלעדי').locator('option')).toHaveText(['בחירת נכס', optionLabel]);
    await form.getByRole('button', { name: 'שליחת הדוח' }).click();
    await expect(form.getByText('יש להזין שם לקוח')).toBeVisible();
    await expect(form.getByText('יש לבחור נכס בלעדי')).toBeVisible();
    await form.getByLabel('שם הלקוח (המוכר)').fill(CLIENT);
    await form.getByLabel('נכס בלעדי').selectOption({ label: optionLabel });
    await form.getByLabel('ביקורים').fill('3');
    await form.getByLabel('צפיות').fill('120');
    await form.getByLabel('פניות').fill('4');
    await form.getByLabel('תאריך').fill(REPORT_DATE);
    await form.getByLabel('הערה').fill('זוג צעיר ביקש סיור נוסף');
    await shot('form filled');
    await form.getByRole('button', { name: 'שליחת הדוח' }).click();
    await expectToast(page, 'סטטוס חדש נוצר בהצלחה');
    await expect(form.getByLabel('שם הלקוח (המוכר)')).toHaveValue('');
    await expect(form.getByLabel('נכס בלעדי')).toHaveValue('');
    await expect(form.getByLabel('ביקורים')).toHaveValue('0');
    await expect(form.getByLabel('תאריך')).toHaveValue(israelDay(0));
  });

  await test.step('the monthly check shows 1 of 4 with the status', async () => {
    const section = page.getByRole('region', { name: 'בדיקת דוח חודשי' });
    await section.getByLabel('חודש', { exact: true }).fill(REPORT_MONTH);
    await section.getByLabel('נכס בלעדי').selectOption({ label: optionLabel });
    await section.getByRole('button', { name: 'בדיקה' }).click();
    await expect(section.getByTestId('monthly-count')).toHaveText('1 מתוך 4 דוחות');
    await expect(section.getByRole('cell', { name: CLIENT })).toBeVisible();
    await expect(section.getByRole('cell', { name: 'זוג צעיר ביקש סיור נוסף' })).toBeVisible();
    await section.getByLabel('חודש', { exact: true }).fill('2020-01');
    await section.getByRole('button', { name: 'בדיקה' }).click();
    await expect(section.getByText('אין סטטוסים')).toBeVisible();
    await expect(section.getByTestId('monthly-count')).toHaveText('0 מתוך 4 דוחות');
    // A month that has not started is refused with its reason, not counted as 0 of 4.
    const [year, month] = israelDay(0).split('-').map(Number) as [number, number];
    const nextMonth = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
    await section.getByLabel('חודש', { exact: true }).fill(nextMonth);
    await section.getByRole('button', { name: 'בדיקה' }).click();
    await expect(section.getByText('החודש שנבחר עוד לא התחיל', { exact: false })).toBeVisible();
    await expect(section.getByTestId('monthly-count')).toHaveCount(0);
  });

  let link = '';
  await test.step('the agent creates a seller link', async () => {
    const panel = page.getByRole('region', { name: 'שיתוף עם המוכר' });
    await panel.getByLabel('נכס בלעדי').selectOption({ label: optionLabel });
    await panel.getByLabel('מתאריך').fill(israelDay(200));
    await panel.getByRole('button', { name: 'יצירת קישור' }).click();
    await expectToast(page, 'הקישור נוצר');
    link = await panel.getByLabel('קישור לדוח').inputValue();
    expect(link).toMatch(/\/SellerReport\/[A-Za-z0-9_-]{43}$/);
    const whatsapp = panel.getByRole('link', { name: 'שליחה בוואטסאפ' });
    await expect(whatsapp).toHaveAttribute(
      'href',
      new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(link)}`),
    );
    await expect(panel.getByRole('cell', { name: 'פעיל' }).first()).toBeVisible();
    await shot('agent page desktop');
    await checkA11y();
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('agent page phone');
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step('a signed-out seller opens the link, and can print it', async () => {
    const seller = await browser.newContext({ locale: 'he-IL', timezoneId: 'Asia/Jerusalem' });
    const sellerPage = await seller.newPage();
    await sellerPage.goto(link);
    await expect(sellerPage.getByRole('heading', { name: 'דוח פעילות שבועי לנכס' })).toBeVisible();
    await expect(sellerPage.getByRole('heading', { name: new RegExp(property.address) })).toBeVisible();
    const table = sellerPage.getByRole('table');
    await expect(table.getByRole('cell', { name: '120' }).first()).toBeVisible();
    await expect(sellerPage.getByText('זוג צעיר ביקש סיור נוסף')).toBeVisible();
    await expect(sellerPage.locator('.recharts-surface').first()).toBeVisible();
    await expect(sellerPage.getByRole('link', { name: 'שיתוף בוואטסאפ' })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(link)}`,
    );
    await screenshot(sellerPage, 'seller desktop');
    const axe = new (await import('@axe-core/playwright')).default({ page: sellerPage });
    const serious = (await axe.analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(serious.map((v) => v.id)).toEqual([]);
    await sellerPage.setViewportSize({ width: 390, height: 844 });
    await screenshot(sellerPage, 'seller phone');
    await sellerPage.setViewportSize({ width: 1280, height: 720 });
    await sellerPage.emulateMedia({ media: 'print' });
    await expect(sellerPage.locator('header')).toBeHidden();
    await expect(sellerPage.getByRole('button', { name: 'הדפסה' })).toBeHidden();
    await screenshot(sellerPage, 'seller print');
    await sellerPage.emulateMedia({ media: 'screen' });
    await sellerPage.goto('/SellerReport/not-a-real-token');
    await expect(sellerPage.getByRole('alert')).toHaveText('הקישור לדוח אינו תקין');
    await seller.close();
  });

  await test.step('the admin picks the agent: the property list refreshes and the report shows', async () => {
    const adminPage = await signedInPage(browser, baseURL!, 'admin');
    await adminPage.goto('/AdminReportView');
    await expect(adminPage.getByRole('heading', { name: 'דוחות קשר של הסוכנים' })).toBeVisible();
    const agentSelect = adminPage.getByLabel('סוכן', { exact: true });
    const propertySelect = adminPage.getByLabel('נכס בלעדי');
    // The agents arrive after the page: wait for this test's two agents among the options.
    await expect(agentSelect.locator('option', { hasText: agent.name })).toHaveCount(1);
    await expect(agentSelect.locator('option', { hasText: other.name })).toHaveCount(1);
    // The other agent's list holds their own property and not this agent's; this agent's, only theirs.
    await agentSelect.selectOption({ label: other.name });
    await expect(propertySelect).toBeEnabled();
    await expect(propertySelect.locator('option')).toHaveText(['כל הנכסים', othersProperty.label]);
    await agentSelect.selectOption({ label: agent.name });
    await expect(propertySelect.locator('option')).toHaveText(['כל הנכסים', optionLabel]);
    await expect(propertySelect).toHaveValue('');
    await propertySelect.selectOption({ label: optionLabel });
    await adminPage.getByLabel('חודש', { exact: true }).selectOption(String(Number(REPORT_MONTH.slice(5))));
    await adminPage.getByLabel('שנה', { exact: true }).selectOption(REPORT_MONTH.slice(0, 4));
    await adminPage.getByRole('button', { name: 'בדיקה' }).click();
    await expect(adminPage.getByTestId('monthly-count')).toHaveText('1 מתוך 4 דוחות');
    await expect(adminPage.getByRole('cell', { name: CLIENT })).toBeVisible();
    await screenshot(adminPage, 'admin view desktop');
    // Choosing an agent again clears the property and the results.
    await agentSelect.selectOption({ label: other.name });
    await expect(adminPage.getByTestId('monthly-count')).toHaveCount(0);
    await expect(propertySelect).toHaveValue('');
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await screenshot(adminPage, 'admin view phone');
    await adminPage.context().close();
  });

  await test.step('the agent revokes the link and the seller sees a clear message', async () => {
    const panel = page.getByRole('region', { name: 'שיתוף עם המוכר' });
    await panel
      .getByRole('button', { name: /ביטול הקישור/ })
      .first()
      .click();
    await expectToast(page, 'הקישור בוטל');
    const seller = await browser.newContext();
    const sellerPage = await seller.newPage();
    await sellerPage.goto(link);
    await expect(sellerPage.getByRole('alert')).toHaveText('הקישור לדוח בוטל. בקשו מהסוכן קישור חדש.');
    await screenshot(sellerPage, 'seller revoked');
    await seller.close();
  });
});
