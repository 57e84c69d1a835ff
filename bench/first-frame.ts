// Time to first frame in Chromium for a 1080p video on loopback: from navigation to the first
// `timeupdate` with currentTime > 0 on the watch page. Prints p50 over several runs (target ≤ 500 ms).
// The browser context is kept between runs, as for a returning viewer (HTTP cache, the player's
// bandwidth estimate); the first run is a cold one.
// Run: npx tsx bench/first-frame.ts
import fs from 'node:fs/promises';
import os from 'node:os';
import { chromium } from 'playwright-core';
import {
  browserCookies,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  ensureWebBuild,
  makeClip,
  registerViaApi,
  startServer,
  uploadReady,
} from './support.ts';

const RUNS = Number(process.env.RUNS ?? 7);
await ensureWebBuild();
const server = await startServer({ ROLE: 'all' });
const cookie = await registerViaApi(server.base, 'framebench');
const clip = await makeClip(server.dataDir, { seconds: 20, width: 1920, height: 1080 });
// Fully processed (every rung, the MP4, the storyboard): no encoder competes with the browser.
const id = await uploadReady(server.base, cookie, clip, 'Frame bench');

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
});
const context = await browser.newContext();
await context.addCookies(browserCookies(cookie, server.base));
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const page = await context.newPage();
  const started = performance.now();
  if (process.env.TRACE) {
    // Each request as it is sent (>) and as its answer has arrived (<), in ms since navigation.
    const at = () => ((performance.now() - started) | 0) + 'ms';
    page.on('request', (r) => console.log(at(), '>', r.resourceType(), new URL(r.url()).pathname.slice(0, 70)));
    page.on('requestfinished', (r) => console.log(at(), '<', r.resourceType(), new URL(r.url()).pathname.slice(0, 70)));
  }
  await page.goto(`${server.base}/video/watch/${id}`);
  // The player's media element may be a custom element (hls-video-element) wrapping its <video>.
  const playing = () =>
    Array.from(document.querySelectorAll<HTMLMediaElement>('video, [slot="media"]')).some((v) => v.currentTime > 0);
  await page.waitForFunction(playing, undefined, {
    timeout: 30_000,
    polling: 10,
  });
  times.push(performance.now() - started);
  await page.close();
}
times.sort((a, b) => a - b);
console.log(`time to first frame (ms), ${RUNS} runs: ${times.map((t) => t.toFixed(0)).join(', ')}`);
console.log(`p50 ${times[Math.floor(RUNS / 2)]!.toFixed(0)} ms (target ≤ 500); load ${os.loadavg()[0]!.toFixed(1)}`);
await browser.close();
await server.stop();
await fs.rm(server.dataDir, { recursive: true, force: true });
