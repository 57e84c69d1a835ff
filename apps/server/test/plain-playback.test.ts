import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { listFiles, makeClip, waitFor } from './clips.ts';
import { createVideo } from './factories.ts';
import { expectFirstSegment } from './faults/harness.ts';
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

const run = promisify(execFile);
const web = await fs.mkdtemp(path.join(os.tmpdir(), 'plain-player-'));
await fs.writeFile(path.join(web, 'index.html'), '<!doctype html><title>app</title>');
await fs.writeFile(path.join(web, 'plain-player.html'), PAGE);
await fs.writeFile(path.join(web, 'plain-player.js'), SCRIPT);
await fs.writeFile(
  path.join(web, 'blank.html'),
  '<!doctype html><html><head><meta charset="utf-8"><title>blank</title></head><body></body></html>',
);

const ctx = await createTestContext({ WEB_DIST_DIR: web }, { worker: true });
await ctx.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
let browser: Browser | undefined;
const launch = async () =>
  (browser ??= await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }));
afterAll(async () => {
  await browser?.close();
  await fs.rm(web, { recursive: true, force: true });
});

describe('plain <video src=videoFile>', () => {
  it('plays the first videoFile the watch call returns, never an error event', async () => {
    const owner = await registerUser(ctx);
    // Long enough that the first HLS rung is live well before the MP4 is finished.
    const clip = await makeClip('plain-playback.mp4', { seconds: 8, width: 640, height: 360 });
    const page = await (await launch()).newPage();
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

  it("a finished video's videoFile, the top rung's own file, plays at once, knows its duration and seeks", async () => {
    const owner = await registerUser(ctx);
    const clip = await makeClip('plain-finished.mp4', { seconds: 12, width: 640, height: 360 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/video/new',
      ...multipart({ title: 'Finished', description: 'Plain player' }, uploadFiles(await fs.readFile(clip)), owner.cookie),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id as string;
    const watch = await waitFor(async () => {
      const row = await ctx.db.selectFrom('videos').select('has_mp4').where('id', '=', id).executeTakeFirstOrThrow();
      return row.has_mp4 && (await ctx.app.inject({ method: 'GET', url: `/api/video/v/${id}` })).json().data;
    }, 120_000);
    // The same bytes as the top rung: its playlist names byte ranges of video.mp4, and no other MP4 is stored.
    const files = await listFiles(path.join(ctx.config.mediaDir, 'videos', id));
    expect(files.filter((f) => f.endsWith('.mp4'))).toEqual(['240p/media.mp4', 'video.mp4']);
    const topPlaylist = (await ctx.app.inject({ method: 'GET', url: `/media/videos/${id}/video.m3u8` })).body;
    expect(topPlaylist).toContain('#EXT-X-MAP:URI="video.mp4",BYTERANGE=');
    const played = await playAndSeek(`${base}${watch.videoFile}`);
    expect(played).toMatchObject({ errors: [], playing: true, seeked: true });
    expect(played.duration).toBeCloseTo(12, 0);
  }, 180_000);

  it('a video stored in the old layout (segment files and a separate MP4) still plays, and its HLS files still answer', async () => {
    const owner = await registerUser(ctx);
    const id = await createVideo(ctx.db, owner.id, { duration: 8 });
    const clip = await makeClip('old-layout.mp4', { seconds: 8, width: 640, height: 360 });
    await writeOldLayout(path.join(ctx.config.mediaDir, 'videos', id), clip);
    await ctx.db.updateTable('videos').set({ has_hls: true, has_mp4: true, progress: 100 }).where('id', '=', id).execute();
    const watch = (await ctx.app.inject({ method: 'GET', url: `/api/video/v/${id}` })).json().data;
    expect(watch.videoFile).toBe(`/media/videos/${id}/video.mp4`);
    const played = await playAndSeek(`${base}${watch.videoFile}`);
    expect(played).toMatchObject({ errors: [], playing: true, seeked: true });
    expect(played.duration).toBeCloseTo(8, 0);
    const master = await fetch(`${base}${watch.hlsUrl}`);
    expect(master.status).toBe(200);
    const variant = new URL(
      (await master.text()).split('\n').find((l) => l.endsWith('.m3u8'))!,
      `${base}${watch.hlsUrl}`,
    );
    const playlist = await fetch(variant);
    expect(playlist.status).toBe(200);
    const text = await playlist.text();
    expect(text).toContain('seg_00001.m4s');
    await expectFirstSegment(variant, text);
  }, 180_000);
});

function uploadFiles(data: Buffer) {
  return {
    videoFile: { data, filename: 'clip.mp4', type: 'video/mp4' },
    thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
  };
}

// In the page, as a string (tsx would wrap a function's source in helpers the page lacks).
const PLAY_AND_SEEK = `async (url) => {
  const v = document.createElement('video');
  v.muted = true;
  document.body.append(v);
  const errors = [];
  v.addEventListener('error', () => errors.push(String(v.error && v.error.code)));
  const until = (ok) => new Promise((resolve) => {
    const end = Date.now() + 30000;
    const check = () => (ok() ? resolve(true) : Date.now() > end || errors.length ? resolve(false) : setTimeout(check, 50));
    check();
  });
  v.src = url;
  await v.play().catch((e) => errors.push('play: ' + e.message));
  const playing = await until(() => v.currentTime > 0.3);
  const duration = v.duration;
  const target = duration - 2;
  v.currentTime = target;
  const seeked = await until(() => !v.seeking && v.currentTime > target + 0.2);
  return { errors, playing, duration, seeked, at: v.currentTime };
}`;

/**
 * A plain <video src> in Chromium: plays, has a finite duration, and a seek near the end lands
 * there and plays on (a fragmented MP4 without an index would refuse or crawl).
 */
async function playAndSeek(src: string) {
  const page = await (await launch()).newPage();
  try {
    await page.goto(`${base}/blank.html`);
    return (await page.evaluate(`(${PLAY_AND_SEEK})(${JSON.stringify(src)})`)) as {
      errors: string[];
      playing: boolean;
      duration: number;
      seeked: boolean;
      at: number;
    };
  } finally {
    await page.close();
  }
}

/**
 * The layout transcodes wrote before single-file rungs: one 360p rung as init.mp4 + seg_%05d.m4s,
 * a faststart video.mp4 beside it, and a master naming the rung.
 */
async function writeOldLayout(dir: string, clip: string) {
  await fs.mkdir(path.join(dir, '360p'), { recursive: true });
  // prettier-ignore
  await run('ffmpeg', [
    '-v', 'error', '-y', '-i', clip, '-c:v', 'libx264', '-preset', 'veryfast', '-g', '50', '-c:a', 'aac',
    '-f', 'tee', '-map', '0:v', '-map', '0:a', '-flags:v', '+global_header', '-flags:a', '+global_header',
    '[f=hls:hls_time=4:hls_segment_type=fmp4:hls_playlist_type=vod:start_number=1:hls_fmp4_init_filename=init.mp4:' +
      'hls_segment_filename=360p/seg_%05d.m4s]360p/index.m3u8|[f=mp4:movflags=+faststart]video.mp4',
  ], { cwd: dir });
  const master = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-STREAM-INF:BANDWIDTH=1000000,RESOLUTION=640x360', '360p/index.m3u8', ''];
  await fs.writeFile(path.join(dir, 'master.m3u8'), master.join('\n'));
}
