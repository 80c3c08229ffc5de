import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectToast, test } from './fixtures';
import { createPerson, PHONE, settled, signInAsPerson, todayIsrael } from './people';

// The installed agents' app: the service worker and manifest, a daily entry made without a network, and the
// device forgetting a user's pages at sign-out. At phone width, as an agent holds it.

test.use({ viewport: PHONE });

/** Waits until the app's service worker controls the page and has kept the offline pages. */
async function appWorkerReady(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('app-pages')).keys()).length))
    .toBeGreaterThanOrEqual(5);
}

const rowsToday = async (request: APIRequestContext, agentId: string) => {
  const [year, month] = todayIsrael().split('-').map(Number);
  const res = await request.get(
    `/api/v1/indicators/filterByDate?agent=${agentId}&year=${year}&month=${month}&last7DaysOnly=false`,
  );
  expect(res.ok()).toBe(true);
  return (await res.json()).data.indicators as { meetings: number; deals: number }[];
};

async function newAgent(page: Page, signInAs: (who: 'admin') => Promise<void>) {
  await signInAs('admin');
  const agent = await createPerson(page.request, 'agent');
  await signInAsPerson(page, agent);
  return agent;
}

test('the app installs: its worker registers, and Chromium finds the manifest valid and the app installable', async ({
  page,
  signInAs,
  shot,
  checkA11y,
}) => {
  await newAgent(page, signInAs);
  await page.goto('/AgentProfile');
  await settled(page);
  await appWorkerReady(page);

  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's browser contexts are incognito profiles, where Chromium never offers an install: that is the
  // one reason it may give. Anything about the manifest, the icons, the worker or the page would be listed too.
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);

  await expect(page.getByRole('heading', { name: 'האפליקציה במסך הבית' })).toBeVisible();
  await expect(page.getByText('להקיש על כפתור השיתוף (ריבוע עם חץ למעלה)')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'התראות לטלפון' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'פנייה חדשה שהועברה אליי' })).toBeChecked();
  await shot('profile with the install hint and notifications');
  await checkA11y({ allImpacts: true });

  // The bottom bar: within thumb's reach, its tabs at least 44 px, the menu tab opens every link.
  const bar = page.getByRole('navigation', { name: 'ניווט מהיר' });
  await expect(bar.getByRole('link', { name: 'סטטוס יומי' })).toBeVisible();
  for (const tab of await bar.getByRole('link').all()) {
    const box = (await tab.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The worker itself is never kept by an HTTP cache: an update reaches the phones on their next visit.
  expect((await page.request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');

  // A public page carries no manifest: the worker and the app belong to the signed-in area.
  await page.goto('/Sale');
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
});

test('a daily entry made offline waits on the device, is sent once when the network is back, and counts in the ranking', async ({
  page,
  context,
  signInAs,
  shot,
  checkA11y,
}) => {
  const agent = await newAgent(page, signInAs);
  await page.goto('/DailyIndicator');
  await settled(page);
  await appWorkerReady(page);
  await expect(page.getByLabel('פגישות')).toHaveAttribute('inputmode', 'numeric');

  await context.setOffline(true);
  // The app opens without a network: the page comes from the device.
  await page.reload();
  await settled(page);
  await expect(page.getByText('אין חיבור לרשת.')).toBeVisible();
  await page.getByLabel('פגישות').fill('3');
  await page.getByLabel('עסקאות').fill('1');
  await page.getByRole('button', { name: 'שליחת סטטוס' }).click();
  await expectToast(page, 'אין חיבור: הסטטוס נשמר במכשיר ויישלח כשהחיבור יחזור.');
  const pending = page.getByRole('region', { name: 'רשומות במכשיר' });
  await expect(pending.getByText('ממתין לשליחה')).toBeVisible();
  await expect(pending.getByText('פגישות 3, עסקאות 1')).toBeVisible();
  await shot('offline entry waiting to be sent');
  await checkA11y({ allImpacts: true });
  expect(await rowsToday(page.request, agent.id)).toEqual([]);

  await context.setOffline(false);
  await expectToast(page, 'רשומה אחת שחיכתה במכשיר נשלחה.');
  await expect(pending).toHaveCount(0);
  const rows = await rowsToday(page.request, agent.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ meetings: 3, deals: 1 });
  await shot('sent after the network came back');

  await page.getByRole('navigation', { name: 'ניווט מהיר' }).getByRole('link', { name: 'דירוג' }).click();
  await settled(page);
  // 3 meetings (1 each) and a deal (5): 8 points.
  await expect(page.getByText(agent.name).first()).toBeVisible();
  const entry = page
    .locator('li, figure, div')
    .filter({ hasText: agent.name })
    .filter({ hasText: '8' })
    .first();
  await expect(entry).toBeVisible();
  await shot('ranking with the entry');
  expect(await rowsToday(page.request, agent.id)).toHaveLength(1);
});

test('signing out empties the pages and answers the device kept for the user', async ({
  page,
  signInAs,
  shot,
}) => {
  await newAgent(page, signInAs);
  await page.goto('/ScoreBoard');
  await settled(page);
  await appWorkerReady(page);
  // Now under the worker: this visit's answers are kept on the device too.
  await page.reload();
  await settled(page);
  const kept = () =>
    page.evaluate(async () => {
      const names = await caches.keys();
      let entries = 0;
      for (const name of names.filter((n) => n === 'app-pages' || n === 'app-data')) {
        entries += (await (await caches.open(name)).keys()).length;
      }
      return entries;
    });
  await expect.poll(kept).toBeGreaterThan(5);

  await page.getByRole('button', { name: 'תפריט האזור האישי' }).click();
  const drawer = page.getByRole('dialog', { name: 'ניווט האזור האישי' });
  await drawer.getByRole('button', { name: 'התנתקות' }).click();
  await expectToast(page, 'התנתקת בהצלחה');
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(kept).toBe(0);
  await shot('signed out');
});

test('the day and a lead read offline with their time, and an activity logged offline is sent once', async ({
  page,
  context,
  signInAs,
  shot,
  checkA11y,
}) => {
  await newAgent(page, signInAs);
  const name = `ליד מהשטח ${Date.now()}`;
  const created = await page.request.post('/api/v1/pipeline/leads', {
    data: { name, phone: `054${String(Date.now()).slice(-7)}`, category: 'קונה' },
  });
  expect(created.status()).toBe(201);
  const leadId = (await created.json()).data.lead._id as string;
  const callsOnLead = async () => {
    const res = await page.request.get(`/api/v1/pipeline/leads/${leadId}`);
    expect(res.ok()).toBe(true);
    return ((await res.json()).data.lead.timeline as { kind: string; occurredAt: string }[]).filter(
      (e) => e.kind === 'call',
    );
  };

  await page.goto('/MyDay');
  await settled(page);
  await appWorkerReady(page);
  // Under the worker now: the day and the lead are kept on the device as they are read.
  await page.reload();
  await settled(page);
  await expect(page.getByText(name).first()).toBeVisible();
  await page.goto(`/Leads/${leadId}`);
  await settled(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);

  await context.setOffline(true);
  await page.goto('/MyDay');
  await settled(page);
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByText(/מוצגים הנתונים שנשמרו במכשיר, מעודכנים ל־/)).toBeVisible();
  await shot('agent day offline');

  await page.goto(`/Leads/${leadId}`);
  await settled(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.getByText(/מוצגים הנתונים שנשמרו במכשיר, מעודכנים ל־/)).toBeVisible();
  const log = page.getByRole('region', { name: 'רישום פעילות' });
  await log.getByRole('button', { name: 'שיחה', exact: true }).click();
  const loggedFrom = Date.now();
  await log.getByRole('button', { name: 'רישום', exact: true }).click();
  await expectToast(page, 'אין חיבור: הפעילות נשמרה במכשיר ותישלח כשהחיבור יחזור.');
  const loggedUntil = Date.now();
  const pending = page.getByRole('region', { name: 'פעילויות שנשמרו במכשיר' });
  await expect(pending.getByText('ממתין לשליחה')).toBeVisible();
  await shot('offline activity waiting to be sent');
  await checkA11y({ allImpacts: true });
  expect(await callsOnLead()).toEqual([]);

  await context.setOffline(false);
  await expectToast(page, 'רשומה אחת שחיכתה במכשיר נשלחה.');
  await expect(pending).toHaveCount(0);
  const [sent] = await callsOnLead();
  // Dated when the agent logged it on the device, not when the network came back.
  const occurredAt = new Date(sent!.occurredAt).getTime();
  expect(occurredAt).toBeGreaterThanOrEqual(loggedFrom);
  expect(occurredAt).toBeLessThanOrEqual(loggedUntil);
  await page.reload();
  await settled(page);
  await expect(pending).toHaveCount(0);
  expect(await callsOnLead()).toHaveLength(1);
});
