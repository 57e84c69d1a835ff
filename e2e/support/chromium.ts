/**
 * Debian's Chromium as the e2e tests and the page benchmarks (bench/) run it on these machines:
 * no sandbox (root), no GPU, no shared-memory file, no network chatter of its own.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Chromium 156 renders its omnibox popup (the address bar's menu, a WebUI page of ~400 files) in
  // a renderer of its own beside every page, even headless: a core's worth of work the pages
  // under test compete with.
  '--disable-features=WebUIOmniboxPopup',
];
