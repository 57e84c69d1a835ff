import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, errorEnvelope, multipart, registerUser, testImage } from '../../../test/support.ts';
import { listFiles, makeClip, waitFor } from '../../../test/clips.ts';
import { startWorker } from '../../deps.ts';
import { parseMediaPlaylist } from '@streamhub/contract';
import { freeBytes } from '../../storage/disk-space.ts';

/**
 * A full disk, for real: DATA_DIR is a small tmpfs this file mounts (root only; CI runs as root),
 * filled with a ballast file and freed again. Uploads are refused up front (507); a transcode that
 * runs out of space never leaves a listed video with broken files, waits without using a retry,
 * and finishes by itself once space returns (docs/decisions.md, "A full disk").
 */
const MIN_FREE_MB = 4;
const mountDir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-small-disk-'));
const mounted = (() => {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=40m', 'tmpfs', mountDir]);
    return true;
  } catch {
    return false;
  }
})();
afterAll(async () => {
  if (mounted) execFileSync('umount', ['-l', mountDir]);
  await fs.rm(mountDir, { recursive: true, force: true });
});

const ballast = path.join(mountDir, 'ballast');
/** Fills the disk until `leaveBytes` are free. */
async function fillLeaving(leaveBytes: number) {
  await fs.rm(ballast, { force: true });
  const size = (await freeBytes(mountDir)) - leaveBytes;
  const handle = await fs.open(ballast, 'w');
  const chunk = Buffer.alloc(1024 * 1024, 7);
  try {
    for (let written = 0; written < size; written += chunk.length) {
      await handle.write(chunk, 0, Math.min(chunk.length, size - written));
    }
  } finally {
    await handle.close();
  }
}

describe.skipIf(!mounted)('a full disk (DATA_DIR on a real 40 MB tmpfs; needs root to mount it)', async () => {
  const ctx = mounted
    ? await createTestContext({ DATA_DIR: mountDir, MIN_FREE_DISK_MB: String(MIN_FREE_MB), JOB_RETRY_LIMIT: '1' })
    : (null as never);
  const app = ctx?.app;
  const clip = mounted
    ? await fs.readFile(await makeClip('long.mp4', { seconds: 24, width: 640, height: 360 }))
    : Buffer.alloc(0);

  const uploadVideo = (cookie: string) =>
    app.inject({
      method: 'POST',
      url: '/api/video/new',
      ...multipart(
        { title: 'Full disk', description: 'A generated test clip' },
        {
          videoFile: { data: clip, filename: 'long.mp4', type: 'video/mp4' },
          thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
        },
        cookie,
      ),
    });
  const health = async () => (await app.inject({ method: 'GET', url: '/api/health' })).json();
  const NO_SPACE = errorEnvelope(507, 'Not enough storage space on the server, please try again later');

  it('uploads are refused with 507 before a byte is stored while free space is below MIN_FREE_DISK_MB; /api/health says so', async () => {
    const owner = await registerUser(ctx);
    await fillLeaving((MIN_FREE_MB - 1) * 1024 * 1024);
    expect(await health()).toMatchObject({
      statusCode: 200,
      data: { status: 'degraded', disk: { low: true, freeBytes: expect.any(Number) } },
    });

    const multipartRes = await uploadVideo(owner.cookie);
    expect(multipartRes.statusCode).toBe(507);
    expect(multipartRes.json()).toEqual(NO_SPACE);
    const tusRes = await app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: { cookie: owner.cookie, 'tus-resumable': '1.0.0', 'upload-length': '1000' },
    });
    expect(tusRes.statusCode).toBe(507);
    expect(tusRes.json()).toEqual(NO_SPACE);
    // Nothing of the refused upload (registering stored only the avatar).
    expect(await listFiles(path.join(ctx.config.mediaDir, 'sources'))).toEqual([]);
    expect(await listFiles(path.join(ctx.config.mediaDir, 'thumbnails'))).toEqual([]);
    expect(await listFiles(ctx.config.tmpDir)).toEqual([]);
    expect(await listFiles(ctx.config.uploadsDir)).toEqual([]);

    // Room again, but not for a resumable upload whose declared length would eat into the reserve.
    await fs.rm(ballast);
    expect(await health()).toMatchObject({ data: { status: 'ok', disk: { low: false } } });
    const tooBig = await app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: { cookie: owner.cookie, 'tus-resumable': '1.0.0', 'upload-length': String(await freeBytes(mountDir)) },
    });
    expect(tooBig.statusCode).toBe(507);
    expect(await listFiles(ctx.config.uploadsDir)).toEqual([]);
  });

  it('a disk that fills while an upload of unknown length is written: 507, and its temp file is gone', async () => {
    const owner = await registerUser(ctx);
    await fillLeaving((MIN_FREE_MB + 2) * 1024 * 1024);
    try {
      const { payload, headers } = multipart(
        { title: 'Too big for the disk', description: 'A generated test clip' },
        {
          thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
          videoFile: { data: Buffer.alloc(8 * 1024 * 1024, 1), filename: 'big.mp4', type: 'video/mp4' },
        },
        owner.cookie,
      );
      // A stream is sent chunked, without a Content-Length, so the up-front check cannot know the size.
      const res = await app.inject({
        method: 'POST',
        url: '/api/video/new',
        headers: { ...headers, 'transfer-encoding': 'chunked' },
        payload: Readable.from([payload]),
      });
      expect(res.statusCode, res.body).toBe(507);
      expect(res.json()).toEqual(NO_SPACE);
      expect(await listFiles(ctx.config.tmpDir)).toEqual([]);
      expect(await listFiles(path.join(ctx.config.mediaDir, 'sources'))).toEqual([]);
    } finally {
      await fs.rm(ballast, { force: true });
    }
  });

  it('a transcode that runs out of space never lists broken files, waits without using its retries, and finishes once space returns', async () => {
    const owner = await registerUser(ctx);
    const res = await uploadVideo(owner.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id as string;
    // Room for the first segments, not for the whole ladder and MP4 (the worker starts afterwards).
    await fillLeaving(1536 * 1024);
    await startWorker(ctx.deps, { exclusive: true });

    // Meanwhile, whenever the video is listed, everything a player would fetch is whole.
    const seen = { listed: 0, checks: 0 };
    const problems: string[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        await checkListedVideo(id, seen, problems);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const job = async () =>
      (
        await sql<{ state: string; retry_count: number; requeued: boolean; start_after: Date }>`
          SELECT state, retry_count, start_after > created_on + interval '1 second' AS requeued, start_after
          FROM pgboss.job WHERE name = 'video.transcode' AND data->>'videoId' = ${id}`.execute(ctx.db)
      ).rows[0]!;
    try {
      // The disk filled mid-encode: the job went back to the queue, and does so again while it stays full.
      const first = await waitFor(
        async () => {
          const j = await job();
          return j.state === 'created' && j.requeued && j;
        },
        60_000,
        20,
      );
      await waitFor(
        async () => {
          const j = await job();
          return j.state === 'created' && j.start_after > first.start_after && j;
        },
        30_000,
        20,
      );
      expect((await job()).retry_count).toBe(0);
      const row = await ctx.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe('processing');
      // What the failed attempts wrote aside is gone (it frees the space it took).
      expect(await listFiles(path.join(ctx.config.dataDir, 'work'))).toEqual([]);

      // It was listed (its first rungs playing) before the disk filled, and checked meanwhile.
      expect(seen.checks).toBeGreaterThan(0);
      const checksWhileFull = seen.checks;

      // Space returns: the video finishes by itself.
      await fs.rm(ballast);
      const started = Date.now();
      await waitFor(
        async () => {
          const v = await ctx.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
          if (v.status === 'failed') throw new Error(`failed: ${v.failure_reason}`);
          return v.has_mp4 && v.progress === 100;
        },
        90_000,
        100,
      );
      console.info(
        `disk-full: finished ${((Date.now() - started) / 1000).toFixed(1)} s after space returned; ${checksWhileFull} checks of the listed video before`,
      );
    } finally {
      watching = false;
      await watcher;
    }
    expect(problems).toEqual([]);
    expect(seen.checks).toBeGreaterThan(0);

    // Complete: every rung ended, every file it names served, the MP4 and storyboard there, the source gone.
    const files = await checkListedVideo(id, seen, problems);
    expect(problems).toEqual([]);
    expect(files.rungs).toBeGreaterThanOrEqual(2);
    expect(files.ended).toBe(true);
    const base = `/media/videos/${id}`;
    for (const file of ['video.mp4', 'storyboard/storyboard.vtt']) {
      const r = await app.inject({ method: 'GET', url: `${base}/${file}` });
      expect(r.statusCode, file).toBe(200);
      expect(r.rawPayload.length, file).toBeGreaterThan(0);
    }
    expect(await listFiles(path.join(ctx.config.mediaDir, 'sources'))).toEqual([]);
    expect(await listFiles(path.join(ctx.config.dataDir, 'work'))).toEqual([]);
    expect(await job()).toMatchObject({ state: 'completed', retry_count: 0 });
  }, 180_000);

  async function isListed(id: string): Promise<boolean> {
    const page = (await app.inject({ method: 'GET', url: '/api/video?page=1' })).json();
    return page.data.videos.some((v: { _id: string }) => v._id === id);
  }

  /**
   * When the video is in the public list, the watch call's playlists and every file they name
   * answer 200 with content: a problem is recorded otherwise.
   */
  async function checkListedVideo(id: string, seen: { listed: number; checks: number }, problems: string[]) {
    const result = { rungs: 0, ended: false };
    const listRes = await app.inject({ method: 'GET', url: '/api/video?page=1' });
    if (listRes.statusCode !== 200) {
      problems.push(`list: ${listRes.statusCode} ${listRes.body}`);
      return result;
    }
    if (!listRes.json().data.videos.some((v: { _id: string }) => v._id === id)) return result;
    seen.listed++;
    const watch = (await app.inject({ method: 'GET', url: `/api/video/v/${id}` })).json().data;
    if (!watch?.hlsUrl) return result; // unlisted between the two calls
    const found: string[] = [];
    const get = async (url: string, range?: { offset: number; length: number }) => {
      const headers = range ? { range: `bytes=${range.offset}-${range.offset + range.length - 1}` } : {};
      const r = await app.inject({ method: 'GET', url, headers });
      const whole = range ? r.statusCode === 206 && r.rawPayload.length === range.length : r.statusCode === 200;
      if (!whole || r.rawPayload.length === 0)
        found.push(`${url} ${headers.range ?? ''}: ${r.statusCode}, ${r.rawPayload.length} bytes`);
      return r.body;
    };
    const master = await get(watch.hlsUrl);
    const base = watch.hlsUrl.replace(/master\.m3u8$/, '');
    const variants = master.split('\n').filter((line) => line.endsWith('.m3u8'));
    if (variants.length === 0) found.push(`${watch.hlsUrl}: names no rung`);
    result.ended = variants.length > 0;
    for (const variant of variants) {
      const text = await get(`${base}${variant}`);
      const playlist = parseMediaPlaylist(text);
      if (playlist.segments.length === 0) found.push(`${variant}: no segments`);
      result.ended &&= playlist.ended;
      // Every byte range it names (a single-file rung), or every file (the old layout).
      const dir = `${base}${variant.replace(/[^/]+$/, '')}`;
      const init = { uri: playlist.initUri ?? '', range: playlist.initRange };
      for (const part of [init, ...playlist.segments]) await get(`${dir}${part.uri}`, part.range);
    }
    result.rungs = variants.length;
    // A video unlisted meanwhile may lose its files at once (a player then stops, as on a deletion):
    // what counts is a video that is still listed after its files were found broken.
    if (found.length && (await isListed(id))) problems.push(...found);
    seen.checks++;
    return result;
  }
});
