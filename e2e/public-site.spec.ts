import { companyRoleRank } from '../src/shared/domain/roles';
import { DEMO, expect, expectToast, test } from './fixtures';
import { hydrated } from './hydration';
import { mailsTo } from './mail-catcher';

const PHONE_MESSAGE = 'מספר הטלפון אינו תקין, נסה שוב.';
const EMAIL_MESSAGE = 'כתובת המייל אינה תקינה, נסה שוב.';

test.describe('home page', () => {
  test('shows every section, the intro video with its poster and the call button', async ({
    page,
    shot,
    checkA11y,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /ברוכים הבאים ל/ })).toBeVisible();
    const intro = page.getByTestId('intro-video');
    // The poster is an image in the server's HTML, at the width the screen needs.
    const poster = page.locator('section[aria-labelledby="home-title"] > img');
    await expect(poster).toHaveAttribute('src', '/media/intro-poster-1600.webp');
    await expect(poster).toHaveAttribute('srcset', /\/media\/intro-poster-640\.webp 640w/);
    await expect(poster).toHaveAttribute('fetchpriority', 'high');
    await expect(intro).toHaveAttribute('preload', 'metadata');
    expect(await intro.evaluate((v: HTMLVideoElement) => v.muted && v.loop)).toBe(true);
    await expect(page.locator('#whoWeAre')).toContainText('מי אנחנו');
    await expect(page.getByRole('heading', { name: 'למה לבחור בנו?' })).toBeVisible();
    await expect(page.getByRole('img', { name: /מבצעים/ })).toHaveAttribute('src', '/media/offers.webp');
    await expect(page.getByTestId('agents-video')).toHaveAttribute('controls', '');
    await expect(page.locator('#liveDitails')).toBeVisible();
    await expect(page.getByRole('link', { name: /התקשרו אלינו/ })).toHaveAttribute('href', 'tel:035551234');
    for (const reason of ['חדשנות וטכנולוגיה', 'ליווי מלא עד הסוף', 'ניסיון עשיר ואמינות מוכחת']) {
      await expect(page.getByRole('heading', { name: reason })).toBeVisible();
    }
    await shot('home');
    await checkA11y({ allImpacts: true });
  });

  test('the services slider advances after 4 s, pauses on hover, the dots move it, and its control stops it', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await hydrated(page);
    const dot = (n: number) => page.getByRole('button', { name: `מעבר לשירות ${n}` });
    const current = (n: number) => expect(dot(n)).toHaveAttribute('aria-current', 'true');
    const away = async () => {
      await page.mouse.move(0, 0);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    };
    await current(1);
    // From here the page's time moves only by runFor, however busy the machine is. A dot click then starts
    // a full interval at a known moment.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await dot(2).click();
    await away();
    await current(2);
    await page.clock.runFor(3_500);
    await current(2);
    await page.clock.runFor(1_000);
    await current(3);

    await dot(5).click();
    await current(5);
    await expect(page.getByRole('group', { name: 'שירות 5 מתוך 5' })).toContainText('מכירת נכסים');
    // The pointer over the slider and the focus inside it pause it: still on 5 after more than one interval.
    await page.clock.runFor(5_000);
    await current(5);
    await away();
    await page.clock.runFor(4_100);
    await current(1);

    // The visible control stops it for good, and starts it again.
    await page.getByRole('button', { name: 'עצירת המעבר האוטומטי' }).click();
    await away();
    await page.clock.runFor(12_000);
    await current(1);
    await page.getByRole('button', { name: 'הפעלת המעבר האוטומטי' }).click();
    await away();
    await page.clock.runFor(4_100);
    await current(2);

    await page.getByRole('button', { name: 'השירות הבא' }).focus();
    await page.keyboard.press('ArrowLeft');
    await current(3);
  });

  test("the intro video's control pauses and plays it", async ({ page, checkA11y }) => {
    await page.goto('/');
    const intro = page.getByTestId('intro-video');
    const pause = page.getByRole('button', { name: 'עצירת הסרטון' });
    await expect(pause).toBeVisible();
    await pause.click();
    await expect(page.getByRole('button', { name: 'הפעלת הסרטון' })).toBeVisible();
    expect(await intro.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await checkA11y({ allImpacts: true });
    await page.getByRole('button', { name: 'הפעלת הסרטון' }).click();
    await expect(pause).toBeVisible();
    expect(await intro.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  });

  test('under reduced motion nothing plays or slides by itself', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await hydrated(page);
    const intro = page.getByTestId('intro-video');
    await expect(intro).toHaveAttribute('preload', 'none');
    await page.clock.runFor(10_000);
    expect(await intro.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await expect(page.getByRole('button', { name: 'הפעלת הסרטון' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'מעבר לשירות 1' })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('button', { name: 'הפעלת המעבר האוטומטי' })).toBeVisible();
  });
});

test('the lead form rejects a bad phone, sends a good one, and the admin sees it', async ({
  page,
  shot,
  signInAs,
}) => {
  await page.goto('/');
  const form = page.locator('#liveDitails');
  const name = `ליד בדיקה ${Date.now() % 100000}`;
  await form.getByLabel('שם').fill(name);
  await form.getByLabel('טלפון').fill('0401234567');
  await form.getByRole('button', { name: 'שליחה' }).click();
  await expect(form.getByText(PHONE_MESSAGE)).toBeVisible();
  await shot('lead form bad phone');
  await form.getByLabel('טלפון').fill('050-765-4321');
  await form.getByLabel('אני').selectOption('מוכר');
  await form.getByRole('button', { name: 'שליחה' }).click();
  await expectToast(page, 'הפרטים נשלחו בהצלחה!');
  // The toast speaks Hebrew and uses the site's font.
  const toast = page.locator('.Toastify__toast').filter({ hasText: 'הפרטים נשלחו בהצלחה!' });
  await expect(toast.getByRole('button', { name: 'סגירת ההודעה' })).toBeVisible();
  const fonts = await toast.evaluate((el) => [
    getComputedStyle(el).fontFamily,
    getComputedStyle(document.body).fontFamily,
  ]);
  expect(fonts[0]).toBe(fonts[1]);
  await expect(page.getByRole('region', { name: 'התראות (Alt+T)' })).toBeAttached();
  await expect(form.getByLabel('שם')).toHaveValue('');
  await expect(form.getByLabel('טלפון')).toHaveValue('');
  await expect(form.getByRole('button', { name: 'נשלח' })).toBeDisabled();
  await shot('lead form sent');

  // The outbox delivers it to the office address through a real SMTP server (e2e/mail-catcher.ts).
  await expect
    .poll(() => mailsTo('office@example.com').some((mail) => mail.text.includes(name)), { timeout: 30_000 })
    .toBe(true);

  await signInAs('admin');
  // The office mails about leads, with their delivery state, are the mail view of the pipeline.
  await page.goto('/Leads?view=mail');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('050-765-4321');
  await expect(row).toContainText('מוכר');
  await expect(row).toContainText('נשלח');
  await shot('admin leads inbox');
});

test('a visitor cannot read the leads inbox', async ({ page }) => {
  const res = await page.request.get('/api/v1/leads');
  expect(res.status()).toBe(401);
});

test('the job form applies its three rules, then sends once per session', async ({
  page,
  shot,
  checkA11y,
}) => {
  await page.goto('/JobNeedForm');
  await page.getByRole('button', { name: 'שליחה' }).click();
  await expect(page.getByText('יש להזין שם מלא')).toBeVisible();
  await expect(page.getByText('יש להזין מספר טלפון')).toBeVisible();
  await expect(page.getByText('יש להזין כתובת מייל')).toBeVisible();
  await page.getByLabel('שם מלא').fill('מועמדת בדיקה');
  await page.getByLabel('טלפון').fill('05012345');
  await page.getByLabel('כתובת מייל').fill('not-an-email');
  await page.getByRole('button', { name: 'שליחה' }).click();
  await expect(page.getByText(PHONE_MESSAGE)).toBeVisible();
  await expect(page.getByText(EMAIL_MESSAGE)).toBeVisible();
  await shot('job form errors');
  await checkA11y();
  await page.getByLabel('טלפון').fill('+972 52 123 4567');
  await page.getByLabel('כתובת מייל').fill('candidate@example.com');
  await page.getByRole('button', { name: 'שליחה' }).click();
  await expectToast(page, 'הפרטים נשלחו בהצלחה!');
  await expect(page.getByRole('button', { name: 'הפרטים נשלחו' })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('button', { name: 'הפרטים נשלחו' })).toBeDisabled();
  await shot('job form sent');
});

test('the about page lists the team in companyRole order and see-more opens the agent', async ({
  page,
  shot,
  checkA11y,
}) => {
  await page.goto('/AboutLink');
  await expect(page.getByRole('heading', { name: 'הסיפור שלנו' })).toBeVisible();
  const founders = page.locator('section[aria-labelledby="founders-title"] li');
  await expect(founders).toHaveCount(2);
  await expect(founders.first().getByRole('link', { name: /וואטסאפ/ })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/972/,
  );
  const cards = page.getByTestId('agent-card');
  await expect(cards.first()).toBeVisible();
  const roles = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-company-role') ?? ''));
  const ranks = roles.map((role) => companyRoleRank(role));
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  // The founders are shown once, in their own section, not again in the team grid.
  const founderNames = await founders.getByRole('heading').allTextContents();
  const teamNames = await cards.getByRole('heading').allTextContents();
  expect(founderNames).toHaveLength(2);
  for (const name of founderNames) expect(teamNames).not.toContain(name);
  await expect(page.getByText(DEMO.admin.email)).toHaveCount(0);
  await shot('about');
  await checkA11y();

  const firstName = (await cards.first().getByRole('heading').textContent()) ?? '';
  await cards
    .first()
    .getByRole('link', { name: /לפרטים נוספים/ })
    .click();
  await expect(page).toHaveURL(/\/AboutAgent\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
  await expect(page.locator('#main').getByRole('link', { name: /חיוג/ })).toHaveAttribute('href', /^tel:05/);
  await expect(page.locator('#main').getByRole('link', { name: 'וואטסאפ', exact: true })).toHaveAttribute(
    'href',
    /wa\.me\/972/,
  );
  await shot('agent page');
  await checkA11y();

  await page.goto('/AboutAgent/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'הסוכן המבוקש לא נמצא' })).toBeVisible();
  await page.goto('/AboutAgent/nope');
  await expect(page.getByRole('heading', { name: 'הסוכן המבוקש לא נמצא' })).toBeVisible();
});

test('the investor plans page shows three plans, one highlighted, each with a call to action', async ({
  page,
  shot,
  checkA11y,
}) => {
  await page.goto('/InvestorPlans');
  const plans = page.getByTestId('plan');
  await expect(plans).toHaveCount(3);
  await expect(plans.nth(0)).toContainText('LINK');
  await expect(plans.nth(0)).toContainText('7,500');
  await expect(plans.nth(0)).toContainText('0.25%');
  await expect(plans.nth(1)).toContainText('LINK GROW');
  await expect(plans.nth(1)).toContainText('15,000');
  await expect(plans.nth(1)).toContainText('0.5%');
  await expect(plans.nth(2)).toContainText('LINK PREMIUM');
  await expect(plans.nth(2)).toContainText('25,000');
  await expect(plans.nth(2)).toContainText('ליווי משפטי מלא');
  await expect(page.locator('[data-testid="plan"][data-highlight="true"]')).toHaveCount(1);
  for (let i = 0; i < 3; i++) {
    await expect(plans.nth(i).getByRole('link', { name: 'לשיחה עם יועץ' })).toHaveAttribute('href', /^tel:/);
  }
  await shot('investor plans');
  await checkA11y();
  await plans.nth(1).getByRole('link', { name: 'להשארת פרטים' }).click();
  await expect(page).toHaveURL(/\/\?category=buyer#liveDitails$/);
  await expect(page.locator('#liveDitails')).toBeInViewport();
});

test('footer links scroll to their sections, from home and from another page', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('9:00-16:00');
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer.getByRole('link', { name: 'וואטסאפ' })).toHaveAttribute('href', /wa\.me\/972/);
  await footer.getByRole('link', { name: 'מי אנחנו' }).click();
  await expect(page.locator('#whoWeAre')).toBeInViewport();
  await footer.getByRole('link', { name: 'השאירו פרטים' }).click();
  await expect(page.locator('#liveDitails')).toBeInViewport();

  await page.goto('/InvestorPlans');
  await page.getByRole('contentinfo').getByRole('link', { name: 'מי אנחנו' }).click();
  await expect(page).toHaveURL(/\/#whoWeAre$/);
  await expect(page.locator('#whoWeAre')).toBeInViewport();
});

test('buy, sell and rent lead to the listings and to the lead form as a seller', async ({
  page,
  shot,
  checkA11y,
}) => {
  await page.goto('/BuySellRent');
  await expect(page.getByRole('link', { name: /אני רוצה לקנות/ })).toHaveAttribute('href', '/Sale');
  await expect(page.getByRole('link', { name: /אני רוצה לשכור/ })).toHaveAttribute('href', '/Rent');
  await shot('buy sell rent');
  await checkA11y();
  await page.getByRole('link', { name: /אני רוצה למכור/ }).click();
  await expect(page).toHaveURL(/\/\?category=seller#liveDitails$/);
  await expect(page.locator('#liveDitails').getByLabel('אני')).toHaveValue('מוכר');
  await expect(page.locator('#liveDitails')).toBeInViewport();
});

const PAGES = ['/', '/AboutLink', '/InvestorPlans', '/JobNeedForm', '/BuySellRent'];

test('public pages load none of the signed-in pages code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  for (const path of PAGES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.length).toBeGreaterThan(0);
  const signedIn =
    /leads-page|performance|scoreboard|indicator|goals|report|new-property|users-page|settings-page|audit|chart/i;
  expect(scripts.filter((s) => signedIn.test(s))).toEqual([]);
});

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`${label} width`, () => {
    test.use({ viewport });
    test('every public page fits and passes axe', async ({ page, shot, checkA11y }) => {
      for (const path of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('contentinfo')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await shot(`${label} ${path === '/' ? 'home' : path.slice(1)}`);
        await checkA11y({ allImpacts: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
      await page.goto('/AboutLink');
      await page.getByTestId('agent-card').first().getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot(`${label} agent`);
      await checkA11y({ allImpacts: true });
    });
  });
}

test.describe('admin inbox at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the leads page fits a phone', async ({ page, signInAs, shot, checkA11y }) => {
    await signInAs('admin');
    await page.goto('/Leads');
    await expect(page.getByRole('heading', { level: 1, name: 'לידים' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^חדש \(/ })).toBeVisible();
    await shot('phone leads');
    await checkA11y({ allImpacts: true });
  });
});
