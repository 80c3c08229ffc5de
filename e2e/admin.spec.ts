import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { createProperty, unique } from './data';
import { DEMO, expect, expectToast, test } from './fixtures';

// One story in order: the agent created in the first test is used by the next ones.
test.describe.configure({ mode: 'serial' });

const AGENT = {
  name: 'רוני בדיקה',
  email: `roni.${Date.now()}@example.com`,
  phone: '052-765-4321',
  newPassword: 'maple-orbit-tundra-7',
};
let agentId = '';

const PHONE_WIDTH = { width: 390, height: 844 };

/** Screenshots of a second browser context (the fixture's `shot` covers the main page only). */
const agentShot = (page: Page, name: string) =>
  page.screenshot({
    path: `${process.env.E2E_RESULTS ?? 'test-results'}/screens/admin - ${name}.png`,
    fullPage: true,
  });

const scoreboardIds = async (page: Page) =>
  (
    (await (await page.request.get('/api/v1/indicators/scoreboard')).json()).data as { agentId: string }[]
  ).map((e) => e.agentId);

test('an admin creates an agent with a photo; the agent changes its password; deactivation signs it out', async ({
  page,
  browser,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('admin');
  await page.goto('/Users');
  await expect(page.getByRole('heading', { name: 'משתמשים', level: 1 })).toBeVisible();
  await expect(page.getByTestId('user-card').first()).toBeVisible();
  await shot('users list');
  await checkA11y();

  await page.getByRole('button', { name: 'משתמש חדש' }).click();
  const form = page.getByRole('region', { name: 'הוספת משתמש' });
  await form.getByLabel('שם מלא', { exact: true }).fill(AGENT.name);
  await form.getByLabel('מייל', { exact: true }).fill(AGENT.email);
  await form.getByLabel('טלפון נייד', { exact: true }).fill(AGENT.phone);
  await form.getByLabel('לשון פנייה').selectOption('male');
  await form.getByLabel('תפקיד בחברה', { exact: true }).fill('יועץ נדל"ן מוביל');
  await form.getByLabel('על עצמי', { exact: true }).fill('סוכן חדש בצוות');
  const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2a6f97' } })
    .jpeg()
    .toBuffer();
  await form
    .getByLabel('בחירת תמונה', { exact: true })
    .setInputFiles({ name: 'roni.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(form.getByRole('img', { name: `תמונה של ${AGENT.name}` })).toHaveAttribute(
    'src',
    /^\/uploads\/users\/.+\.webp$/,
  );
  await shot('create user form');
  await checkA11y();
  await form.getByRole('button', { name: 'שמירה' }).click();
  await expectToast(page, 'המשתמש נוצר');
  const generated = (await page.getByTestId('generated-password').textContent())!.trim();
  expect(generated.length).toBeGreaterThanOrEqual(10);
  await shot('generated password shown once');

  const users = (await (await page.request.get('/api/v1/users')).json()).data.data as {
    _id: string;
    name: string;
  }[];
  agentId = users.find((u) => u.name === AGENT.name)!._id;
  expect(await scoreboardIds(page)).toContain(agentId);
  await page.goto('/AboutLink');
  await expect(page.getByRole('heading', { name: AGENT.name })).toBeVisible();

  // The agent signs in with the generated password and chooses its own.
  const agentPage = await (await browser.newContext()).newPage();
  await agentPage.goto('/Login');
  await agentPage.getByLabel('כתובת מייל', { exact: true }).fill(AGENT.email);
  await agentPage.getByLabel('סיסמה', { exact: true }).fill(generated);
  await agentPage.getByRole('button', { name: 'התחברות' }).click();
  // An agent lands on its day ("היום שלי"); the password is changed on the profile.
  await expect(agentPage).toHaveURL(/\/MyDay$/);
  await agentPage.goto('/AgentProfile');
  const passwordForm = agentPage.getByRole('form', { name: 'החלפת סיסמה' });
  await passwordForm.getByLabel('סיסמה נוכחית', { exact: true }).fill(generated);
  await passwordForm.getByLabel('סיסמה חדשה (לפחות 10 תווים)', { exact: true }).fill(AGENT.newPassword);
  await passwordForm.getByLabel('אימות הסיסמה החדשה', { exact: true }).fill(AGENT.newPassword);
  await passwordForm.getByRole('button', { name: 'החלפת סיסמה' }).click();
  await expectToast(agentPage, 'הסיסמה הוחלפה. חיבורים אחרים לחשבון נותקו.');
  await agentPage.getByRole('heading', { name: 'החשבון שלי' }).scrollIntoViewIfNeeded();
  await agentShot(agentPage, 'agent account section');
  await agentPage.setViewportSize(PHONE_WIDTH);
  await agentShot(agentPage, 'agent account section phone');

  // The admin deactivates the agent.
  await page.goto('/Users');
  await page.getByLabel('חיפוש לפי שם או מייל', { exact: true }).fill(AGENT.name);
  await expect(page.getByTestId('user-card')).toHaveCount(1);
  await page.getByRole('button', { name: `השבתה ${AGENT.name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('להשבית את רוני בדיקה?');
  await shot('deactivate confirmation');
  await dialog.getByRole('button', { name: 'השבתה' }).click();
  await expectToast(page, 'המשתמש הושבת');
  await expect(page.getByTestId('user-card')).toContainText('מושבת');

  // The agent's open page is signed out on its next action.
  const details = agentPage.getByRole('form', { name: 'פרטים אישיים' });
  await details.getByLabel('על עצמי', { exact: true }).fill('ניסיון אחרי השבתה');
  await details.getByRole('button', { name: 'שמירה' }).click();
  await expectToast(agentPage, 'החיבור שלך הסתיים. יש להתחבר מחדש.');
  // Said once: the form's own failure toast does not join it.
  await expect(agentPage.locator('.Toastify__toast')).toHaveCount(1);
  await expect(agentPage.getByText('יש להתחבר כדי לצפות בפרופיל')).toBeVisible();
  // The navbar offers sign-in again (behind the menu button at phone width).
  await expect(agentPage.locator('header a[href="/Login"]')).toBeAttached();
  await agentShot(agentPage, 'agent signed out after deactivation');

  // Gone from the public team and from the ranking; the old password does not sign in either.
  await agentPage.goto('/AboutLink');
  await expect(agentPage.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expect(agentPage.getByRole('heading', { name: AGENT.name })).toHaveCount(0);
  expect(await scoreboardIds(page)).not.toContain(agentId);
  const relogin = await agentPage.request.post('/api/v1/users/login', {
    data: { email: AGENT.email, password: AGENT.newPassword },
  });
  expect(relogin.status()).toBe(401);
});

test('the admin changes the agency phone and every contact link follows', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('admin');
  await page.goto('/Settings');
  const phone = page.getByLabel('טלפון המשרד', { exact: true });
  await expect(phone).not.toHaveValue('');
  const before = await phone.inputValue();
  const beforeWhatsapp = await page.getByLabel('מספר וואטסאפ', { exact: true }).inputValue();
  await shot('settings');
  await checkA11y();

  await page.getByLabel('קישור לפייסבוק', { exact: true }).fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'שמירה' }).click();
  await expect(
    page.getByText('יש להזין קישור מאובטח (https://) לעמוד בפייסבוק (facebook.com)'),
  ).toBeVisible();
  await page.getByLabel('קישור לפייסבוק', { exact: true }).fill('https://www.facebook.com/link');

  await phone.fill('03-777-8899');
  await page.getByLabel('מספר וואטסאפ', { exact: true }).fill('052-777-8899');
  await page.getByRole('button', { name: 'שמירה' }).click();
  await expectToast(page, 'השינויים נשמרו');

  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'ניווט ראשי' });
  await expect(nav.getByRole('link', { name: 'וואטסאפ' })).toHaveAttribute(
    'href',
    'https://wa.me/972527778899',
  );
  await expect(page.locator('main a[href="tel:037778899"]').first()).toBeVisible();
  await expect(page.locator('footer a[href="tel:037778899"]').first()).toBeAttached();
  await expect(page.locator('footer a[href="https://wa.me/972527778899"]').first()).toBeAttached();
  await page.locator('footer').scrollIntoViewIfNeeded();
  await shot('home with the new phone');

  await page.setViewportSize(PHONE_WIDTH);
  await page.goto('/Settings');
  await expect(page.getByLabel('טלפון המשרד', { exact: true })).toHaveValue('03-777-8899');
  await shot('settings phone');

  // Leave the demo agency as it was for the other specs of the run.
  const restore = await page.request.patch('/api/v1/settings', {
    data: { phone: before, whatsappPhone: beforeWhatsapp, facebookUrl: 'https://www.facebook.com/' },
  });
  expect(restore.status()).toBe(200);
});

test('the audit log shows the changes, filterable by entity', async ({ page, signInAs, shot, checkA11y }) => {
  await signInAs('admin');
  await page.goto('/Audit');
  await expect(page.getByTestId('audit-entry').first()).toBeVisible();
  await page.getByLabel('סוג', { exact: true }).selectOption('user');
  const deactivation = page.getByTestId('audit-entry').filter({ hasText: `השבתה · משתמש: ${AGENT.name}` });
  await expect(deactivation).toBeVisible();
  await page.getByLabel('סוג', { exact: true }).selectOption('settings');
  const settingsEntry = page.getByTestId('audit-entry').filter({ hasText: '03-777-8899' }).first();
  await expect(settingsEntry).toContainText('טלפון');
  await expect(page.getByTestId('audit-entry').filter({ hasText: 'משתמש:' })).toHaveCount(0);
  await shot('audit settings');
  await checkA11y();
  await page.setViewportSize(PHONE_WIDTH);
  await shot('audit phone');
});

test('a price change reads as the property’s address and the new price, and nothing else', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  const address = `הנביאים ${unique()}`;
  const id = await createProperty(page.request, { address, city: 'עכו', price: 1_250_000 });
  const patched = await page.request.patch(`/api/v1/property/${id}`, {
    data: { price: 1_190_000, city: 'עכו' },
  });
  expect(patched.status()).toBe(200);
  await page.goto('/Audit');
  await page.getByLabel('סוג', { exact: true }).selectOption('property');
  const entry = page.getByTestId('audit-entry').filter({ hasText: `עדכון · נכס: ${address}, עכו` });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole('term')).toHaveText(['מחיר']);
  await expect(entry.getByRole('definition')).toContainText(/1,250,000\s\u200F?₪/);
  await expect(entry.getByRole('definition')).toContainText(/1,190,000\s\u200F?₪/);
  await expect(entry).not.toContainText(id);
});

test('forgot password: the login link, the request and a bad reset link', async ({
  page,
  shot,
  checkA11y,
}) => {
  await page.goto('/Login');
  await page.getByRole('link', { name: 'שכחתי סיסמה' }).click();
  // Wait for the page itself: until its code has loaded, the login form (with its own e-mail field) is shown.
  await expect(page.getByRole('heading', { name: 'שכחתי סיסמה' })).toBeVisible();
  await expect(page).toHaveURL(/\/ForgotPassword$/);
  await page.getByLabel('כתובת מייל', { exact: true }).fill(DEMO.agent.email);
  await shot('forgot password');
  await checkA11y();
  await page.getByRole('button', { name: 'שליחת קישור' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'אם הכתובת רשומה במערכת' })).toBeVisible();
  await shot('forgot password sent');

  await page.goto(`/ResetPassword/${'x'.repeat(43)}`);
  await page.getByLabel('סיסמה חדשה (לפחות 10 תווים)', { exact: true }).fill('some-new-password');
  await page.getByLabel('אימות הסיסמה החדשה', { exact: true }).fill('some-new-password');
  await page.getByRole('button', { name: 'שמירת הסיסמה' }).click();
  await expect(page.getByRole('alert')).toContainText('הקישור לאיפוס הסיסמה אינו תקף');
  await page.setViewportSize(PHONE_WIDTH);
  await shot('reset password bad link phone');
  await checkA11y();
});

test('the users page at phone width', async ({ page, signInAs, shot, checkA11y }) => {
  await page.setViewportSize(PHONE_WIDTH);
  await signInAs('admin');
  await page.goto('/Users');
  await expect(page.getByTestId('user-card').first()).toBeVisible();
  await shot('users phone');
  await page.getByRole('button', { name: 'משתמש חדש' }).click();
  await shot('create user phone');
  await checkA11y();
});
