import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { unique, userId } from './data';
import { expect, test } from './fixtures';
import { addDailyStatus, DESKTOP, PHONE, settled, sidewaysOverflow, thisMonth } from './people';

// The network dashboard (issue 33, decision 0045): the network CEO compares the branches of the month, sees a
// lead and an entry of this test change the Haifa column and the network's, reads a figure's definition and
// downloads the CSV; the Haifa franchisee cannot open it. At phone and desktop width, by keyboard, axe clean.

/** A mobile number of the test's own, so a new lead never joins another test's contact. */
const mobile = () => `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** The labels of the side navigation (the drawer's at phone width, opened and closed again). */
async function navLabels(page: Page, phone: boolean) {
  if (!phone)
    return page.getByRole('navigation', { name: 'ניווט האזור האישי' }).getByRole('link').allInnerTexts();
  await page.getByRole('button', { name: 'תפריט האזור האישי' }).click();
  const drawer = page.getByRole('dialog', { name: 'ניווט האזור האישי' });
  const labels = await drawer.getByRole('link').allInnerTexts();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  return labels;
}

/** The leading number of a figure's cell ('12 מתוך 20', '3', '1,204'). */
async function leadingNumber(cell: Locator) {
  const text = ((await cell.textContent()) ?? '').replace(/,/g, '');
  const match = /\d+/.exec(text);
  expect(match, `a number in "${text}"`).not.toBeNull();
  return Number(match![0]);
}

/** The branches side by side (the royalties' table is below it). */
const branchesTable = (page: Page) => page.getByRole('table', { name: /^הסניפים זה לצד זה/ });

/** The figures of a row for a column (a branch's name, or 'כל הרשת'). */
async function figure(page: Page, row: RegExp, column: string) {
  const table = branchesTable(page);
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(column);
  expect(index, `column ${column} in ${headers.join(' | ')}`).toBeGreaterThan(0);
  const line = table.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: row }) });
  return leadingNumber(line.getByRole('cell').nth(index - 1));
}

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`the network dashboard at ${size} width`, () => {
    test.use({ viewport });

    test('the network CEO compares the branches and downloads the CSV', async ({
      page,
      signInAs,
      shot,
      checkA11y,
    }) => {
      await signInAs('network');
      const haifaAgent = await userId(page.request, 'itai@example.com');
      await page.goto('/AgentProfile');
      await settled(page);
      expect(await navLabels(page, size === 'phone')).toContain('לוח הרשת');

      await page.goto('/Network');
      await settled(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('לוח הרשת');
      const { year, month } = thisMonth();
      await expect(branchesTable(page)).toContainText(`הסניפים זה לצד זה, ${month}/${year}`);
      const headers = await branchesTable(page).getByRole('columnheader').allInnerTexts();
      // Beside it, the royalties each branch owes the network for the same month.
      await expect(page.getByRole('table', { name: /^תמלוגים לרשת/ })).toContainText('סניף חיפה');
      expect(headers.map((h) => h.trim())).toEqual(
        expect.arrayContaining(['משרד ראשי תל אביב', 'סניף הרצליה', 'סניף חיפה', 'כל הרשת']),
      );
      const before = {
        haifaLeads: await figure(page, /^לידים שהתקבלו/, 'סניף חיפה'),
        networkLeads: await figure(page, /^לידים שהתקבלו/, 'כל הרשת'),
        haifaMeetings: await figure(page, /^פגישות/, 'סניף חיפה'),
        herzliyaMeetings: await figure(page, /^פגישות/, 'סניף הרצליה'),
      };

      // A lead arrives in Haifa and its agent records two meetings.
      const lead = await page.request.post('/api/v1/pipeline/leads', {
        data: { name: `ליד חיפה ${unique()}`, phone: mobile(), category: 'קונה', ownerId: haifaAgent },
      });
      expect(lead.status(), await lead.text()).toBe(201);
      await addDailyStatus(page.request, haifaAgent, { meetings: 2 });

      await page.reload();
      await settled(page);
      expect(await figure(page, /^לידים שהתקבלו/, 'סניף חיפה')).toBe(before.haifaLeads + 1);
      expect(await figure(page, /^לידים שהתקבלו/, 'כל הרשת')).toBe(before.networkLeads + 1);
      expect(await figure(page, /^פגישות/, 'סניף חיפה')).toBe(before.haifaMeetings + 2);
      expect(await figure(page, /^פגישות/, 'סניף הרצליה')).toBe(before.herzliyaMeetings);

      // A figure's definition is one tap (or one key) away.
      const explain = page.getByRole('button', { name: 'מה זה זמן תגובה חציוני?' });
      await explain.focus();
      await page.keyboard.press('Enter');
      await expect(explain).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByText(/דקות משרד מהגעת הליד ועד המגע הראשון/)).toBeVisible();
      expect(await sidewaysOverflow(page)).toBe(0);
      await checkA11y({ allImpacts: true });
      await shot('branches side by side');
      await page.keyboard.press('Enter');
      await expect(explain).toHaveAttribute('aria-expanded', 'false');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'הורדת קובץ CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`network-${year}-${String(month).padStart(2, '0')}.csv`);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const lines = csv.slice(1).trimEnd().split('\r\n');
      const header = lines[0]!.split(',');
      expect(header.slice(0, 2)).toEqual(['סניף', 'לידים שהתקבלו']);
      const haifa = lines.find((line) => line.startsWith('סניף חיפה,'))!.split(',');
      expect(Number(haifa[header.indexOf('לידים שהתקבלו')])).toBe(before.haifaLeads + 1);
      expect(Number(haifa[header.indexOf('פגישות')])).toBe(before.haifaMeetings + 2);
      expect(lines.at(-1)!.startsWith('כל הרשת,')).toBe(true);

      // The CEO sets Haifa's goal of the month beside its agents' goals; the dashboard measures against it.
      const goal = 900 + Math.floor(Math.random() * 99);
      await page.getByRole('link', { name: 'יעד החודש – סניף חיפה' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('יעד חודשי – סניף חיפה');
      await expect(page.getByText(/סכום יעדי \d+ הסוכנים|יעד של סוכן אחד|לאף סוכן בסניף/)).toBeVisible();
      await page.getByLabel('פגישות').fill(String(goal));
      await page.getByRole('button', { name: 'שמירת יעד הסניף' }).click();
      await expect(page.getByText('יעד הסניף נשמר')).toBeVisible();
      await expect(page.getByText('יעד הסניף שקבעה הנהלת הרשת')).toBeVisible();
      await checkA11y({ allImpacts: true });
      await shot('a branch goal');
      await page.goBack();
      await settled(page);
      const meetings = branchesTable(page)
        .locator('tbody tr')
        .filter({ has: page.getByRole('rowheader', { name: /^פגישות/ }) });
      await expect(meetings).toContainText(`מתוך ${goal}`);
      // And clears it again: Haifa counts its agents' goals once more.
      await page.getByRole('link', { name: 'יעד החודש – סניף חיפה' }).click();
      await page.getByRole('button', { name: 'ביטול יעד הסניף' }).click();
      await expect(page.getByText(/יעד הסניף בוטל/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'ביטול יעד הסניף' })).toHaveCount(0);
    });

    test('the Haifa franchisee cannot open the network dashboard, and reads what her branch owes it', async ({
      page,
      signInAs,
      shot,
      checkA11y,
    }) => {
      await signInAs('haifa');
      const { year, month } = thisMonth();
      const api = await page.request.get(`/api/v1/network/dashboard?year=${year}&month=${month}`);
      expect(api.status()).toBe(403);
      const csv = await page.request.get(`/api/v1/network/dashboard.csv?year=${year}&month=${month}`);
      expect(csv.status()).toBe(403);
      await page.goto('/Network');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('אין הרשאה');
      await expect(page.getByRole('table')).toHaveCount(0);
      expect(await navLabels(page, size === 'phone')).not.toContain('לוח הרשת');
      await checkA11y({ allImpacts: true });
      await shot('no access');

      // Her branch's dues to the network (the demo's Haifa franchise owes nothing this year: no deal, no
      // monthly fee; the rows and their total are the component test's, branch-dues-page.test.tsx).
      expect(await navLabels(page, size === 'phone')).toContain('התשלומים לרשת');
      await page.goto('/BranchDues');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('התשלומים לרשת');
      await expect(page.getByRole('combobox', { name: 'שנה' })).toHaveValue(String(year));
      await expect(page.getByRole('status').filter({ hasText: 'לא נרשמו סכומים לשנה זו' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'לא נרשמו תשלומים לשנה זו.' })).toBeVisible();
      expect(await sidewaysOverflow(page)).toBe(0);
      await checkA11y({ allImpacts: true });
      await shot('branch dues');
    });
  });
}
