// Time to first frame in Chromium for a 1080p video on loopback: from navigation to the moment the
// watch page's video puts its first frame on screen (requestVideoFrameCallback's presentation time,
// on the page's clock), and, as before, until the bench sees currentTime > 0 by polling. Prints p50
// over several runs (target ≤ 500 ms).
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
/** First frame presented (page clock), and first seen playing by polling from here (the earlier figure). */
const times: number[] = [];
const polled: number[] = [];
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
  // When the first frame reached the screen, by the page's own clock (ms since navigation): the
  // compositor's presentation time of the first frame a <video> shows (requestVideoFrameCallback),
  // so a main thread busy with the app's code when it comes does not delay the reading. A string:
  // tsx would wrap a function's source in helpers the page lacks.
  await page.addInitScript(`
    window.__firstFrame = new Promise((resolve) => {
      const watch = (video) => video.requestVideoFrameCallback((_now, frame) => resolve(frame.presentationTime));
      const seen = new WeakSet();
      const scan = () => {
        for (const el of document.querySelectorAll('video, [slot="media"]')) {
          const video = el.localName === 'video' ? el : el.shadowRoot?.querySelector('video');
          if (video && !seen.has(video)) { seen.add(video); watch(video); }
        }
      };
      new MutationObserver(scan).observe(document, { childList: true, subtree: true });
      setInterval(scan, 20);
    });
  `);
  await page.goto(`${server.base}/video/watch/${id}`);
  // The player's media element may be a custom element (hls-video-element) wrapping its <video>.
  const playing = () =>
    Array.from(document.querySelectorAll<HTMLMediaElement>('video, [slot="media"]')).some((v) => v.currentTime > 0);
  await page.waitForFunction(playing, undefined, {
    timeout: 30_000,
    polling: 10,
  });
  polled.push(performance.now() - started);
  times.push(await page.evaluate(() => (window as unknown as { __firstFrame: Promise<number> }).__firstFrame));
  if (process.env.TRACE) {
    // The page's own clock (0 = navigation start): where the time went, without CDP's delays.
    const timeline = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const rows = [
        ...(window as unknown as { __marks: string[] }).__marks,
        `${nav.requestStart.toFixed(0)} html requested`,
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
polled.sort((a, b) => a - b);
console.log(
  `time to first frame (ms, navigation → first frame on screen), ${RUNS} runs: ${times.map((t) => t.toFixed(0)).join(', ')}`,
);
console.log(`  seen playing by polling currentTime from the bench: ${polled.map((t) => t.toFixed(0)).join(', ')}`);
console.log(
  `p50 ${times[Math.floor(RUNS / 2)]!.toFixed(0)} ms (target ≤ 500), polled p50 ${polled[Math.floor(RUNS / 2)]!.toFixed(0)} ms; load ${os.loadavg()[0]!.toFixed(1)}`,
);
await browser.close();
await server.stop();
await fs.rm(server.dataDir, { recursive: true, force: true });
