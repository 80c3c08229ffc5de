import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import type { Property } from '@shared/schemas/property';
import { expect, test } from './fixtures';

/**
 * First-load JavaScript, gzip as on the wire. The target of issue 26 is home <= 100 KB (issue 10: /Sale and the
 * property page <= 120 KB). React DOM alone is 66 KB and React Router with TanStack Query 41 KB, so the pages miss
 * it (docs/performance.md, "Public pages: first-load JavaScript"). These ceilings stop growth: the sizes after
 * the visitor alerts' phone-only path and the shared contact fields (26.11.2026: home 142.2, /Sale 145.5,
 * property 146.0 KB) plus about 2%. Admin-only code (the card's edit form and delete dialog) loads when used.
 * 29.11.2026: the network's pages (/Network, /Referrals: their routes, paths and navigation entries; the pages
 * themselves load when opened) brought /Sale to 148.0 and the property page to 149.1 KB: one more KB each.
 * 29.11.2026, issue 39's search filters (floor, amenities, entry, price per m², neighbourhood: their fields, URL
 * parsing and chips) add about 2.6 KB to /Sale (scripts/bundle-report.mjs: 143.1 -> 145.7 KB on the same build
 * machine), and 0.1-0.2 KB to home and the property page: /Sale's ceiling is 152 KB.
 * 29.11.2026, issue 35's viewing booking on the property page (its section, the form that posts and the slots'
 * query) and the search filters' shared limits (0.7 KB the page loads through the properties' API module) brought
 * the property page to 152.5 KB: its ceiling is 153 KB.
 * 29.11.2026, issue 38's "save search" before JavaScript (the form that posts on /Sale?save=1, its subscription
 * texts, contact fields and the saved search's sentence, rendered by the server so they cannot load later)
 * brought /Sale to 155.4 KB: its ceiling is 156 KB (a server-only page for it would give that back; not yet).
 * 29.11.2026, the staff sections of the property page (orders, exclusivity) load with their headings and texts
 * only for a signed-in user: the property page is 151.9 KB.
 * 30.11.2026, issue 39's map box (the 'search this area' filter in the URL and the saved search, checked by the
 * schemas the pages share; geo-box.ts, 0.3 KB as a chunk of its own) and the month statements' and shared
 * listings' routes brought /Sale to 156.7 and the property page to 153.0 KB: one more KB each.
 * 30.11.2026, issue 39's map: /Sale and /Rent carry only its toggle (a link kept in the URL) and the place the
 * map opens in (0.4 KB); MapLibre, its worker and the map's code load when the map is opened (docs/locations.md).
 * /Sale is 157.1 KB: its ceiling is 158 KB.
 */
const BUDGET_KB = { home: 145, sale: 158, property: 154 } as const;

async function firstLoadScripts(page: Page, path: string) {
  const urls = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.add(request.url());
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const sizes: [string, number][] = [];
  for (const url of urls) {
    const body = await (await page.request.get(url)).body();
    sizes.push([new URL(url).pathname, gzipSync(body, { level: 9 }).length]);
  }
  return sizes;
}

const kb = (sizes: [string, number][]) => sizes.reduce((sum, [, bytes]) => sum + bytes, 0) / 1024;

test('first-load JavaScript stays within the budgets', async ({ page }, testInfo) => {
  const search = await page.request.get('/api/v1/property/search?type=sale&page=1&pageSize=50');
  const property = ((await search.json()).data.items as Property[]).find((p) => p.photos.length)!;
  const pages = [
    ['home', '/'],
    ['sale', '/Sale'],
    ['property', `/PropertyView/${property._id}`],
  ] as const;
  const report: string[] = [];
  for (const [name, path] of pages) {
    const sizes = await firstLoadScripts(page, path);
    const total = kb(sizes);
    report.push(
      `${name} ${total.toFixed(1)} KB: ${sizes.map(([p, b]) => `${p} ${(b / 1024).toFixed(1)}`).join(', ')}`,
    );
    expect.soft(total, `${name}: ${sizes.map(([p]) => p).join(', ')}`).toBeLessThanOrEqual(BUDGET_KB[name]);
  }
  await testInfo.attach('first-load-js', { body: report.join('\n') });
  console.info(report.join('\n'));
});

test('the property page HTML holds its main photo with high priority and responsive sources', async ({
  page,
}) => {
  const search = await page.request.get('/api/v1/property/search?type=sale&page=1&pageSize=50');
  const property = ((await search.json()).data.items as Property[]).find((p) => p.photos.length)!;
  const html = await (await page.request.get(`/PropertyView/${property._id}`)).text();
  const main = /<img[^>]*fetchpriority="high"[^>]*>/i.exec(html)?.[0] ?? '';
  expect(main).toMatch(/srcset="[^"]+ 320w/i);
  expect(main).toMatch(/sizes="[^"]+"/i);
  expect(main).toMatch(/width="\d+"/);
  expect(main).toMatch(/height="\d+"/);
});
