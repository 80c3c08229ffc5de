import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BuildAppOptions } from '../app';
import { createTestApp } from '../test/test-app';

/** index.html as the build leaves it, reduced to what the page server fills in. */
export const TEST_TEMPLATE = `<!doctype html>
<html lang="he" dir="rtl">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="generic" />
    <title>generic</title>
    <script type="module" crossorigin src="/assets/index-test.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** A folder standing for the built web app: the template only. */
export function testWebRoot() {
  const webRoot = mkdtempSync(join(tmpdir(), 'web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), TEST_TEMPLATE);
  return webRoot;
}

/** The web app's server entry, as the tests render with it. */
export const testRenderer = () => import('@web/entry-server');

/** A test app serving pages rendered by the web app's server entry (no build needed). */
export async function createPagesApp(options: Omit<BuildAppOptions, 'database'> = {}) {
  return createTestApp({ webRoot: testWebRoot(), renderer: testRenderer, ...options });
}
