import type { Page } from '@playwright/test';
import { createProperty } from './data';
import { expect, expectToast, test } from './fixtures';
import { addDailyStatus, createPerson, DESKTOP, hebrewTag, PHONE, setGoal } from './people';

/** Where the keyboard focus is: the focused element's tag, accessible-ish label and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      tag: el?.tagName.toLowerCase(),
      text: el?.textContent?.trim(),
      label:
        el?.getAttribute('aria-label') ?? (el as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim(),
    };
  });

/** A street of the test's own (a random Hebrew name), so the listing shows only its property. */
const street = () => `הדקל ${hebrewTag()}`;

test('an admin edits and deletes a property by keyboard: the focus enters the form, Escape leaves it', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('admin');
  const address = `${street()} ${100 + Math.floor(Math.random() * 900)}`;
  const id = await createProperty(page.request, { city: 'עכו', address, price: 1_234_500 });
  await page.goto(`/Sale?city=${encodeURIComponent('עכו')}&street=${encodeURIComponent(address)}`);
  const card = page.getByRole('article').filter({ hasText: address });
  const edit = card.getByRole('button', { name: 'עריכה' });
  const form = page.getByRole('form', { name: `עריכת הנכס ב${address}` });

  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await edit.focus();
    await page.keyboard.press('Enter');
    // The focus moves into the form, to its heading: the next Tab is the form's first field.
    await expect(form.getByRole('heading', { name: `עריכת הנכס ב${address}` })).toBeFocused();
    expect(await focused(page)).toMatchObject({ tag: 'h3', text: `עריכת הנכס ב${address}` });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'select', label: 'סוג עסקה' });
    await form.getByLabel('מחיר').fill('999000');
    await shot(`inline edit by keyboard ${width}`);
    await checkA11y();
    // Escape drops the change and gives the focus back to the edit button.
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
    await expect(edit).toBeFocused();
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'עריכה' });
    await expect(card.getByText('1,234,500')).toBeVisible();
  }

  // The delete button is the next stop; it asks in the app's own dialog, which Escape cancels.
  await page.setViewportSize(DESKTOP);
  await page.keyboard.press('Tab');
  const remove = card.getByRole('button', { name: 'מחיקה' });
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleDescription(`למחוק את הנכס ב${address}? לא ניתן לבטל פעולה זו.`);
  await expect(dialog.getByRole('button', { name: 'ביטול' })).toBeFocused();
  await shot('delete confirmation desktop');
  await checkA11y();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
  expect((await page.request.get(`/api/v1/property/${id}`)).status()).toBe(200);

  await page.setViewportSize(PHONE);
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'ביטול' })).toBeFocused();
  await shot('delete confirmation phone');
  await page.keyboard.press('Tab');
  expect(await focused(page)).toMatchObject({ tag: 'button', text: 'מחיקה' });
  await page.keyboard.press('Enter');
  await expectToast(page, 'הנכס נמחק בהצלחה');
  await expect(card).toHaveCount(0);
  // Deleted, so gone: 410 (an id never used stays 404).
  expect((await page.request.get(`/api/v1/property/${id}`)).status()).toBe(410);
});

test("the wizard by keyboard: each step's heading takes the focus, a refused one the first invalid field", async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await signInAs('admin');
  const agent = await createPerson(page.request, 'agent');
  const address = `${street()} 7`;
  const heading = (n: number) => page.getByRole('heading', { level: 2, name: new RegExp(`^שלב ${n}:`) });
  await page.goto('/NewProperty');

  // Step 1 without its deal type: Enter in a field is Continue, and the next step's heading has the focus.
  await page.getByLabel('עיר').fill('עכו');
  await page.getByLabel('כתובת').fill(address);
  await page.keyboard.press('Enter');
  await expect(heading(2)).toBeFocused();
  expect(await focused(page)).toMatchObject({ tag: 'h2', text: 'שלב 2: סוג הנכס' });
  await page.getByLabel('סוג נכס').selectOption('דירה');
  await page.getByRole('button', { name: 'המשך' }).focus();
  await page.keyboard.press('Enter');
  await expect(heading(3)).toBeFocused();
  // Back, by keyboard.
  await page.getByRole('button', { name: 'חזרה' }).focus();
  await page.keyboard.press('Enter');
  await expect(heading(2)).toBeFocused();
  // The step indicator, by keyboard.
  await page.getByRole('button', { name: /מחיר ותמונות/ }).focus();
  await page.keyboard.press('Enter');
  await expect(heading(5)).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await focused(page)).toMatchObject({ tag: 'textarea', label: 'תיאור' });
  await page.getByLabel('מחיר').fill('1500000');
  await page.getByLabel('מחיר').press('Enter');

  // Refused: the first invalid field, on the first step, takes the focus.
  await expect(heading(1)).toBeVisible();
  const deal = page.getByLabel('סוג עסקה');
  await expect(deal).toBeFocused();
  expect(await focused(page)).toMatchObject({ tag: 'select', label: 'סוג עסקה' });
  await expect(deal).toHaveAttribute('aria-invalid', 'true');
  await shot('wizard refused desktop');
  await checkA11y();
  await page.setViewportSize(PHONE);
  await shot('wizard refused phone');
  await page.setViewportSize(DESKTOP);

  await deal.selectOption('מכירה');
  await page.getByLabel('סוכן ראשי').selectOption(agent.id);
  await page.getByRole('button', { name: /מחיר ותמונות/ }).focus();
  await page.keyboard.press('Enter');
  await expect(heading(5)).toBeFocused();
  await page.getByRole('button', { name: 'סיום' }).focus();
  await page.keyboard.press('Enter');
  await expectToast(page, 'הנכס נוצר בהצלחה');
  await expect(page.getByRole('status').filter({ hasText: 'הנכס נשמר' })).toBeFocused();
  await page.setViewportSize(PHONE);
  await shot('wizard done phone');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(heading(1)).toBeFocused();

  const found = await page.request.get(
    `/api/v1/property/search?type=sale&city=${encodeURIComponent('עכו')}&street=${encodeURIComponent(address)}`,
  );
  const items = (await found.json()).data.items as { address: string; agent: { _id: string } | null }[];
  expect(items.map((p) => [p.address, p.agent?._id])).toEqual([[address, agent.id]]);
});

test('the charts read to assistive technology as Hebrew summaries of their figures', async ({
  page,
  signInAs,
  shot,
}) => {
  await signInAs('admin');
  const agent = await createPerson(page.request, 'agent');
  await setGoal(page.request, agent.id, { meetings: 12, deals: 2 });
  await addDailyStatus(page.request, agent.id, { meetings: 3, buyerTours: 2, deals: 1 });

  await page.goto(`/PersonalIndicator/${agent.id}`);
  const actualVsGoal = page.getByRole('figure', { name: 'בפועל מול יעד בחודש' }).getByRole('img');
  await expect(actualVsGoal).toHaveAccessibleName(
    'תרשים עמודות, בפועל מול יעד לכל מדד. פגישות: 3 בפועל, יעד 12; בלעדיות: 0 בפועל, יעד 0; ' +
      'עדכוני מחיר: 0 בפועל, יעד 0; סיורי קונים: 2 בפועל, יעד 0; הצעות מחיר: 0 בפועל, יעד 0; ' +
      'עסקאות: 1 בפועל, יעד 2.',
  );
  const daily = page.getByRole('figure', { name: 'פעילות יומית בחודש' }).getByRole('img');
  await expect(daily).toHaveAccessibleName(/^תרשים עמודות מוערמות.* יום אחד עם פעילות\. סך החודש: פגישות 3,/);
  await checkCharts(page, shot, 'personal');

  await page.goto('/Performance');
  const agents = page.getByRole('figure', { name: 'השוואת סוכנים: ניקוד החודש' }).getByRole('img');
  await expect(agents).toHaveAccessibleName(
    new RegExp(`^תרשים עמודות, ניקוד החודש לכל סוכן: .*${agent.name} \\d`),
  );
  await checkCharts(page, shot, 'office');
});

/**
 * Every chart of the page, to assistive technology: one image with a Hebrew name, nothing of the drawing
 * (legend, ticks, data keys) exposed, and no axe finding of any impact inside the figures; at both widths.
 */
async function checkCharts(page: Page, shot: (name: string) => Promise<void>, name: string) {
  const figures = page.getByRole('figure');
  await expect(figures.first()).toBeVisible();
  for (const figure of await figures.all()) {
    // The figure, its caption and one image: every name and text in Hebrew, no drawing inside.
    const snapshot = await figure.ariaSnapshot();
    const texts = [...snapshot.matchAll(/"([^"]*)"|text: (.*)$/gm)].map((m) => m[1] ?? m[2]);
    expect(texts.join(' '), snapshot).not.toMatch(/[A-Za-z]/);
    const shape = snapshot
      .replace(/"[^"]*"/g, '"…"')
      .replace(/text: .*/g, 'text: …')
      .replace(/'/g, '');
    expect(shape, snapshot).toBe('- figure "…":\n  - text: …\n  - img "…"');
  }
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page }).include('figure').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await shot(`${name} charts desktop`);
  await page.setViewportSize(PHONE);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.recharts-surface')].every(
      (chart) => chart.getBoundingClientRect().width <= window.innerWidth,
    ),
  );
  await shot(`${name} charts phone`);
  await page.setViewportSize(DESKTOP);
}
