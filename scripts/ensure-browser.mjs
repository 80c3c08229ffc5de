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
  // Several checkouts may start their tests at once on a fresh machine: one installs while the others wait for
  // it (flock) and then find the browser there; apt itself also waits for a lock held by anything else.
  const apt = 'apt-get -o DPkg::Lock::Timeout=600 -qq';
  execSync(
    `flock /tmp/link-ensure-browser.lock sh -c 'test -x /usr/bin/chromium || (${apt} update && DEBIAN_FRONTEND=noninteractive ${apt} install -y chromium fonts-noto-core fonts-noto-color-emoji)'`,
    { stdio: 'inherit' },
  );
}
