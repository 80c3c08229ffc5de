import { expect, expectToast, test } from './fixtures';
import { createPerson, DESKTOP, hebrewTag, PHONE, sidewaysOverflow, signInAsPerson } from './people';

test('an admin adds a woman through the user form; she is greeted, titled and listed in the feminine', async ({
  page,
  browser,
  signInAs,
  shot,
  checkA11y,
}) => {
  const name = `שירה ${hebrewTag()}`;
  const email = `shira-${Date.now()}@example.com`;
  const password = 'quiet-harbor-lantern-58';
  await signInAs('admin');
  await page.goto('/Users');
  await page.getByRole('button', { name: 'משתמש חדש' }).click();
  const form = page.getByRole('region', { name: 'הוספת משתמש' });
  await form.getByLabel('שם מלא', { exact: true }).fill(name);
  await form.getByLabel('מייל', { exact: true }).fill(email);
  await form.getByLabel('טלפון נייד', { exact: true }).fill('052-765-0101');
  // Nothing is assumed: saving without a choice puts the question on its field.
  await form.getByRole('button', { name: 'שמירה' }).click();
  await expect(form.getByText('יש לבחור לשון פנייה')).toBeVisible();
  await form.getByLabel('לשון פנייה').selectOption('female');
  // The permission names follow the chosen gender.
  await expect(form.getByLabel('הרשאה').locator('option')).toHaveText(['מנהלת', 'סוכנת']);
  await form.getByLabel('תפקיד בחברה', { exact: true }).fill('יועץ נדל"ן מוביל');
  await form.getByLabel(/סיסמה ראשונית/).fill(password);
  await shot('woman in the user form');
  await checkA11y({ allImpacts: true });
  await form.getByRole('button', { name: 'שמירה' }).click();
  await expectToast(page, 'המשתמשת נוצרה');
  await page.getByLabel('חיפוש לפי שם או מייל', { exact: true }).fill(name);
  await expect(page.getByTestId('user-card')).toContainText('סוכנת · יועצת נדל"ן מובילה');

  const her = await (await browser.newContext({ viewport: PHONE })).newPage();
  const login = await her.request.post('/api/v1/users/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  await her.goto('/AgentProfile');
  await expect(her.locator('html[data-ready]')).toBeAttached();
  await expect(her.getByRole('heading', { level: 1 })).toHaveText(`ברוכה הבאה, ${name}`);
  const details = her.locator('dl').first();
  await expect(details).toContainText('סוכנת');
  await expect(details).toContainText('יועצת נדל"ן מובילה');
  expect(await sidewaysOverflow(her)).toBeLessThanOrEqual(0);
  await her.screenshot({
    path: `${process.env.E2E_RESULTS ?? 'test-results'}/screens/hebrew-gender - her profile phone.png`,
    fullPage: true,
  });
  await her.setViewportSize(DESKTOP);
  await her.goto(`/AboutLink`);
  await expect(her.getByTestId('agent-card').filter({ hasText: name })).toContainText('יועצת נדל"ן מובילה');
  await her.close();
});

test('each person is greeted in their own gender, agents and admins alike', async ({ page, signInAs }) => {
  await signInAs('admin');
  const people = [
    { role: 'agent', gender: 'female', name: `נועה ${hebrewTag()}`, greeting: 'ברוכה הבאה' },
    { role: 'agent', gender: 'male', name: `יואב ${hebrewTag()}`, greeting: 'ברוך הבא' },
    { role: 'admin', gender: 'female', name: `רותם ${hebrewTag()}`, greeting: 'ברוכה הבאה' },
    { role: 'admin', gender: 'male', name: `אורי ${hebrewTag()}`, greeting: 'ברוך הבא' },
  ] as const;
  const created = [];
  for (const { role, gender, name, greeting } of people) {
    created.push({ person: await createPerson(page.request, role, { name, gender }), greeting });
  }
  for (const { person, greeting } of created) {
    await signInAsPerson(page, person);
    await page.goto('/AgentProfile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${greeting}, ${person.name}`);
  }
});
