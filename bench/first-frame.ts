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
  if (process.env.TRACE) {
    // A string: tsx would wrap the functions of a function's source in helpers the page lacks.
    await page.addInitScript(`
      const marks = (window.__marks = []);
      const mark = (what) => marks.push(performance.now().toFixed(0) + ' ' + what);
      for (const type of ['loadstart', 'loadedmetadata', 'loadeddata', 'canplay', 'play', 'playing', 'timeupdate']) {
        let seen = false;
        document.addEventListener(type, (e) => {
          if (!seen) mark(type + ' on ' + e.target.localName);
          seen = true;
        }, true);
      }
      customElements.whenDefined('streamhub-hls-video').then(() => mark('hls element defined'));
      customElements.whenDefined('media-controller').then(() => mark('media-controller defined'));
      const observer = new MutationObserver(() => {
        if (!document.querySelector('streamhub-hls-video, video')) return;
        mark('player in DOM');
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    `);
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
  if (process.env.TRACE) {
    // The page's own clock (0 = navigation start): where the time went, without CDP's delays.
    const timeline = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const rows = [
        ...(window as unknown as { __marks: string[] }).__marks,
        `${nav.responseStart.toFixed(0)} html first byte`,
        `${nav.domInteractive.toFixed(0)} html parsed`,
        `${performance.now().toFixed(0)} first frame seen`,
      ];
      for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
        rows.push(`${r.startTime.toFixed(0)}-${r.responseEnd.toFixed(0)} ${new URL(r.name).pathname.slice(-40)}`);
      }
      return rows.sort((a, b) => parseFloat(a) - parseFloat(b));
    });
    console.log(timeline.join('\n'));
  }
  await page.close();
}
times.sort((a, b) => a - b);
console.log(`time to first frame (ms), ${RUNS} runs: ${times.map((t) => t.toFixed(0)).join(', ')}`);
console.log(`p50 ${times[Math.floor(RUNS / 2)]!.toFixed(0)} ms (target ≤ 500); load ${os.loadavg()[0]!.toFixed(1)}`);
await browser.close();
await server.stop();
await fs.rm(server.dataDir, { recursive: true, force: true });
