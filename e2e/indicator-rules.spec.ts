import type { APIRequestContext } from '@playwright/test';
import { expect, expectToast, test } from './fixtures';
import { createPerson, settled, signInAsPerson, todayIsrael } from './people';

const dailyRowsToday = async (request: APIRequestContext, agentId: string) => {
  const [year, month] = todayIsrael().split('-').map(Number);
  const res = await request.get(
    `/api/v1/indicators/filterByDate?agent=${agentId}&year=${year}&month=${month}&last7DaysOnly=false`,
  );
  expect(res.ok()).toBe(true);
  const rows = (await res.json()).data.indicators as { createdAt: string; meetings: number }[];
  const today = todayIsrael();
  return rows.filter(
    (row) => new Date(row.createdAt).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' }) === today,
  );
};

test('a second daily entry for the same day asks first; cancelling adds nothing', async ({
  page,
  signInAs,
  shot,
}) => {
  await signInAs('admin');
  const agent = await createPerson(page.request, 'agent');
  await signInAsPerson(page, agent);
  await page.goto('/DailyIndicator');
  await settled(page);
  await expect(page.getByText('עדיין לא נרשם סטטוס ליום זה.')).toBeVisible();

  // The first entry of the day goes through without a question.
  await page.getByLabel('פגישות').fill('2');
  await page.getByRole('button', { name: 'שליחת סטטוס' }).click();
  await expectToast(page, 'סטטוס יומי נשלח בהצלחה!');
  await expect(page.getByText('רשומה אחת ליום זה, סכומיה:')).toBeVisible();
  // The toast closes by itself: the second one below is then the only one.
  await expect(page.locator('.Toastify').getByText('סטטוס יומי נשלח בהצלחה!')).toBeHidden();

  // A second one asks; cancelling keeps the day as it was.
  await page.getByLabel('פגישות').fill('5');
  await page.getByRole('button', { name: 'שליחת סטטוס' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('כבר נרשם סטטוס ל-');
  await expect(confirm).toContainText('להוסיף רשומה נוספת לאותו יום?');
  await shot('second entry asks');
  await confirm.getByRole('button', { name: 'ביטול' }).click();
  await expect(confirm).toBeHidden();
  expect((await dailyRowsToday(page.request, agent.id)).map((row) => row.meetings)).toEqual([2]);

  // Confirming adds the second row, and the day's sums count both.
  await page.getByRole('button', { name: 'שליחת סטטוס' }).click();
  await confirm.getByRole('button', { name: 'הוספת רשומה נוספת' }).click();
  await expectToast(page, 'סטטוס יומי נשלח בהצלחה!');
  await expect(page.getByText('2 רשומות ליום זה, סכומן:')).toBeVisible();
  expect((await dailyRowsToday(page.request, agent.id)).map((row) => row.meetings).sort()).toEqual([2, 5]);
});

test("an agent who opens another agent's daily or personal page sees 'אין הרשאה', not a form", async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('admin');
  const agent = await createPerson(page.request, 'agent');
  const other = await createPerson(page.request, 'agent');
  await signInAsPerson(page, agent);
  for (const url of [`/DailyIndicator/${other.id}`, `/PersonalIndicator/${other.id}`]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'אין הרשאה', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('אין לך הרשאה לצפות בעמוד זה.');
    await expect(page.getByRole('button', { name: 'שליחת סטטוס' })).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByText(other.name)).toHaveCount(0);
  }
  await shot('no access');
  await checkA11y({ allImpacts: true });
  await page.getByRole('link', { name: 'לאזור האישי' }).click();
  await expect(page).toHaveURL(/\/AgentProfile$/);
});
