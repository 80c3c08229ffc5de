import type { Page } from '@playwright/test';
import { createProperty, unique, userId } from './data';
import { expect, expectToast, test } from './fixtures';
import { DESKTOP, PHONE, settled } from './people';

// The network's branches (issue 33): the Haifa franchisee sees her branch only, everywhere; a network admin adds
// a branch with its licensed broker and edits it. At phone and desktop width, by keyboard, axe clean.

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

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`branches at ${size} width`, () => {
    test.use({ viewport });

    test('the Haifa franchisee sees only the Haifa branch, its people and its leads', async ({
      page,
      signInAs,
      shot,
      checkA11y,
    }) => {
      const tag = unique();
      // The network admin files two leads of this test: one worked in Tel Aviv, one in Haifa.
      await signInAs('network');
      const owners = {
        telAviv: await userId(page.request, 'agent@example.com'),
        haifa: await userId(page.request, 'itai@example.com'),
      };
      for (const [where, ownerId] of Object.entries(owners)) {
        const res = await page.request.post('/api/v1/pipeline/leads', {
          data: {
            name: `ליד ${where === 'haifa' ? 'חיפה' : 'תל אביב'} ${tag}`,
            phone: mobile(),
            category: 'קונה',
            ownerId,
          },
        });
        expect(res.status(), await res.text()).toBe(201);
      }

      await signInAs('haifa');
      await page.goto('/Branches');
      await settled(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('הסניף שלי');
      const cards = page.getByTestId('branch-card');
      await expect(cards).toHaveCount(1);
      await expect(cards.getByRole('heading', { name: 'סניף חיפה' })).toBeVisible();
      await expect(cards.getByText('אבי מזרחי · רישיון 3034567')).toBeVisible();
      // Read-only: nothing to add, edit or close.
      await expect(page.getByRole('button', { name: /סניף חדש|עריכת|סגירת/ })).toHaveCount(0);
      await checkA11y({ allImpacts: true });
      await shot('her branch');

      const labels = await navLabels(page, size === 'phone');
      expect(labels).toEqual(expect.arrayContaining(['סניפים', 'משתמשים']));
      expect(labels).not.toContain('הגדרות המשרד');
      expect(labels).not.toContain('יומן שינויים');

      await page.goto('/Users');
      await settled(page);
      const people = page.getByTestId('user-card');
      await expect(people.filter({ hasText: 'איתי גולן' })).toBeVisible();
      await expect(people.filter({ hasText: 'דנה לוי' })).toHaveCount(0);
      const branches = await page.getByTestId('user-branch').allInnerTexts();
      expect(branches.length).toBeGreaterThan(0);
      expect(new Set(branches)).toEqual(new Set(['סניף חיפה']));
      // Her form places people in her branch: no branch to choose, no network access to give.
      await page.getByRole('button', { name: 'משתמש חדש' }).click();
      await expect(page.getByLabel('שם מלא')).toBeVisible();
      await expect(page.getByLabel(/^סניף/)).toHaveCount(0);
      await page.getByLabel('הרשאה').selectOption('admin');
      await expect(page.getByLabel('גישה לכל הסניפים')).toHaveCount(0);
      await checkA11y({ allImpacts: true });
      await shot('her people');

      await page.goto(`/Leads?view=table&q=${tag}`);
      await settled(page);
      await expect(page.getByText(`ליד חיפה ${tag}`)).toBeVisible();
      await expect(page.getByText(`ליד תל אביב ${tag}`)).toHaveCount(0);
      // The network's mail view is not hers either.
      await expect(page.getByRole('link', { name: 'מיילים שנשלחו ומועמדויות לעבודה' })).toHaveCount(0);
      await checkA11y({ allImpacts: true });
      await shot('her leads');

      // Her branch's routing is hers: its cities and its own rules, never another branch's or the network's.
      await page.goto('/LeadSettings');
      await settled(page);
      await expect(page.getByRole('heading', { name: 'הערים בתחום סניף חיפה' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'הגדרות של' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'שמירת ההגדרות' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'שמירת הגדרות הסניף' })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'שמירת הזמינות של איתי גולן' })).toBeEnabled();
      await checkA11y({ allImpacts: true });
      await shot('her routing settings');

      // The network's pages explain rather than fail.
      await page.goto('/Settings');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('אין הרשאה');
      expect((await page.request.get('/api/v1/audit')).status()).toBe(403);
    });

    test('a network admin adds a branch with its broker, is told a bad licence number, and edits its hours', async ({
      page,
      signInAs,
      shot,
      checkA11y,
    }) => {
      const tag = unique();
      const name = `סניף בדיקה ${tag}`;
      await signInAs('network');
      await page.goto('/Branches');
      await settled(page);
      await expect(page.getByRole('heading', { name: 'סניף חיפה' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'משרד ראשי תל אביב' })).toBeVisible();

      // By keyboard: the add button opens the form on its first field.
      await page.getByRole('button', { name: 'סניף חדש' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByLabel(/שם הסניף/)).toBeFocused();
      await page.keyboard.type(name);
      await page.keyboard.press('Tab');
      await expect(page.getByLabel(/כתובת הדף באתר/)).toBeFocused();
      await page.keyboard.type(`test-${tag}`);
      await page.getByLabel('עיר').fill('נתניה');
      await page.getByLabel('כתובת', { exact: true }).fill('הרצל 1, נתניה');
      await page.getByLabel('טלפון').fill('09-8610000');
      await page.getByLabel('שעות פתיחה').fill('ימים א׳-ה׳, 9:00-17:00');
      await page.getByLabel('הישות המשפטית').fill(`נתניה נכסים ${tag} בע"מ`);
      await page.getByRole('button', { name: 'הוספת מתווך' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('שם המתווך 1')).toBeFocused();
      await page.keyboard.type('מתווכת הסניף');
      await page.getByLabel('מספר הרישיון של מתווך 1').fill('12-AB');
      await page.getByRole('button', { name: 'שמירה' }).click();
      const licence = page.getByLabel('מספר הרישיון של מתווך 1');
      await expect(licence).toHaveAccessibleDescription('מספר רישיון: ספרות בלבד, עד 10');
      await expect(licence).toBeFocused();
      await checkA11y({ allImpacts: true });
      await shot('bad licence');

      await licence.fill('4045678');
      await licence.press('Enter');
      await expectToast(page, 'הסניף נוסף');
      const card = page.getByTestId('branch-card').filter({ has: page.getByRole('heading', { name }) });
      await expect(card).toBeVisible();
      await expect(card.getByText('מתווכת הסניף · רישיון 4045678')).toBeVisible();
      await expect(card.getByText('פעיל', { exact: true })).toBeVisible();

      await card.getByRole('button', { name: `עריכת ${name}` }).click();
      await expect(page.getByRole('heading', { name: `עריכת ${name}` })).toBeVisible();
      await expect(page.getByLabel('שם המתווך 1')).toHaveValue('מתווכת הסניף');
      await page.getByLabel('שעות פתיחה').fill('ימים א׳-ה׳, 8:00-20:00, ו׳ 9:00-13:00');
      await page.getByRole('button', { name: 'שמירה' }).click();
      await expectToast(page, 'פרטי הסניף נשמרו');
      await expect(card.getByText('ימים א׳-ה׳, 8:00-20:00, ו׳ 9:00-13:00')).toBeVisible();
      await checkA11y({ allImpacts: true });
      await shot('branch listed');

      // Stored as shown.
      const stored = (await (await page.request.get('/api/v1/branches')).json()).data.branches as {
        name: string;
        openingHours: string;
        brokers: unknown[];
      }[];
      expect(stored.find((b) => b.name === name)).toMatchObject({
        openingHours: 'ימים א׳-ה׳, 8:00-20:00, ו׳ 9:00-13:00',
        brokers: [{ name: 'מתווכת הסניף', licenceNumber: '4045678' }],
      });

      // The new branch is a choice for a new person.
      await page.goto('/Users');
      await settled(page);
      await page.getByRole('button', { name: 'משתמש חדש' }).click();
      await expect(page.getByLabel(/^סניף/).getByRole('option', { name })).toHaveCount(1);
      // Network access is an admin's only.
      await expect(page.getByLabel('גישה לכל הסניפים')).toHaveCount(0);
      await page.getByLabel('הרשאה').selectOption('admin');
      await expect(page.getByLabel('גישה לכל הסניפים')).not.toBeChecked();
      await checkA11y({ allImpacts: true });
      await shot('placing a person');
    });

    test('a Haifa manager finds a Tel Aviv listing shared with the network, with its office and agent to call', async ({
      page,
      signInAs,
      shot,
      checkA11y,
    }) => {
      const address = `הנרייטה סולד ${unique()}`;
      // The network admin lists a Tel Aviv property for its agent and shares it with the network.
      await signInAs('network');
      const agentId = await userId(page.request, 'agent@example.com');
      const id = await createProperty(page.request, { address, city: 'תל אביב-יפו', agent: agentId });
      const shared = await page.request.put(`/api/v1/property/${id}/network`, { data: { shared: true } });
      expect(shared.status(), await shared.text()).toBe(200);

      await signInAs('haifa');
      await page.goto('/StaffProperties?which=own');
      await settled(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('נכסי הסניף והרשת');
      await expect(page.getByRole('link', { name: address })).toHaveCount(0);
      // By keyboard: the choice is a radio group; the next one is the network's shared listings.
      await page.getByRole('radio', { name: 'של הסניף' }).focus();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('radio', { name: 'משותפים מהרשת' })).toBeChecked();
      await expect(page).toHaveURL(/\?which=shared$/);
      const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: address }) });
      await expect(card).toContainText('נכס משותף · משרד ראשי תל אביב');
      await expect(card.getByRole('link', { name: /התקשרות אל דנה לוי/ })).toHaveAttribute('href', /^tel:/);
      await expect(card.getByRole('link', { name: /משרד ראשי תל אביב/ })).toHaveAttribute('href', /^tel:/);
      await checkA11y({ allImpacts: true });
      await shot('shared listings');
      // Its page opens from the card, read-only for her.
      await card.getByRole('link', { name: address }).click();
      await expect(page).toHaveURL(new RegExp(`/PropertyView/${id}$`));
    });
  });
}
