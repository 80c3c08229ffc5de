import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// One port and one fresh data folder per run, chosen once in the runner and inherited by its workers.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
const port = Number(process.env.E2E_PORT);
// A real SMTP server (e2e/mail-catcher.ts) receives what the server under test mails.
process.env.E2E_SMTP_PORT ??= String(port + 1);
process.env.E2E_MAIL_DIR ??= `.tmp/e2e-mail-${port}`;
const baseURL = `http://localhost:${port}`;
const systemChromium = '/usr/bin/chromium';
/** Where reports and screenshots go; separate folders let several runs share one checkout. */
const results = process.env.E2E_RESULTS ?? 'test-results';

/** Playwright's own Chromium when installed, else Debian's. */
function launchOptions() {
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ];
  return process.env.E2E_BUNDLED_BROWSER !== '1' && existsSync(systemChromium)
    ? { executablePath: systemChromium, args }
    : { args };
}

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/mail-catcher.ts',
  outputDir: `${results}/e2e`,
  fullyParallel: false,
  workers: 1,
  // No retries: a test that passes only on a second try is a flaky test, and it must fail the run.
  retries: 0,
  // Generous ceilings (they never slow a passing test): journeys must pass on a busy 2-core machine.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: `${results}/e2e-report.json` }]],
  use: {
    baseURL,
    locale: 'he-IL',
    timezoneId: 'Asia/Jerusalem',
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: launchOptions(),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: launchOptions() } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      // The journeys run on a machine that is busy by design (parallel workers, other checkouts); shedding load
      // when the loop lags would turn that into 503s. The bound has its own API test and benchmark.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_REQUEST_WAIT_MS: '0',
      // Buyers' alerts: looked for every second, and sent whatever the day and hour (a journey that runs on a
      // Friday afternoon must still see its alert arrive); docs/alerts.md.
      ALERTS_JOB_INTERVAL_MS: '1000',
      ALERTS_SEND_ANYTIME: 'true',
      // The search's map: its style and tiles are served by the journeys themselves (e2e/map-tiles.ts).
      MAP_STYLE_URL: 'https://map-style.test/style.json',
    },
  },
});
