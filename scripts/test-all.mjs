// `npm test`: unit, component and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the end-to-end tests in Chromium against the production build. Ends with `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });
let passed = 0;
let failed = 0;
const problems = [];

if (!process.env.TEST_DATABASE_URL) {
  console.info(
    'TEST_DATABASE_URL is not set: API tests run on PGlite only (CI also runs them on PostgreSQL).',
  );
}
// The order PDF's tests read it back with poppler's tools (a missing tool fails those tests by name).
if (run('node', ['scripts/ensure-pdf-tools.mjs']) !== 0) problems.push('could not install poppler-utils');
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]);
if (existsSync('test-results/vitest.json')) {
  const report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (report.numFailedTests === 0 && vitestStatus !== 0) problems.push('vitest exited with an error');
} else problems.push('vitest produced no report');

const e2eReady =
  run('node', ['scripts/ensure-browser.mjs']) === 0 && run('npm', ['run', 'build', '--silent']) === 0;
if (e2eReady) {
  const e2eStatus = run('npx', ['playwright', 'test']);
  if (existsSync('test-results/e2e-report.json')) {
    const report = JSON.parse(readFileSync('test-results/e2e-report.json', 'utf8'));
    const { stats } = report;
    passed += stats.expected;
    failed += stats.unexpected;
    // A test that passed only on a retry is flaky: it fails the run, by name (retries are 0, but a local
    // --retries must not hide one either). Each counts once, through `problems`.
    for (const title of flakyTitles(report)) problems.push(`flaky end-to-end test: ${title}`);
    if (stats.unexpected === 0 && e2eStatus !== 0) problems.push('playwright exited with an error');
  } else problems.push('playwright produced no report');
} else problems.push('could not prepare the end-to-end tests (browser or build)');

/** Titles of the tests Playwright's JSON report marks flaky (failed, then passed on a retry). */
function flakyTitles(report) {
  const titles = [];
  const visit = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((t) => t.status === 'flaky')) titles.push([...path, spec.title].join(' › '));
    }
    for (const child of suite.suites ?? []) visit(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, [suite.title]);
  return titles;
}

for (const problem of problems) console.error(`error: ${problem}`);
if (problems.length > 0) failed += problems.length;
console.info(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
