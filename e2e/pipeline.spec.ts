import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { createProperty } from './data';
import { expect, expectToast, test } from './fixtures';
import {
  createPerson,
  DESKTOP,
  hebrewTag,
  type Person,
  PHONE,
  signInAsPerson,
  thisMonth,
  todayIsrael,
} from './people';

/** dd.mm.yyyy as the daily-status table writes a day. */
const dayMonthYear = (isoDate: string) => isoDate.split('-').reverse().join('.');

/** Tomorrow at 10:00 (Israel) as a datetime-local control takes it. */
function tomorrowAtTen() {
  const tomorrow = new Date(`${todayIsrael()}T12:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  return `${tomorrow.toISOString().slice(0, 10)}T10:00`;
}

/** axe at every impact, on a phone and on a desktop; screenshots at phone width. */
async function bothWidths(
  page: Page,
  name: string,
  shot: (name: string) => Promise<void>,
  checkA11y: (options?: { allImpacts?: boolean }) => Promise<void>,
) {
  await page.setViewportSize(PHONE);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await shot(`${name} phone`);
  await checkA11y({ allImpacts: true });
  await page.setViewportSize(DESKTOP);
  await checkA11y({ allImpacts: true });
}

/** An agent with a property of its own, and the visitor's inquiry about it (sent through the property page). */
async function inquiryForNewAgent(page: Page, signInAs: (who: 'admin' | 'agent') => Promise<void>) {
  await signInAs('admin');
  const agent = await createPerson(page.request, 'agent');
  const address = `התאנה ${hebrewTag()}`;
  const propertyId = await createProperty(page.request, {
    address,
    agent: agent.id,
    rooms: 3,
    size: 80,
    floor: '1',
  });
  await page.context().clearCookies();
  const visitor = `משפחת ${hebrewTag()}`;
  await page.goto(`/PropertyView/${propertyId}`);
  const form = page.getByRole('region', { name: 'מתעניינים בנכס?' });
  await form.getByLabel('שם').fill(visitor);
  await form
    .getByLabel('טלפון נייד')
    .fill(`054-${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`);
  await form.getByLabel('הודעה (לא חובה)').fill('אפשר לתאם ביקור?');
  await form.getByRole('button', { name: 'שליחת פנייה' }).click();
  await expectToast(page, 'הפנייה נשלחה! הסוכן יחזור אליכם בהקדם.');
  return { agent, address, visitor };
}

async function signInThroughForm(page: Page, person: Person) {
  await page.goto('/Login');
  await page.getByLabel('כתובת מייל').fill(person.email);
  await page.getByLabel('סיסמה').fill(person.password);
  await page.getByRole('button', { name: 'התחברות' }).click();
}

test('from a visitor inquiry to a buyer tour in the agent indicators, the CSV and the office response time', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  const { agent, address, visitor } = await inquiryForNewAgent(page, signInAs);

  // The listing agent signs in and lands on "היום שלי" with the new lead.
  await page.setViewportSize(PHONE);
  await signInThroughForm(page, agent);
  await expect(page).toHaveURL(/\/MyDay$/);
  const fresh = page.getByRole('region', { name: /^לידים חדשים/ });
  const card = fresh.getByRole('article', { name: visitor });
  await expect(card).toContainText(address);
  await expect(card.getByRole('link', { name: `חיוג אל ${visitor}` })).toHaveAttribute(
    'href',
    /^tel:(\+972|0)5\d{8}$/,
  );
  await expect(card.getByRole('link', { name: `וואטסאפ אל ${visitor}` })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/9725\d{8}$/,
  );
  await bothWidths(page, 'my day', shot, checkA11y);

  // The lead page: the reason it is this agent's, then a call logged in two taps.
  await page.setViewportSize(PHONE);
  await card.getByRole('link', { name: visitor, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `ליד: ${visitor}` })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^הסוכן של הנכס$/ })).toBeVisible();
  const log = page.getByRole('region', { name: 'רישום פעילות' });
  await log.getByRole('button', { name: 'שיחה' }).click();
  await log.getByRole('button', { name: 'רישום', exact: true }).click();
  await expectToast(page, 'נרשם: שיחה');
  const timeline = page.getByRole('region', { name: 'ציר הזמן' });
  await expect(timeline.getByRole('listitem').filter({ hasText: /^שיחה/ })).toHaveCount(1);
  // The first contact stops the response clock and the lead is contacted.
  await expect(page.getByText(/זמן תגובה:/)).toBeVisible();

  // To "נקבעה פגישה", with a next touch tomorrow at 10:00.
  const stage = page.getByRole('region', { name: 'שלב' });
  await stage.getByLabel('שלב').selectOption({ label: 'נקבעה פגישה' });
  await stage.getByRole('button', { name: 'עדכון שלב' }).click();
  await expectToast(page, `הליד של ${visitor} הועבר לנקבעה פגישה`);
  const next = page.getByRole('region', { name: 'מגע הבא (שעון ישראל)' });
  await next.getByLabel('מגע הבא (שעון ישראל)').fill(tomorrowAtTen());
  await next.getByRole('button', { name: 'קביעה' }).click();
  await expectToast(page, 'המגע הבא נקבע');

  // A buyer tour: it counts one point in the daily indicators.
  await log.getByRole('button', { name: 'סיור קונים' }).click();
  await log.getByLabel('הערה (לא חובה)').fill('ביקור עם שני הילדים');
  await log.getByRole('button', { name: 'רישום', exact: true }).click();
  await expectToast(page, 'נרשם: סיור קונים');
  const tour = timeline.getByRole('listitem').filter({ hasText: /^סיור קונים/ });
  await expect(tour).toContainText('נקודה אחת במדדים');
  await expect(tour).toContainText('ביקור עם שני הילדים');
  await bothWidths(page, 'lead page', shot, checkA11y);

  // The tour is in the agent's daily status (marked as from a lead) and in the ranking.
  await page.goto('/PersonalIndicator');
  const daily = page.getByRole('table', { name: 'סטטוס יומי' });
  const today = daily.getByRole('row').filter({ hasText: dayMonthYear(todayIsrael()) });
  await expect(today).toHaveCount(1);
  await expect(today).toContainText('כולל פעילות אחת בליד');
  await expect(today).toContainText('מתוכם אחד מפעילות');
  const { year, month } = thisMonth();
  const board = await page.request.get(`/api/v1/indicators/scoreboard?year=${year}&month=${month}`);
  const entry = (await board.json()).data.find((e: { agentId: string }) => e.agentId === agent.id);
  expect(entry.totalScore).toBe(1);
  await page.goto('/ScoreBoard');
  await expect(page.getByText(agent.name).first()).toBeVisible();

  // The table with its CSV: Hebrew headers and the lead, read with a CSV parser.
  await page.setViewportSize(DESKTOP);
  await page.goto('/Leads?view=table');
  const row = page.getByRole('row', { name: new RegExp(visitor) });
  await expect(row).toContainText('נקבעה פגישה');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'ייצוא ל-CSV' }).click();
  const file = await (await downloading).path();
  const text = readFileSync(file, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const records: string[][] = parse(text, { bom: true });
  expect(records[0]).toEqual(expect.arrayContaining(['שם', 'טלפון', 'סטטוס', 'סוכן מטפל', 'נכס']));
  const csvRow = records.find((r) => r.includes(visitor));
  expect(csvRow).toBeDefined();
  expect(csvRow).toContain('נקבעה פגישה');
  expect(csvRow).toContain(agent.name);
  await bothWidths(page, 'leads table', shot, checkA11y);

  // On a phone the table is cards: property, message and agent with no sideways scrolling.
  await page.setViewportSize(PHONE);
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);

  // The admin sees the agent's response time in office performance.
  await signInAs('admin');
  await page.setViewportSize(DESKTOP);
  await page.goto('/Performance');
  const leadsTable = page.getByRole('table', { name: /לידים לפי סוכן/ });
  const agentRow = leadsTable.getByRole('row', { name: new RegExp(agent.name) });
  await expect(agentRow.getByRole('cell').first()).toHaveText('1');
  // Median and p90 response times are figures, not '—', once the lead was contacted.
  await expect(agentRow.getByRole('cell').nth(1)).toHaveText(/\d/);
  await checkA11y({ allImpacts: true });
});

test('the board is worked by keyboard alone: the "העבר ל…" menu and the drag handle', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  const { agent, visitor } = await inquiryForNewAgent(page, signInAs);
  await signInAsPerson(page, agent);
  await page.setViewportSize(DESKTOP);
  await page.goto('/Leads');
  const column = (name: string) => page.getByRole('listitem', { name: new RegExp(`^${name} \\(`) });
  await expect(column('חדש').getByRole('article', { name: visitor })).toBeVisible();
  // The board with the new card on a phone (the stages stacked, nothing sideways) and on a desktop.
  await bothWidths(page, 'board', shot, checkA11y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);

  // The menu: Enter opens it on its first stage, Tab walks the stages, Enter moves.
  const menu = page.getByRole('button', { name: `העברת הליד של ${visitor} לשלב אחר` });
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'נוצר קשר', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expectToast(page, `הליד של ${visitor} הועבר לנקבעה פגישה`);
  await expect(column('נקבעה פגישה').getByRole('article', { name: visitor })).toBeVisible();
  // The focus stays with the card in its new column.
  await expect(menu).toBeFocused();

  // The drag handle: Space lifts, an arrow carries it to the next column on screen (on the left in Hebrew),
  // Space drops it there.
  const handle = page.getByRole('button', { name: `גרירת הליד של ${visitor}` });
  // Each step waits for what a screen reader hears (the board's live region) before the next key.
  const heard = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(heard).toContainText(`הליד של ${visitor} הורם`);
  await page.keyboard.press('ArrowLeft');
  await expect(heard).toContainText(`הליד של ${visitor} מעל סיור/ביקור בנכס`);
  await page.keyboard.press('Space');
  await expectToast(page, `הליד של ${visitor} הועבר לסיור/ביקור בנכס`);
  await expect(column('סיור/ביקור בנכס').getByRole('article', { name: visitor })).toBeVisible();

  // "לא רלוונטי" asks for the reason first.
  await menu.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'לא רלוונטי', exact: true }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `העברת הליד של ${visitor} ללא רלוונטי` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('סיבה').selectOption({ label: 'לא עונה' });
  await dialog.getByRole('button', { name: 'העברה' }).press('Enter');
  await expect(column('לא רלוונטי').getByRole('article', { name: visitor })).toBeVisible();

  const lead = await page.request.get(`/api/v1/pipeline/leads?q=${encodeURIComponent(visitor)}`);
  const [summary] = (await lead.json()).data.leads;
  expect(summary.status).toBe('lost');
  expect(summary.lossReason).toBe('noAnswer');
  await bothWidths(page, 'board after the moves', shot, checkA11y);
});

test('an agent adds a lead by hand; the admin pages of the pipeline pass axe at both widths', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('admin');
  const agent = await createPerson(page.request, 'agent');
  await signInAsPerson(page, agent);
  await page.goto('/NewLead');
  await page.getByRole('button', { name: 'הוספת הליד' }).click();
  await expect(page.getByText('יש להזין שם')).toBeVisible();
  await bothWidths(page, 'new lead refused', shot, checkA11y);
  const name = `פונה ${hebrewTag()}`;
  await page.getByLabel('שם').fill(name);
  await page.getByLabel('טלפון נייד').fill('052-7654321');
  await page.getByLabel('סוג פנייה').selectOption('מוכר');
  await page.getByRole('button', { name: 'הוספת הליד' }).click();
  await expectToast(page, 'הליד נוסף');
  await expect(page.getByRole('heading', { level: 1, name: `ליד: ${name}` })).toBeVisible();
  // Its owner and why: an agent's own lead.
  await expect(page.getByRole('definition').filter({ hasText: 'נוסף ידנית' })).toBeVisible();

  await signInAs('admin');
  await page.goto('/LeadSettings');
  await expect(page.getByRole('heading', { name: 'סדר כללי הניתוב' })).toBeVisible();
  await bothWidths(page, 'lead settings', shot, checkA11y);
  await page.goto('/Leads?view=mail');
  await expect(page.getByRole('heading', { name: /פניות על נכסים/ })).toBeVisible();
  await page.goto('/Inquiries');
  await expect(page).toHaveURL(/\/Leads$/);
});

test('a seller asks "כמה שווה הנכס שלי?" from the home page', async ({ page, shot, checkA11y }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'כמה שווה הנכס שלי? לבדיקת שווי' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'כמה שווה הנכס שלי?' })).toBeVisible();
  await page.getByRole('button', { name: 'לקבלת הערכת שווי' }).click();
  await expect(page.getByText('יש להזין שם')).toBeVisible();
  await bothWidths(page, 'valuation refused', shot, checkA11y);
  await page.getByLabel('שם').fill(`מוכר ${hebrewTag()}`);
  await page.getByLabel('טלפון נייד').fill('050-1112233');
  await page.getByLabel('עיר').fill('חיפה');
  await page.getByLabel('רחוב').fill('הנביאים');
  await page.getByLabel('מספר חדרים').fill('3.5');
  await page.getByLabel('גודל (מ"ר)').fill('90');
  await page.getByRole('button', { name: 'לקבלת הערכת שווי' }).click();
  await expectToast(page, /הבקשה התקבלה/);
  await expect(page.getByRole('button', { name: 'הבקשה נשלחה' })).toBeDisabled();
});
