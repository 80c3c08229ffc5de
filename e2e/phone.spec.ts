import type { Page } from '@playwright/test';
import { createProperty } from './data';
import { expect, expectToast, test } from './fixtures';
import {
  addDailyStatus,
  createPerson,
  DESKTOP,
  hebrewTag,
  type Person,
  PHONE,
  setGoal,
  settled,
  sidewaysOverflow,
  signInAsPerson,
  thisMonth,
  todayIsrael,
} from './people';

test.use({ viewport: PHONE });

/** An agent of its own with this month's goal and one daily status, created by the demo admin. */
async function agentWithMonth(page: Page, signInAs: (who: 'admin') => Promise<void>) {
  await signInAs('admin');
  const agent = await createPerson(page.request, 'agent');
  await setGoal(page.request, agent.id, {
    meetings: 20,
    exclusives: 4,
    priceUpdates: 6,
    buyerTours: 10,
    priceOffers: 5,
    deals: 2,
  });
  await addDailyStatus(page.request, agent.id, { meetings: 3, exclusives: 1, buyerTours: 2, deals: 1 });
  return agent;
}

/**
 * Each page at phone width (screenshot, nothing sticking out sideways, axe at every impact), then axe again at
 * desktop width.
 */
async function visitAtBothWidths(
  page: Page,
  pages: [name: string, url: string][],
  shot: (name: string) => Promise<void>,
  checkA11y: (options: { allImpacts: boolean }) => Promise<void>,
) {
  for (const [name, url] of pages) {
    await test.step(name, async () => {
      await page.setViewportSize(PHONE);
      await page.goto(url);
      await settled(page);
      expect(await sidewaysOverflow(page), `${url} fits 390 px`).toBeLessThanOrEqual(0);
      await shot(name);
      await checkA11y({ allImpacts: true });
      await page.setViewportSize(DESKTOP);
      await checkA11y({ allImpacts: true });
    });
  }
}

test("an agent's signed-in pages on a phone", async ({ page, signInAs, shot, checkA11y }) => {
  const agent: Person = await agentWithMonth(page, signInAs);
  await signInAsPerson(page, agent);
  await visitAtBothWidths(
    page,
    [
      ['agent profile', '/AgentProfile'],
      ['agent daily status', '/DailyIndicator'],
      ['agent personal indicators', '/PersonalIndicator'],
      ['agent contact report', `/NewReportContact/${agent.id}`],
      ['agent day', '/MyDay'],
      ['agent leads', '/Leads'],
      ['agent leads table', '/Leads?view=table'],
      ['agent ranking', '/ScoreBoard'],
    ],
    shot,
    checkA11y,
  );
});

test("an admin's pages about one agent on a phone", async ({ page, signInAs, shot, checkA11y }) => {
  const agent = await agentWithMonth(page, signInAs);
  const admin = await createPerson(page.request, 'admin', { companyRole: 'מנהלת משרד' });
  await signInAsPerson(page, admin);
  await visitAtBothWidths(
    page,
    [
      ['admin profile', '/AgentProfile'],
      ['admin agents', '/Agents'],
      ['admin goals of an agent', `/AdminGoals/${agent.id}`],
      ['admin indicators of an agent', `/PersonalIndicator/${agent.id}`],
      ['admin daily status of an agent', `/DailyIndicator/${agent.id}`],
      ['admin office performance', '/Performance'],
      ['admin ranking', '/ScoreBoard'],
    ],
    shot,
    checkA11y,
  );
});

test("an admin's office pages on a phone", async ({ page, signInAs, shot, checkA11y }) => {
  await signInAs('admin');
  const admin = await createPerson(page.request, 'admin', { companyRole: 'מנהלת משרד' });
  await signInAsPerson(page, admin);
  await visitAtBothWidths(
    page,
    [
      ['admin new property', '/NewProperty'],
      ['admin contact reports', '/AdminReportView'],
      ['admin leads', '/Leads'],
      ['admin leads table', '/Leads?view=table'],
      ['admin leads mail', '/Leads?view=mail'],
    ],
    shot,
    checkA11y,
  );
});

// The settings screens on their own: each page here is visited at two widths with axe at all impacts, and the
// audit log's page is long, so one test for all of an admin's pages ran near its time limit on a busy machine.
test("an admin's settings pages on a phone", async ({ page, signInAs, shot, checkA11y }) => {
  await signInAs('admin');
  const admin = await createPerson(page.request, 'admin', { companyRole: 'מנהלת משרד' });
  await signInAsPerson(page, admin);
  await visitAtBothWidths(
    page,
    [
      ['admin lead settings', '/LeadSettings'],
      ['admin users', '/Users'],
      ['admin settings', '/Settings'],
      ['admin audit log', '/Audit'],
    ],
    shot,
    checkA11y,
  );
});

test('the side navigation is a drawer opened and closed by keyboard; the skip link lands past it', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('admin');
  const agent = await createPerson(page.request, 'agent');
  await signInAsPerson(page, agent);
  await page.goto('/AgentProfile');
  await settled(page);

  // Closed, the navigation is one bar with its menu button: far less room than the open drawer.
  const menu = page.getByRole('button', { name: 'תפריט האזור האישי' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('link', { name: 'דירוג סוכנים' })).toBeHidden();
  expect((await menu.boundingBox())!.height).toBeLessThan(56);

  // The skip link is the first stop; it lands on <main>, and the next stop is inside it, past the menu button.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'דילוג לתוכן' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator('main#main :focus')).toHaveCount(1);
  await expect(page.locator('main#main').getByRole('button', { name: 'תפריט האזור האישי' })).toHaveCount(0);

  await menu.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'ניווט האזור האישי' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'סגירת התפריט' })).toBeFocused();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await shot('drawer open');
  await checkA11y({ allImpacts: true });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // Space opens it again; Tab walks its links and Enter follows one, which closes it.
  await page.keyboard.press('Space');
  await expect(drawer).toBeVisible();
  const ranking = drawer.getByRole('link', { name: 'דירוג סוכנים' });
  for (
    let stop = 0;
    stop < 12 && !(await ranking.evaluate((link) => link === document.activeElement));
    stop++
  ) {
    await page.keyboard.press('Tab');
    await expect(drawer.locator(':focus')).toHaveCount(1);
  }
  await expect(ranking).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ScoreBoard$/);
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();

  // At desktop width the navigation is a column beside <main>, outside it, and the drawer's button is gone.
  await page.setViewportSize(DESKTOP);
  const column = page.getByRole('navigation', { name: 'ניווט האזור האישי' });
  await expect(column.getByRole('link', { name: 'דירוג סוכנים' })).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(page.locator('main#main').getByRole('navigation', { name: 'ניווט האזור האישי' })).toHaveCount(
    0,
  );
  const open = (await column.boundingBox())!;
  await column.getByRole('button', { name: 'כיווץ התפריט' }).click();
  await expect(column.getByRole('button', { name: 'הרחבת התפריט' })).toBeVisible();
  // The column's width is animated (a short CSS transition): its end, not its first frame, is measured.
  const width = async () => (await column.boundingBox())!.width;
  await expect.poll(width).toBeLessThan(open.width);
  await expect.poll(width).toBe(64);
  const collapsed = (await column.boundingBox())!;
  expect(collapsed.height).toBeLessThanOrEqual(open.height);
  await shot('side navigation collapsed at desktop width');
});

const formatHe = (n: number) => new Intl.NumberFormat('he-IL').format(n);

test("on a phone the month's tables keep percentage and forecast in view, and 'edit all' saves from below the tables", async ({
  page,
  signInAs,
  shot,
}) => {
  const agent = await agentWithMonth(page, signInAs);
  const { year, month } = thisMonth();
  const figures = (
    await (await page.request.get(`/api/v1/goals/performance/${agent.id}/${year}/${month}`)).json()
  ).data as Record<string, { forecast: number }>;

  await page.goto(`/PersonalIndicator/${agent.id}`);
  await settled(page);

  // Five narrow columns fit 390 px: the table does not scroll, and its percentage and forecast are on screen.
  const monthly = page.getByRole('region', { name: 'ביצועים חודשיים' });
  await expect(monthly).not.toHaveAttribute('tabindex');
  const meetings = monthly.getByRole('row', { name: /פגישות/ });
  const percentage = meetings.getByRole('cell').nth(2);
  const forecast = meetings.getByRole('cell').nth(3);
  await expect(percentage).toHaveText('15%');
  await expect(forecast).toHaveText(formatHe(figures.meetings!.forecast));
  for (const cell of [percentage, forecast]) {
    const box = (await cell.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }

  // The daily table is wider: a labelled region the keyboard reaches and scrolls, its date column staying put.
  const daily = page.getByRole('region', { name: 'סטטוס יומי' });
  await expect(daily).toHaveAttribute('tabindex', '0');
  const date = daily.getByRole('rowheader').first();
  const dateBefore = (await date.boundingBox())!;
  await daily.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => daily.evaluate((region) => region.scrollLeft)).toBeLessThan(0);
  expect((await date.boundingBox())!.x).toBeCloseTo(dateBefore.x, 0);
  await shot('daily table scrolled under its date');

  // 'Edit all': the save below the tables is within reach of the fields, and the focus comes back to the button.
  await page.getByRole('button', { name: 'עריכת הכול' }).click();
  const firstMeetings = daily.getByRole('spinbutton', { name: /^פגישות ב-/ });
  await expect(firstMeetings).toBeFocused();
  await firstMeetings.fill('7');
  await page.getByRole('spinbutton', { name: 'יעד פגישות' }).fill('28');
  const bottom = page.getByRole('group', { name: 'שמירת העריכה בסוף הטבלאות' });
  await bottom.scrollIntoViewIfNeeded();
  await shot('edit all on a phone');
  await bottom.getByRole('button', { name: 'שמירה' }).click();
  await expectToast(page, 'כל השינויים נשמרו בהצלחה!');
  await expectToast(page, 'יעדים נשמרו בהצלחה!');
  await expect(page.getByRole('button', { name: 'עריכת הכול' })).toBeFocused();
  await expect(daily.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('7');
  await expect(
    page.getByRole('table', { name: 'יעד חודשי' }).getByRole('row', { name: /פגישות/ }),
  ).toContainText('28');
  await expect(meetings.getByRole('cell').nth(2)).toHaveText('25%');
  await shot('after saving on a phone');
});

test("an empty month: the ranking shows no medals or emoji, and /Performance has 'אין נתוני ביצועים להצגה'", async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('admin');
  // A past month nobody touches: five years ago, June. Confirm first that it holds nothing.
  const year = thisMonth().year - 5;
  const month = 6;
  const board = (
    await (await page.request.get(`/api/v1/indicators/scoreboard?year=${year}&month=${month}`)).json()
  ).data as { totalScore: number }[];
  expect(board.length).toBeGreaterThan(0);
  expect(board.every((entry) => entry.totalScore === 0)).toBe(true);

  await page.goto('/ScoreBoard');
  await settled(page);
  await page.getByLabel('שנה', { exact: true }).selectOption(String(year));
  await page.getByLabel('חודש', { exact: true }).selectOption(String(month));
  await expect(page.getByText('אף סוכן לא צבר נקודות בחודש זה')).toBeVisible();
  await expect(page.getByRole('region', { name: 'שלושת המובילים' })).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(/🥇|🥈|🥉|💩|🤡/u);
  await expect(page.getByRole('img')).toHaveCount(0);
  await shot('empty month ranking');
  await checkA11y({ allImpacts: true });

  await page.goto('/Performance');
  await settled(page);
  await page.getByLabel('שנה', { exact: true }).selectOption(String(year));
  await page.getByLabel('חודש', { exact: true }).selectOption(String(month));
  await page.getByRole('button', { name: 'עדכון נתונים' }).click();
  await expect(page.getByText('אין נתוני ביצועים להצגה')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await shot('empty month performance');
  await checkA11y({ allImpacts: true });
});

test('on a phone the contact-report and inquiry tables scroll in labelled regions the keyboard reaches', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('admin');
  const agent = await createPerson(page.request, 'agent');
  const address = `הגפן ${hebrewTag()}`;
  const propertyId = await createProperty(page.request, {
    address,
    exclusive: true,
    agent: agent.id,
    rooms: 3,
    size: 80,
    floor: '2',
  });
  const visitor = `מבקר ${hebrewTag()}`;
  const inquiry = await page.request.post(`/api/v1/property/${propertyId}/inquiry`, {
    data: { name: visitor, phone: '052-555-1111', message: 'מעוניין בסיור בנכס' },
  });
  expect(inquiry.status(), await inquiry.text()).toBe(201);

  await signInAsPerson(page, agent);
  const client = `משפחת ${hebrewTag()}`;
  const status = await page.request.post('/api/v1/reportContact', {
    data: {
      clientName: client,
      exclusiveProperty: address,
      propertyId,
      visits: 2,
      views: 40,
      inquiries: 1,
      statusDate: todayIsrael(),
      note: 'ביקור ראשון עם הילדים',
    },
  });
  expect(status.status(), await status.text()).toBe(201);
  const share = await page.request.post('/api/v1/reportContact/shares', {
    data: { address, from: todayIsrael(), to: todayIsrael() },
  });
  expect(share.status(), await share.text()).toBe(201);

  await page.goto(`/NewReportContact/${agent.id}`);
  await settled(page);
  const check = page.getByRole('region', { name: 'בדיקת דוח חודשי' });
  await check.getByRole('button', { name: 'בדיקה' }).click();
  await expect(check.getByRole('cell', { name: client })).toBeVisible();
  for (const name of ['הסטטוסים של החודש', 'קישורים קיימים']) {
    const region = page.getByRole('region', { name, exact: true });
    await expect(region).toHaveAttribute('tabindex', '0');
    await region.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeLessThan(0);
  }
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await shot('contact report tables');
  await checkA11y({ allImpacts: true });

  // The inquiries are leads of the pipeline; its table is cards on a phone: property, message and agent
  // without sideways scrolling (the table region is no scroll stop).
  await page.goto('/Leads?view=table');
  await settled(page);
  const leadRow = page.getByRole('row').filter({ hasText: visitor });
  await expect(leadRow).toBeVisible();
  // Each value reads with its column's name on a phone (the card's labels).
  await expect(leadRow.getByRole('cell', { name: new RegExp(`^נכס ${address}`) })).toBeInViewport();
  await expect(page.getByRole('region', { name: 'טבלה', exact: true })).not.toHaveAttribute('tabindex', '0');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await shot('inquiries with a row');
  await checkA11y({ allImpacts: true });
  await page.setViewportSize(DESKTOP);
  await checkA11y({ allImpacts: true });
});
