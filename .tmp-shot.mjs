import { chromium } from '@playwright/test';
const base = process.env.BASE;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const api = await (await browser.newContext()).request;
const list = await api.get(`${base}/api/v1/property?limit=3`);
const body = await list.json();
const items = body.data?.properties ?? body.data?.data ?? body.data ?? [];
const first = Array.isArray(items) ? items[0] : null;
const id = first?._id ?? first?.id;
console.log('property', id);
for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 900 }]]) {
  const page = await (await browser.newContext({ viewport, locale: 'he-IL', timezoneId: 'Asia/Jerusalem' })).newPage();
  await page.goto(`${base}/PropertyView/${id}`);
  await page.waitForLoadState('networkidle');
  const section = page.getByRole('region', { name: /ביקור/ }).first();
  if (await section.count()) await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/shots/property-${name}.png`, fullPage: false });
  const box = await section.count() ? await section.screenshot({ path: `/tmp/shots/booking-${name}.png` }) : null;
  console.log(name, 'section', await section.count());
}
await browser.close();
