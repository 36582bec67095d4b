import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

// The browser tests use Debian's chromium (playwright's own download cannot work here).
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Installs Debian's chromium when it is missing and we can (root with apt); otherwise says how. */
export function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  const canApt = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canApt) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}; the browser tests need it.\n` +
        'Install it with: sudo apt-get update && sudo apt-get install -y chromium',
    );
  }
  process.stdout.write("Chromium is missing: installing Debian's chromium package…\n");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
