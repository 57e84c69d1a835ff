// Time to first frame in Chromium for a 1080p video on loopback: from navigation to the first
// `timeupdate` with currentTime > 0 on the watch page. Prints p50 over several runs (target ≤ 1 s).
// Run: npx tsx bench/first-frame.ts
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { registerViaApi, root, startServer } from './support.ts';

const RUNS = Number(process.env.RUNS ?? 7);
if (!(await fs.stat(path.join(root, 'apps/web/dist/index.html')).catch(() => null))) {
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'ignore' });
}
const server = await startServer({ ROLE: 'all' });
const cookie = await registerViaApi(server.base, 'framebench');
const clip = path.join(server.dataDir, 'clip1080.mp4');
execFileSync('ffmpeg', [
  '-v',
  'error',
  '-f',
  'lavfi',
  '-i',
  'testsrc2=size=1920x1080:rate=30:duration=20',
  '-f',
  'lavfi',
  '-i',
  'sine=duration=20',
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-pix_fmt',
  'yuv420p',
  '-c:a',
  'aac',
  '-shortest',
  clip,
]);
const form = new FormData();
form.set('title', 'Frame bench');
form.set('description', '1080p clip');
form.set('videoFile', new Blob([await fs.readFile(clip)], { type: 'video/mp4' }), 'clip.mp4');
const id = (await (await fetch(`${server.base}/api/video/new`, { method: 'POST', body: form, headers: { cookie } })).json()).data
  ._id;
for (;;) {
  const v = (await (await fetch(`${server.base}/api/video/v/${id}`, { headers: { cookie } })).json()).data;
  if (v?.videoFile) break;
  await new Promise((r) => setTimeout(r, 500));
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--autoplay-policy=no-user-gesture-required',
  ],
});
const context = await browser.newContext();
await context.addCookies(
  cookie.split('; ').map((c) => {
    const [name, ...rest] = c.split('=');
    return { name: name!, value: rest.join('='), url: server.base };
  }),
);
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const page = await context.newPage();
  const started = performance.now();
  if (process.env.TRACE)
    page.on('requestfinished', (r) =>
      console.log(((performance.now() - started) | 0) + 'ms', new URL(r.url()).pathname.slice(0, 70)),
    );
  await page.goto(`${server.base}/video/watch/${id}`);
  await page.waitForFunction(() => Array.from(document.querySelectorAll('video')).some((v) => v.currentTime > 0), undefined, {
    timeout: 30_000,
    polling: 10,
  });
  times.push(performance.now() - started);
  await page.close();
}
times.sort((a, b) => a - b);
console.log(`time to first frame (ms), ${RUNS} runs: ${times.map((t) => t.toFixed(0)).join(', ')}`);
console.log(`p50 ${times[Math.floor(RUNS / 2)]!.toFixed(0)} ms (target ≤ 1000)`);
await browser.close();
await server.stop();
await fs.rm(server.dataDir, { recursive: true, force: true });
