import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'demo1234' },
  agent: { email: 'agent@example.com', password: 'demo1234' },
} as const;

type Fixtures = {
  /** Saves a named screenshot of the current page under test-results/screens. */
  shot: (name: string) => Promise<void>;
  /** Fails on any serious or critical axe-core violation of the current page (any impact with allImpacts). */
  checkA11y: (options?: { allImpacts?: boolean }) => Promise<void>;
  /** Signs in through the API (cookie shared with the page). */
  signInAs: (who: keyof typeof DEMO) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  shot: async ({ page }, use, testInfo) => {
    let step = 0;
    await use(async (name) => {
      step += 1;
      const file = `${testInfo.titlePath.slice(1).join(' - ')} ${String(step).padStart(2, '0')} ${name}`
        .replace(/[^\p{L}\p{N} -]+/gu, '_')
        .slice(0, 150);
      await page.screenshot({
        path: `${process.env.E2E_RESULTS ?? 'test-results'}/screens/${file}.png`,
        fullPage: true,
      });
    });
  },
  checkA11y: async ({ page }, use) => {
    await use(async (options) => {
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter(
        (v) => options?.allImpacts || v.impact === 'serious' || v.impact === 'critical',
      );
      expect(
        serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
      ).toEqual([]);
    });
  },
  signInAs: async ({ page }, use) => {
    await use(async (who) => {
      const res = await page.request.post('/api/v1/users/login', { data: DEMO[who] });
      expect(res.status()).toBe(200);
    });
  },
});

export { expect };

export async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.locator('.Toastify').getByText(text)).toBeVisible();
}
