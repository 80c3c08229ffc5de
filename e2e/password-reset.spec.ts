import { expect, expectToast, test } from './fixtures';
import { mailsTo } from './mail-catcher';

// A demo agent that no other test signs in as, since this test changes its password.
const USER = { email: 'itai@example.com', name: 'איתי גולן' };

test('a forgotten password is reset through the link in the mail', async ({ page, shot, checkA11y }) => {
  await page.goto('/Login');
  await page.getByRole('link', { name: 'שכחתי סיסמה' }).click();
  // Wait for the page itself: until its code has loaded, the login form (with its own e-mail field) is shown.
  await expect(page.getByRole('heading', { name: 'שכחתי סיסמה' })).toBeVisible();
  await page.getByLabel('כתובת מייל', { exact: true }).fill(USER.email);
  await page.getByRole('button', { name: 'שליחת קישור' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'אם הכתובת רשומה במערכת' })).toBeVisible();

  // The server mails the link through its outbox to a real SMTP server started by the test run.
  let link = '';
  await expect
    .poll(
      () => {
        const match = mailsTo(USER.email)
          .at(-1)
          ?.text.match(/https?:\/\/\S+\/ResetPassword\/[\w-]+/);
        link = match?.[0] ?? '';
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');

  await page.goto(new URL(link).pathname);
  await page.getByLabel('סיסמה חדשה (לפחות 10 תווים)', { exact: true }).fill('a-brand-new-secret');
  await page.getByLabel('אימות הסיסמה החדשה', { exact: true }).fill('a-brand-new-secret');
  await shot('reset password form');
  await checkA11y();
  await page.getByRole('button', { name: 'שמירת הסיסמה' }).click();
  await expect(page.locator('#main').getByRole('status')).toBeVisible();
  await shot('reset password done');

  // The old password no longer works; the new one does.
  const old = await page.request.post('/api/v1/users/login', {
    data: { email: USER.email, password: 'demo1234' },
  });
  expect(old.status()).toBe(401);
  await page.goto('/Login');
  await page.getByLabel('כתובת מייל').fill(USER.email);
  await page.getByLabel('סיסמה').fill('a-brand-new-secret');
  await page.getByRole('button', { name: 'התחברות' }).click();
  await expectToast(page, 'התחברת בהצלחה!');
  // An agent lands on its day; the profile greets it by name.
  await expect(page).toHaveURL(/\/MyDay$/);
  await page.goto('/AgentProfile');
  await expect(page.getByRole('heading', { name: new RegExp(USER.name) })).toBeVisible();

  // The link is single-use.
  await page.goto(new URL(link).pathname);
  await page.getByLabel('סיסמה חדשה (לפחות 10 תווים)', { exact: true }).fill('another-secret-42');
  await page.getByLabel('אימות הסיסמה החדשה', { exact: true }).fill('another-secret-42');
  await page.getByRole('button', { name: 'שמירת הסיסמה' }).click();
  await expect(page.getByRole('alert')).toContainText('הקישור לאיפוס הסיסמה אינו תקף');
});
