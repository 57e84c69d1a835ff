import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

/**
 * End-to-end tests against the real stack: `scripts/start.mjs` (API + media + built web app) on a
 * fixed port with a fresh data directory. `npm run test:e2e` builds the web app first.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${PORT}`;
/** The e2e server's RTMP listener (live ingest, API.md §17): beside PORT, never the default 1935 another server may hold. */
const RTMP_PORT = Number(process.env.E2E_RTMP_PORT ?? PORT + 20000);

// Workers re-evaluate this file; the env var makes them reuse the runner's directory.
const ownsDataDir = !process.env.E2E_DATA_DIR;
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'streamhub-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
if (ownsDataDir && !process.env.E2E_KEEP_DATA) {
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  // No second try: a test that fails once is a bug to fix (in the test or the app), not a retry.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL,
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(PORT),
      RTMP_PORT: String(RTMP_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_WEB_BUILD: '1',
      RATE_LIMIT_LOGIN_MAX: '1000',
      // For you reads co-watching within seconds, so a spec needs no minute-long wait.
      RECOMMENDATIONS_REFRESH_SECONDS: '2',
      LOG_LEVEL: 'warn',
      // The test payment provider settles at once unless a run asks for its late mode
      // (E2E_PAYMENT_TEST_SETTLE=later: every buy and join waits for its webhook, as a real provider's checkout).
      PAYMENT_TEST_SETTLE: process.env.E2E_PAYMENT_TEST_SETTLE ?? 'at-once',
    },
  },
});
