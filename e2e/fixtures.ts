import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'demo1234' },
  agent: { email: 'agent@example.com', password: 'demo1234' },
  /** A network admin: every branch (docs/decisions/0032). */
  network: { email: 'network@example.com', password: 'demo1234' },
  /** The Haifa franchisee: an admin of the Haifa branch only. */
  haifa: { email: 'haifa@example.com', password: 'demo1234' },
} as const;

type Fixtures = {
  /** Saves a named screenshot of the current page under test-results/screens. */
  shot: (name: string) => Promise<void>;
  /** Fails on any serious or critical axe-core violation of the current page (any impact with allImpacts). */
  checkA11y: (options?: { allImpacts?: boolean }) => Promise<void>;
  /** Signs in through the API (cookie shared with the page). */
  signInAs: (who: keyof typeof DEMO) => Promise<void>;
  /** Every page error and console.error of the test (it fails the test unless the test empties it). */
  consoleProblems: string[];
};

/** The browser's own line for a request that answered 4xx/5xx (an expected 4xx is part of the behaviour under test). */
const isNetworkStatusLine = (text: string) => text.startsWith('Failed to load resource');

export const test = base.extend<Fixtures>({
  // A server-rendered page shows its content before React takes it over, and ignores typing until then:
  // every load waits for the app's ready mark (src/web/app/ready-mark.tsx) before the test goes on.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled === false) {
      // Without JavaScript the server's HTML is the whole page: nothing to wait for.
      await use(page);
      return;
    }
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const ready = () => page.locator('html[data-ready]').waitFor({ state: 'attached' });
    page.goto = async (...args) => {
      const response = await goto(...args);
      await ready();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await ready();
      return response;
    };
    await use(page);
  },
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !isNetworkStatusLine(message.text())) {
          problems.push(`console.error: ${message.text()}`);
        }
      });
      await use(problems);
      expect(problems, 'page errors and console.error calls').toEqual([]);
    },
    { auto: true },
  ],
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
      // A toast fading in or out is half transparent, and axe would measure its text against the blend.
      // Hold the toasts still while axe runs (react-toastify pauses its timers when the window loses the
      // focus), after any fade under way has ended; then let them go on.
      await page.evaluate(() => window.dispatchEvent(new Event('blur')));
      await expect(page.locator('.Toastify--animate')).toHaveCount(0);
      const results = await new AxeBuilder({ page }).analyze();
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
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
