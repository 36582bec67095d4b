/** Debian's chromium, which playwright and Lighthouse both drive (playwright's own download cannot work here). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

// The flags chromium needs on a machine with neither a display, a GPU nor a user namespace for its
// sandbox; playwright makes its own profile, because it rejects --user-data-dir in the launch arguments.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
