// Makes sure poppler's command-line tools (pdftotext, pdffonts, pdfimages, pdftoppm) exist: the tests of the signed
// order's PDF read it back with them, as a lawyer's office or a court expert would. Installed from Debian's
// poppler-utils when missing and running as root, the way scripts/ensure-browser.mjs installs Chromium.
import { execSync, spawnSync } from 'node:child_process';

const has = () => spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).status === 0;

if (!has()) {
  if (process.getuid?.() !== 0) {
    console.error(
      'No pdftotext found. Install Debian\'s "poppler-utils" package (apt-get install poppler-utils) and run again.',
    );
    process.exit(1);
  }
  console.info('installing poppler-utils from Debian packages...');
  // Several checkouts may start at once on a fresh machine: one installs while the others wait (flock).
  const apt = 'apt-get -o DPkg::Lock::Timeout=600 -qq';
  execSync(
    `flock /tmp/link-ensure-pdf-tools.lock sh -c 'command -v pdftotext >/dev/null || (${apt} update && DEBIAN_FRONTEND=noninteractive ${apt} install -y poppler-utils)'`,
    { stdio: 'inherit' },
  );
  if (!has()) process.exit(1);
}
