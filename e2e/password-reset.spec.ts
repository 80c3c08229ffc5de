import { expect, expectToast, test } from './fixtures';
import { mailsTo } from './mail-catcher';
import { createPerson } from './people';

test('a forgotten password is reset through the link in the mail', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  // An agent of its own, since the test changes the password.
  await signInAs('admin');
  const agent = await createPerson(page.request, 'agent');
  await page.context().clearCookies();
  await page.goto('/Login');
  await page.getByRole('link', { name: 'שכחתי סיסמה' }).click();
  // Wait for the page itself: until its code has loaded, the login form (with its own e-mail field) is shown.
  await expect(page.getByRole('heading', { name: 'שכחתי סיסמה' })).toBeVisible();
  await page.getByLabel('כתובת מייל', { exact: true }).fill(agent.email);
  await page.getByRole('button', { name: 'שליחת קישור' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'אם הכתובת רשומה במערכת' })).toBeVisible();

  // The server mails the link through its outbox to a real SMTP server started by the test run.
  let link = '';
  await expect
    .poll(
      () => {
        // The only reset mail this new agent gets (the server may mail it something else too).
        const match = mailsTo(agent.email)
          .map((mail) => mail.text.match(/https?:\/\/\S+\/ResetPassword\/[\w-]+/))
          .find(Boolean);
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
    data: { email: agent.email, password: agent.password },
  });
  expect(old.status()).toBe(401);
  await page.goto('/Login');
  await page.getByLabel('כתובת מייל').fill(agent.email);
  await page.getByLabel('סיסמה').fill('a-brand-new-secret');
  await page.getByRole('button', { name: 'התחברות' }).click();
  await expectToast(page, 'התחברת בהצלחה!');
  // An agent lands on its day; the profile greets it by name.
  await expect(page).toHaveURL(/\/MyDay$/);
  await page.goto('/AgentProfile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`ברוכה הבאה, ${agent.name}`);

  // The link is single-use.
  await page.goto(new URL(link).pathname);
  await page.getByLabel('סיסמה חדשה (לפחות 10 תווים)', { exact: true }).fill('another-secret-42');
  await page.getByLabel('אימות הסיסמה החדשה', { exact: true }).fill('another-secret-42');
  await page.getByRole('button', { name: 'שמירת הסיסמה' }).click();
  await expect(page.getByRole('alert')).toContainText('הקישור לאיפוס הסיסמה אינו תקף');
});
