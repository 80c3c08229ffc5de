// Makes sure a Chromium exists for the end-to-end tests: Playwright's own, or Debian's (installed when root).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const hasBundled = (() => {
  try {
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
})();

if (!hasBundled && !existsSync('/usr/bin/chromium')) {
  if (process.getuid?.() !== 0) {
    console.error(
      'No Chromium found. Install Debian\'s "chromium" package (apt-get install chromium) and run again.',
    );
    process.exit(1);
  }
  console.info('installing Chromium and fonts from Debian packages...');
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core fonts-noto-color-emoji',
    {
      stdio: 'inherit',
    },
  );
}
