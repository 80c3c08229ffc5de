import type { Page } from '@playwright/test';
import { expect, expectToast, test } from './fixtures';

const todayIsrael = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
const dayMonthYear = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${Number(d)}.${Number(m)}.${y}`;
};
const [YEAR, MONTH] = todayIsrael().split('-').map(Number) as [number, number];

async function api<T>(page: Page, url: string, data?: object): Promise<T> {
  const res = data
    ? await page.request.post(`/api/v1${url}`, { data })
    : await page.request.get(`/api/v1${url}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).data as T;
}

async function demoAgentId(page: Page) {
  const users = await api<{ data: { _id: string; name: string }[] }>(page, '/users');
  return users.data.find((u) => u.name === 'דנה לוי')!._id;
}

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
  await signInAs('agent');
  const me = (await api<{ user: { _id: string } }>(page, '/users/me')).user;
  const before = await api<{ totalMeetings: number }>(page, '/indicators/summary/weekly', { id: me._id });

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
  const row = daily.getByRole('row').filter({ hasText: dayMonthYear(todayIsrael()) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(0)).toHaveText('3');
  const weekly = page.getByRole('table', { name: /סיכום שבועי/ });
  await expect(weekly.getByRole('row', { name: /פגישות/ })).toContainText(String(before.totalMeetings + 3));
  await expect(page.getByText('סה״כ ימי עבודה')).toBeVisible();
  await bothWidths(page, 'personal indicators', shot, checkA11y);
});

test('an admin sets a goal from /Agents and sees the percentage in /Performance and /PersonalIndicator', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('admin');
  await page.goto('/Agents');
  await page.getByLabel('חיפוש סוכן לפי שם').fill('דנה לוי'); // the full name: other specs' people may contain 'דנה'
  await expect(page.getByText('משתמש אחד')).toBeVisible();
  await bothWidths(page, 'agents', shot, checkA11y);
  await page.getByRole('link', { name: 'הגדרת יעדים' }).click();
  await expect(page).toHaveURL(/\/AdminGoals\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('פגישות')).toHaveValue('40'); // the demo month goal, prefilled
  await page.getByLabel('פגישות').fill('1000');
  await bothWidths(page, 'admin goals', shot, checkA11y);
  await page.getByRole('button', { name: 'שמירת יעד' }).click();
  await expectToast(page, 'היעד עודכן בהצלחה!'); // the demo month already had a goal
  await expect(page).toHaveURL(/\/Agents$/);

  const agentId = await demoAgentId(page);
  const perf = await api<{ meetings: { actual: number } }>(
    page,
    `/goals/performance/${agentId}/${YEAR}/${MONTH}`,
  );
  const expected = `${new Intl.NumberFormat('he-IL').format(Math.round(perf.meetings.actual * 10) / 100)}%`;

  await page.goto('/Performance');
  const table = page.getByRole('table', { name: 'דנה לוי' });
  await expect(table.getByRole('row', { name: /פגישות/ })).toContainText('1,000');
  await expect(table.getByRole('row', { name: /פגישות/ })).toContainText(expected);
  await expect(page.getByRole('table', { name: 'ביצועי החברה' })).toBeVisible();
  await bothWidths(page, 'office performance', shot, checkA11y);

  await page.goto(`/PersonalIndicator/${agentId}`);
  const monthly = page.getByRole('table', { name: 'ביצועים חודשיים' });
  await expect(monthly.getByRole('row', { name: /פגישות/ })).toContainText(expected);
});

test('an admin edits all rows and saves, then deletes one with the confirmation', async ({
  page,
  signInAs,
  shot,
}) => {
  await signInAs('admin');
  const agentId = await demoAgentId(page);
  await page.goto(`/PersonalIndicator/${agentId}`);
  const daily = page.getByRole('table', { name: 'סטטוס יומי' });
  const rows = daily.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();

  await page.getByRole('button', { name: 'עריכת הכול' }).click();
  const firstMeetings = rows.first().getByRole('spinbutton', { name: /^פגישות/ });
  await firstMeetings.fill('17');
  await shot('edit all');
  await page
    .getByRole('group', { name: 'שמירת העריכה', exact: true })
    .getByRole('button', { name: 'שמירה' })
    .click();
  await expectToast(page, 'כל השינויים נשמרו בהצלחה!');
  await expect(rows.first().getByRole('cell').nth(0)).toHaveText('17');

  await rows
    .first()
    .getByRole('button', { name: /מחיקת הסטטוס/ })
    .click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toHaveAccessibleDescription('האם אתה בטוח שברצונך למחוק את הסטטוס?');
  await confirm.getByRole('button', { name: 'מחיקה' }).click();
  await expectToast(page, 'הסטטוס נמחק בהצלחה!');
  await expect(rows).toHaveCount(count - 1);
  await expect(rows.first().getByRole('cell').nth(0)).not.toHaveText('17');
});

test('the ranking shows the podium and the emoji; the profile podium links to it', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('agent');
  await page.goto('/AgentProfile');
  const podium = page.getByRole('region', { name: 'שלושת המובילים' });
  await expect(podium.getByRole('listitem')).toHaveCount(3);
  await bothWidths(page, 'profile podium', shot, checkA11y);
  await page.getByRole('link', { name: 'לדירוג המלא' }).click();
  await expect(page).toHaveURL(/\/ScoreBoard$/);
  await expect(page.getByRole('heading', { name: 'חוקי הניקוד' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'שלושת המובילים' }).getByText('🥇')).toBeVisible();
  await expect(page.getByRole('img', { name: 'מקום אחרון' })).toHaveText('💩');
  await expect(page.getByRole('img', { name: 'מקום לפני אחרון' })).toHaveText('🤡');
  await bothWidths(page, 'ranking', shot, checkA11y);
});
