import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { EMAILS, OLD_PASSWORDS, writeFixture } from '../src/server/modules/import/test-fixture';
import { expect, test } from './fixtures';

// Its own server: the fixture export imported into a fresh embedded database (no demo agency), then served.
const port = Number(process.env.E2E_PORT) + 2;
const origin = `http://localhost:${port}`;
const root = join(import.meta.dirname, '..');
const dataDir = join(root, '.tmp', `e2e-import-${port}`);
let server: ChildProcess | undefined;
let fixture: { dir: string; images: string };

test.use({ baseURL: origin });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  rmSync(dataDir, { recursive: true, force: true });
  fixture = await writeFixture();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    APP_ORIGIN: origin,
    PORT: String(port),
  };
  delete env.DATABASE_URL;
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/server/cli/import-mongo.ts',
      '--dir',
      fixture.dir,
      '--images-from',
      fixture.images,
    ],
    { cwd: root, env, stdio: 'inherit' },
  );
  server = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
    cwd: root,
    env: { ...env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_ROOT: join(root, 'dist/web') },
    stdio: 'inherit',
  });
  await expect
    .poll(
      () =>
        fetch(`${origin}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 120_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
  for (const dir of [fixture?.dir, fixture?.images]) if (dir) rmSync(dir, { recursive: true, force: true });
});

test('an imported agent signs in with the old password and sees the imported month', async ({
  page,
  shot,
  checkA11y,
}) => {
  await page.goto('/Login');
  await page.getByLabel('כתובת מייל').fill(EMAILS.yossi);
  await page.getByLabel('סיסמה').fill(OLD_PASSWORDS.yossi);
  await page.getByRole('button', { name: 'התחברות' }).click();
  // An agent lands on its day ("היום שלי"); its profile greets it by name.
  await expect(page).toHaveURL(/\/MyDay$/);
  await page.goto('/AgentProfile');
  await expect(page.getByRole('heading', { name: /יוסי סוכן/ })).toBeVisible();

  await page.goto('/PersonalIndicator');
  await page.getByLabel('שנה', { exact: true }).selectOption('2026');
  await page.getByLabel('חודש', { exact: true }).selectOption('3');
  await page.getByRole('button', { name: 'חיפוש נתונים' }).click();
  // March 2026 in the fixture: 3 + 4 meetings against a goal of 10; 1 deal against 2.
  const monthly = page.getByRole('table', { name: 'ביצועים חודשיים' });
  const meetings = monthly.getByRole('row', { name: /פגישות/ }).getByRole('cell');
  await expect(meetings.nth(0)).toHaveText('7');
  await expect(meetings.nth(1)).toHaveText('10');
  await expect(meetings.nth(2)).toContainText('70');
  const daily = page.getByRole('table', { name: 'סטטוס יומי' });
  await expect(daily.getByRole('row').filter({ hasText: '2.3.2026' })).toHaveCount(1);
  await expect(daily.getByRole('row').filter({ hasText: '15.3.2026' })).toHaveCount(1);
  await shot('imported month');
  await checkA11y();
});

test("the imported admin signs in with the old password and sees the import's summary", async ({
  page,
  shot,
  checkA11y,
  consoleProblems,
}) => {
  await page.goto('/Login');
  await page.getByLabel('כתובת מייל').fill(EMAILS.dana);
  await page.getByLabel('סיסמה').fill(OLD_PASSWORDS.dana);
  await page.getByRole('button', { name: 'התחברות' }).click();
  await expect(page).toHaveURL(/\/AgentProfile$/);
  await page.goto('/Settings');
  const summary = page.getByRole('region', { name: 'הייבוא האחרון מהמערכת הקודמת' });
  await expect(summary.getByRole('row', { name: /משתמשים/ })).toContainText('4');
  await expect(summary.getByText('הפניות למשתמשים לא מוכרים')).toBeVisible();
  await shot('last import');
  await checkA11y();
  // Known gap: an imported photo URL on the old host is kept (docs/migrating.md), but the CSP's img-src
  // blocks it, so the browser reports it; every other console error still fails this test.
  const blocked = (problem: string) =>
    problem.includes('cdn.old-host.example') && problem.includes('img-src');
  consoleProblems.splice(0, consoleProblems.length, ...consoleProblems.filter((p) => !blocked(p)));
});
