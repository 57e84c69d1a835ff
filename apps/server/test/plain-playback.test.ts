import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { makeClip } from './clips.ts';
import { createTestContext, multipart, registerUser, testImage } from './support.ts';

// Any client that puts `videoFile` from the watch call into a plain <video src> must play at once:
// a page served by the app itself polls the watch call from the upload on, sets the first
// non-null `videoFile` as the source, and must play it without a single error event.

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>plain player</title></head>
<body><video id="v" muted playsinline></video><script src="/plain-player.js"></script></body></html>`;
const SCRIPT = `
const id = new URLSearchParams(location.search).get('id');
const v = document.getElementById('v');
window.log = { polls: 0, hlsFirstAt: null, hlsFirstPoll: null, fileAt: null, filePoll: null, errors: [], playingAt: null, played: 0 };
const t0 = performance.now();
v.addEventListener('error', () => window.log.errors.push(String(v.error && v.error.code)));
v.addEventListener('playing', () => { window.log.playingAt ??= performance.now() - t0; });
v.addEventListener('timeupdate', () => { window.log.played = v.currentTime; });
async function poll() {
  window.log.polls++;
  const res = await fetch('/api/video/v/' + id).catch(() => null);
  const data = res && res.ok ? (await res.json()).data : null;
  if (data && data.hlsUrl && window.log.hlsFirstAt === null) {
    window.log.hlsFirstAt = performance.now() - t0;
    window.log.hlsFirstPoll = window.log.polls;
  }
  if (data && data.videoFile) {
    window.log.fileAt = performance.now() - t0;
    window.log.filePoll = window.log.polls;
    v.src = data.videoFile;
    v.play().catch((e) => window.log.errors.push('play: ' + e.message));
    return;
  }
  setTimeout(poll, 50);
}
poll();
`;

const web = await fs.mkdtemp(path.join(os.tmpdir(), 'plain-player-'));
await fs.writeFile(path.join(web, 'index.html'), '<!doctype html><title>app</title>');
await fs.writeFile(path.join(web, 'plain-player.html'), PAGE);
await fs.writeFile(path.join(web, 'plain-player.js'), SCRIPT);

const ctx = await createTestContext({ WEB_DIST_DIR: web }, { worker: true });
await ctx.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
  await fs.rm(web, { recursive: true, force: true });
});

describe('plain <video src=videoFile>', () => {
  it('plays the first videoFile the watch call returns, never an error event', async () => {
    const owner = await registerUser(ctx);
    // Long enough that the first HLS rung is live well before the MP4 is finished.
    const clip = await makeClip('plain-playback.mp4', { seconds: 8, width: 640, height: 360 });
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    const page = await browser.newPage();
    const files = {
      videoFile: { data: await fs.readFile(clip), filename: 'clip.mp4', type: 'video/mp4' },
      thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
    };
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/video/new',
      ...multipart({ title: 'Plain', description: 'Plain player' }, files, owner.cookie),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id as string;
    await page.goto(`${base}/plain-player.html?id=${id}`);

    // Playing, or an error event (then it fails below at once).
    await page.waitForFunction(
      () => {
        const { log } = globalThis as unknown as { log: { played: number; errors: string[] } };
        return log.played > 0.5 || log.errors.length > 0;
      },
      null,
      { timeout: 150_000, polling: 100 },
    );
    const log = await page.evaluate(() => (globalThis as unknown as { log: Record<string, unknown> }).log);
    expect(log.errors).toEqual([]);
    expect(log.fileAt).not.toBeNull();
    // Named with the first rung, long before the whole MP4 exists: the growing stream played.
    expect(log.filePoll).toBe(log.hlsFirstPoll);
    expect(log.playingAt).not.toBeNull();
    console.log('plain player timeline (ms since the page opened):', JSON.stringify(log));
  }, 180_000);
});
