import type { Locator, Page } from '@playwright/test';
import { expect, expectToast, test } from './fixtures';
import { addDailyStatus, createPerson, hebrewTag, setGoal, signInAsPerson, todayIsrael } from './people';

// Every test here makes the agents it writes for and asserts on (createPerson): the figures it reads are the
// ones it entered, never the demo agency's.

const dayMonthYear = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${Number(d)}.${Number(m)}.${y}`;
};

/** A metric's row of a table: its figures, one cell each (the metric's name is the row header). */
const metricCells = (table: Locator, metric: string) =>
  table.getByRole('row', { name: new RegExp(`^${metric}`) }).getByRole('cell');

/** Desktop first, then the 390 px phone width, each with its screenshot and the axe check. */
async function bothWidths(
  page: Page,
  name: string,
  shot: (n: string) => Promise<void>,
  checkA11y: () => Promise<void>,
) {
  await shot(`${name} desktop`);
  await checkA11y();
  await page.setViewportSize({ width: 390, height: 844 });
  // Charts re-measure their container after a resize (ResizeObserver): wait until they fit the phone.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.recharts-surface')].every(
      (chart) => chart.getBoundingClientRect().width <= window.innerWidth,
    ),
  );
  await shot(`${name} phone`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an agent enters a daily status and sees it in the daily table and the weekly summary', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('admin');
  const agent = await createPerson(page.request, 'agent');
  await signInAsPerson(page, agent);

  await page.goto('/DailyIndicator');
  await expect(page.getByLabel('תאריך')).toHaveValue(todayIsrael());
  await page.getByLabel('פגישות').fill('3');
  await page.getByLabel('עסקאות').fill('1');
  await bothWidths(page, 'daily form', shot, checkA11y);
  await page.getByRole('button', { name: 'שליחת סטטוס' }).click();
  await expectToast(page, 'סטטוס יומי נשלח בהצלחה!');
  await expect(page.getByLabel('פגישות')).toHaveValue('');

  await page.goto('/PersonalIndicator');
  const daily = page.getByRole('table', { name: 'סטטוס יומי' });
  // The new agent's month holds this one row, with the figures typed above.
  await expect(daily.locator('tbody tr')).toHaveCount(1);
  const row = daily.getByRole('row').filter({ hasText: dayMonthYear(todayIsrael()) });
  await expect(row.getByRole('cell')).toHaveText(['3', '0', '0', '0', '0', '1']);
  const weekly = page.getByRole('table', { name: /סיכום שבועי/ });
  await expect(metricCells(weekly, 'פגישות')).toHaveText('3');
  await expect(metricCells(weekly, 'עסקאות')).toHaveText('1');
  await expect(metricCells(weekly, 'בלעדיות')).toHaveText('0');
  await expect(page.getByText('סה״כ ימי עבודה')).toBeVisible();
  await bothWidths(page, 'personal indicators', shot, checkA11y);
});

test('an admin changes a goal from /Agents and sees the percentage in /Performance and /PersonalIndicator', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('admin');
  const agent = await createPerson(page.request, 'agent');
  await setGoal(page.request, agent.id, { meetings: 40, deals: 2 });
  await addDailyStatus(page.request, agent.id, { meetings: 3 });

  await page.goto('/Agents');
  await page.getByLabel('חיפוש סוכן לפי שם').fill(agent.name);
  await expect(page.getByText('משתמש אחד')).toBeVisible();
  await bothWidths(page, 'agents', shot, checkA11y);
  await page.getByRole('link', { name: 'הגדרת יעדים' }).click();
  await expect(page).toHaveURL(new RegExp(`/AdminGoals/${agent.id}$`));
  await expect(page.getByText('קיים יעד לחודש זה: השמירה תעדכן אותו.')).toBeVisible();
  await expect(page.getByLabel('פגישות')).toHaveValue('40'); // the month's goal set above, prefilled
  await expect(page.getByLabel('עסקאות')).toHaveValue('2');
  await page.getByLabel('פגישות').fill('12');
  await bothWidths(page, 'admin goals', shot, checkA11y);
  await page.getByRole('button', { name: 'שמירת יעד' }).click();
  await expectToast(page, 'היעד עודכן בהצלחה!');
  await expect(page).toHaveURL(/\/Agents$/);

  // 3 meetings of a goal of 12: 25%; no deal of 2: 0%. Actual, goal, percentage (the forecast follows the day).
  await page.goto('/Performance');
  const table = page.getByRole('table', { name: agent.name });
  await expect(metricCells(table, 'פגישות').nth(0)).toHaveText('3');
  await expect(metricCells(table, 'פגישות').nth(1)).toHaveText('12');
  await expect(metricCells(table, 'פגישות').nth(2)).toHaveText('25%');
  await expect(metricCells(table, 'עסקאות').nth(2)).toHaveText('0%');
  await expect(page.getByRole('table', { name: 'ביצועי החברה' })).toBeVisible();
  await bothWidths(page, 'office performance', shot, checkA11y);

  await page.goto(`/PersonalIndicator/${agent.id}`);
  const monthly = page.getByRole('table', { name: 'ביצועים חודשיים' });
  await expect(metricCells(monthly, 'פגישות').nth(0)).toHaveText('3');
  await expect(metricCells(monthly, 'פגישות').nth(1)).toHaveText('12');
  await expect(metricCells(monthly, 'פגישות').nth(2)).toHaveText('25%');
});

test('an admin edits all rows and saves, then deletes one with the confirmation', async ({
  page,
  signInAs,
  shot,
}) => {
  await signInAs('admin');
  const agent = await createPerson(page.request, 'agent');
  // Two entries typed today: one row for the day, their sum; in editing each entry has its own field, newest first.
  await addDailyStatus(page.request, agent.id, { meetings: 2, deals: 1 });
  await addDailyStatus(page.request, agent.id, { meetings: 5 });
  await page.goto(`/PersonalIndicator/${agent.id}`);
  const daily = page.getByRole('table', { name: 'סטטוס יומי' });
  const rows = daily.locator('tbody tr');
  const meetingsOf = (n: number) => rows.nth(n).getByRole('cell').nth(0);
  await expect(rows).toHaveCount(1);
  await expect(meetingsOf(0)).toHaveText('7');

  await page.getByRole('button', { name: 'עריכת הכול' }).click();
  const meetingFields = rows.first().getByRole('spinbutton', { name: /^פגישות/ });
  await expect(meetingFields).toHaveCount(2);
  await expect(meetingFields.first()).toHaveValue('5');
  await expect(meetingFields.nth(1)).toHaveValue('2');
  await meetingFields.first().fill('17');
  await shot('edit all');
  await page
    .getByRole('group', { name: 'שמירת העריכה', exact: true })
    .getByRole('button', { name: 'שמירה' })
    .click();
  await expectToast(page, 'כל השינויים נשמרו בהצלחה!');
  await expect(meetingsOf(0)).toHaveText('19');

  await rows
    .first()
    .getByRole('button', { name: /מחיקת הסטטוס/ })
    .first()
    .click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toHaveAccessibleDescription('האם אתה בטוח שברצונך למחוק את הסטטוס?');
  await confirm.getByRole('button', { name: 'מחיקה' }).click();
  await expectToast(page, 'הסטטוס נמחק בהצלחה!');
  // The edited entry is gone; the day's row holds the other one as it was entered.
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('cell')).toHaveText(['2', '0', '0', '0', '0', '1', '']);
});

test('the ranking shows the podium and the emoji; the profile podium links to it', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('admin');
  // A leader far above any month's work (200 deals, 1,000 points), and four more agents, so the list has
  // the five places the last two emoji need whoever else is in it.
  const leader = await createPerson(page.request, 'agent', { name: `מוביל ${hebrewTag()}` });
  await addDailyStatus(page.request, leader.id, { deals: 200 });
  for (let i = 0; i < 4; i++) await createPerson(page.request, 'agent');
  const first = (podium: Locator) => podium.getByRole('listitem').filter({ hasText: 'מקום 1' });

  await signInAsPerson(page, leader);
  await page.goto('/AgentProfile');
  const podium = page.getByRole('region', { name: 'שלושת המובילים' });
  await expect(podium.getByRole('listitem')).toHaveCount(3);
  await expect(first(podium)).toContainText(leader.name);
  await expect(first(podium)).toContainText('1,000 נקודות');
  await bothWidths(page, 'profile podium', shot, checkA11y);
  await page.getByRole('link', { name: 'לדירוג המלא' }).click();
  await expect(page).toHaveURL(/\/ScoreBoard$/);
  await expect(page.getByRole('heading', { name: 'חוקי הניקוד' })).toBeVisible();
  const ranking = page.getByRole('region', { name: 'שלושת המובילים' });
  await expect(first(ranking)).toContainText('🥇');
  await expect(first(ranking)).toContainText(leader.name);
  await expect(first(ranking)).toContainText('1,000 נקודות');
  await expect(page.getByRole('img', { name: 'מקום אחרון' })).toHaveText('💩');
  await expect(page.getByRole('img', { name: 'מקום לפני אחרון' })).toHaveText('🤡');
  await bothWidths(page, 'ranking', shot, checkA11y);
});
