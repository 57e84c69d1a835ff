import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestContext, errorEnvelope, multipart, registerUser, testImage, type TestContext } from '../../../test/support.ts';
import { createMediaTokens } from '../media/media-tokens.ts';
import { sessionIdOf } from '../sessions/sessions.service.ts';
import { ffprobeJson, listFiles, makeClip, processesIn, waitFor } from '../../../test/clips.ts';
import { createUser, createVideos } from '../../../test/factories.ts';
import { newId } from '../../lib/ids.ts';
import { createTranscodeDeadHandler } from './transcode.job.ts';
import { createVideosRepo } from './videos.repo.ts';
import { parseMediaPlaylist } from '@streamhub/contract';

const ctx = await createTestContext({}, { worker: true });
const { app } = ctx;
// A server with a small upload limit, for the 413 refusals.
const small = await createTestContext({ MAX_VIDEO_BYTES: String(64 * 1024) });

async function upload(
  c: TestContext,
  cookie: string,
  file: string,
  fields: Record<string, string> = {},
  opts: { thumbnail?: boolean } = { thumbnail: true },
) {
  const files = {
    videoFile: { data: await fs.readFile(file), filename: path.basename(file), type: 'video/mp4' },
    ...(opts.thumbnail ? { thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' } } : {}),
  };
  const fieldsWithDefaults = { title: 'My clip', description: 'A generated test clip', ...fields };
  return c.app.inject({ method: 'POST', url: '/api/video/new', ...multipart(fieldsWithDefaults, files, cookie) });
}

async function waitReady(cookie: string, id: string) {
  return waitFor(async () => {
    const res = await app.inject({ method: 'GET', url: `/api/dashboard/videos/${(await me(cookie))._id}`, headers: { cookie } });
    const v = res.json().data.videos.find((x: { _id: string }) => x._id === id);
    if (v?.status === 'failed') throw new Error(`failed: ${v.failureReason}`);
    return v?.status === 'ready' && v.progress === 100 ? v : null;
  }, 120_000);
}

async function me(cookie: string) {
  return (await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).json().data;
}

const mediaFile = (url: string) => path.join(ctx.config.mediaDir, url.replace(/^\/media\//, ''));

describe('upload → adaptive HLS', () => {
  // `copied`: the rung that must be the source stream remuxed, not re-encoded (our encodes are
  // x264 High; the generated H.264 source is ultrafast, so Constrained Baseline).
  it.each([
    ['landscape 640x360 with audio', { width: 640, height: 360 }, ['360p', '240p'], null],
    ['portrait 360x640', { width: 360, height: 640 }, ['360p', '240p'], null],
    ['no audio', { width: 426, height: 240, audio: false }, ['240p'], null],
    ['already H.264/AAC', { width: 640, height: 360, codec: 'h264' as const }, ['360p', '240p'], '360p'],
  ])('%s becomes ready with every rung, one file each, the top one the MP4', async (_name, clip, rungs, copied) => {
    const owner = await registerUser(ctx);
    const file = await makeClip('clip.mp4', { seconds: 3, ...clip });
    const res = await upload(ctx, owner.cookie, file);
    expect(res.statusCode, res.body).toBe(201);
    const video = res.json().data;
    expect(video).toMatchObject({ title: 'My clip', status: 'processing', isExclusive: false });
    expect(video.duration).toBeCloseTo(3, 0);
    const ready = await waitReady(owner.cookie, video._id);
    expect(ready.duration).toBeCloseTo(3, 0);

    const watch = (
      await app.inject({ method: 'GET', url: `/api/video/v/${video._id}`, headers: { cookie: owner.cookie } })
    ).json().data;
    expect(watch.hlsUrl).toBe(`/media/videos/${video._id}/master.m3u8`);
    expect(watch.videoFile).toBe(`/media/videos/${video._id}/video.mp4`);
    const master = await app.inject({ method: 'GET', url: watch.hlsUrl });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toMatch(/application\/vnd\.apple\.mpegurl/);
    const streams = master.body.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF'));
    expect(streams).toHaveLength(rungs.length);
    for (const s of streams) expect(s).toMatch(/BANDWIDTH=\d+.*RESOLUTION=\d+x\d+.*CODECS="/);
    for (const s of streams) {
      const [w, h] = /RESOLUTION=(\d+)x(\d+)/.exec(s)!.slice(1).map(Number);
      expect(h! > w!, s).toBe(clip.height > clip.width);
    }
    const dir = mediaFile(`/media/videos/${video._id}`);
    const files = await listFiles(dir);
    // The top rung beside the master (its file is video.mp4), every other one in its own folder.
    const uriOf = (rung: string) => (rung === rungs[0] ? 'video.m3u8' : `${rung}/index.m3u8`);
    expect(master.body.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual(rungs.map(uriOf).reverse());
    // Every rung is one fragmented MP4 whose playlist names byte ranges of it: each segment decodes
    // after the init section, and the top rung's file is the MP4 (moov first) that videoFile names.
    for (const rung of rungs) {
      const uri = uriOf(rung);
      const playlist = parseMediaPlaylist(
        (await app.inject({ method: 'GET', url: watch.hlsUrl.replace('master.m3u8', uri) })).body,
      );
      const file = path.join(path.dirname(uri), playlist.initUri!);
      expect(file).toBe(rung === rungs[0] ? 'video.mp4' : `${rung}/media.mp4`);
      expect(playlist.segments.length).toBeGreaterThan(0);
      const bytes = await fs.readFile(path.join(dir, file));
      const init = bytes.subarray(0, playlist.initRange!.length);
      for (const [i, { range }] of playlist.segments.entries()) {
        const joined = path.join(ctx.dataDir, `check-${rung}.mp4`);
        await fs.writeFile(joined, Buffer.concat([init, bytes.subarray(range!.offset, range!.offset + range!.length)]));
        const probe = await ffprobeJson(joined);
        const videoStream = probe.streams.find((st) => st.codec_type === 'video');
        expect(videoStream?.codec_name).toBe('h264');
        expect(videoStream?.profile, `${rung} ${i}`).toBe(rung === copied ? 'Constrained Baseline' : 'High');
        const audioStream = probe.streams.find((st) => st.codec_type === 'audio');
        expect(audioStream?.codec_name).toBe('audio' in clip && clip.audio === false ? undefined : 'aac');
      }
      // What a player asks for: the segment's byte range, answered 206 with exactly those bytes.
      const { offset, length } = playlist.segments[0]!.range!;
      const segResponse = await app.inject({
        method: 'GET',
        url: `/media/videos/${video._id}/${file}`,
        headers: { range: `bytes=${offset}-${offset + length - 1}` },
      });
      expect(segResponse.statusCode).toBe(206);
      expect(segResponse.headers['content-type']).toBe('video/mp4');
      expect(segResponse.headers['content-range']).toBe(`bytes ${offset}-${offset + length - 1}/${bytes.length}`);
      expect(segResponse.rawPayload.equals(bytes.subarray(offset, offset + length))).toBe(true);
    }
    expect(files.filter((f) => f.endsWith('.mp4'))).toEqual(
      [...rungs.slice(1).map((rung) => `${rung}/media.mp4`), 'video.mp4'].sort(),
    );
    const mp4 = await fs.readFile(path.join(dir, 'video.mp4'));
    expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('moof'));
    const mp4Probe = await ffprobeJson(path.join(dir, 'video.mp4'));
    expect(Number(mp4Probe.format.duration)).toBeCloseTo(3, 0);
    const mp4Res = await app.inject({ method: 'GET', url: watch.videoFile, headers: { range: 'bytes=0-99' } });
    expect(mp4Res.statusCode).toBe(206);
    expect(mp4Res.headers['content-type']).toBe('video/mp4');
    expect(mp4Res.headers['cache-control']).toMatch(/immutable/);
    // The source upload is gone once transcoded.
    expect(await listFiles(path.join(ctx.config.mediaDir, 'sources'))).not.toContain(video._id);

    // Scrub previews: a WebVTT thumbnails track naming regions of JPEG sprite sheets beside it.
    expect(watch.storyboardUrl).toBe(`/media/videos/${video._id}/storyboard/storyboard.vtt`);
    const track = await app.inject({ method: 'GET', url: watch.storyboardUrl });
    expect(track.statusCode).toBe(200);
    expect(track.headers['content-type']).toMatch(/^text\/vtt/);
    const cues = track.body.split('\n').filter((line) => line.includes('#xywh='));
    expect(cues).toHaveLength(2); // 3 s, a frame every 2 s
    expect(cues[0]).toMatch(/^sheet_001\.jpg#xywh=0,0,\d+,\d+$/);
    const sheet = await app.inject({ method: 'GET', url: watch.storyboardUrl.replace('storyboard.vtt', 'sheet_001.jpg') });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('image/jpeg');
  });
});

/** What an upload itself stores (earlier uploads may still be transcoding, so nothing else is compared). */
const storedByUploads = async () => [
  ...(await listFiles(path.join(ctx.config.mediaDir, 'sources'))),
  ...(await listFiles(path.join(ctx.config.mediaDir, 'thumbnails'))),
];

describe('refusals', () => {
  it('no thumbnail → 400 with a thumbnail detail, before the video is probed or stored; anonymous → 401', async () => {
    const owner = await registerUser(ctx);
    const clip = await makeClip('nothumb.mp4', { seconds: 1, width: 320, height: 240 });
    const fake = path.join(ctx.dataDir, 'nothumb-fake.mp4');
    await fs.writeFile(fake, 'this is not a video either\n'.repeat(100));
    const before = await storedByUploads();
    expect((await upload(ctx, '', clip, {}, { thumbnail: false })).statusCode).toBe(401);
    // A real video and one that is not: the missing thumbnail is found before any probe (400, not 415).
    for (const file of [clip, fake]) {
      const res = await upload(ctx, owner.cookie, file, {}, { thumbnail: false });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(
        errorEnvelope(400, 'Thumbnail is required', { details: [{ field: 'thumbnail', problem: 'is required' }] }),
      );
    }
    expect(await listFiles(ctx.config.tmpDir)).toEqual([]);
    for (const file of await storedByUploads()) expect(before).toContain(file);
    expect((await me(owner.cookie)).uploads.uploaded).toBe(0);
    // The same upload with its thumbnail goes through, and its thumbnail is served.
    const res = await upload(ctx, owner.cookie, clip);
    expect(res.statusCode, res.body).toBe(201);
    const thumb = await app.inject({ method: 'GET', url: res.json().data.thumbnail });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it('a text file named .mp4 → 415 and nothing left behind', async () => {
    const owner = await registerUser(ctx);
    const fake = path.join(ctx.dataDir, 'fake.mp4');
    await fs.writeFile(fake, 'this is not a video at all\n'.repeat(100));
    const before = await storedByUploads();
    const res = await upload(ctx, owner.cookie, fake);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, data: 'File must be a video' });
    expect(await listFiles(ctx.config.tmpDir)).toEqual([]);
    for (const file of await storedByUploads()) expect(before).toContain(file);
    expect((await me(owner.cookie)).uploads.uploaded).toBe(0);
  });

  it('an upload over the size limit → 413 and nothing left behind (temp files, storage, quota)', async () => {
    const owner = await registerUser(small);
    const stored = async () => [
      ...(await listFiles(small.config.tmpDir)),
      ...(await listFiles(path.join(small.config.mediaDir, 'sources'))),
      ...(await listFiles(path.join(small.config.mediaDir, 'thumbnails'))),
    ];
    const big = await makeClip('big.mp4', { seconds: 4, width: 640, height: 360 });
    expect((await fs.stat(big)).size).toBeGreaterThan(small.config.maxVideoBytes);
    // The thumbnail comes first, so a temp file of it exists when the video turns out too large.
    const res = await small.app.inject({
      method: 'POST',
      url: '/api/video/new',
      ...multipart(
        { title: 'Too big', description: 'over the limit' },
        {
          thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
          videoFile: { data: await fs.readFile(big), filename: 'big.mp4', type: 'video/mp4' },
        },
        owner.cookie,
      ),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, success: false });
    expect(await stored()).toEqual([]);
    const me = (await small.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: owner.cookie } })).json().data;
    expect(me.uploads.uploaded).toBe(0);
    // A file under the limit still goes through on the same server.
    const fits = await upload(small, owner.cookie, await makeClip('fits.mp4', { seconds: 1, width: 160, height: 120 }));
    expect(fits.statusCode, fits.body).toBe(201);
  });

  it('a thumbnail that is not an image (whatever its declared type) → 415, nothing stored', async () => {
    const owner = await registerUser(ctx);
    const clip = await makeClip('thumb415.mp4', { seconds: 1, width: 320, height: 240 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/video/new',
      ...multipart(
        { title: 'Bad thumbnail', description: 'text as an image' },
        {
          videoFile: { data: await fs.readFile(clip), filename: 'v.mp4', type: 'video/mp4' },
          thumbnail: { data: Buffer.from('not an image at all'), filename: 't.png', type: 'image/png' },
        },
        owner.cookie,
      ),
    });
    expect(res.statusCode).toBe(415);
    expect(await listFiles(ctx.config.tmpDir)).toEqual([]);
    expect((await me(owner.cookie)).uploads.uploaded).toBe(0);
  });

  it('anonymous → 401; missing fields → 400; bad price → 400', async () => {
    const owner = await registerUser(ctx);
    const clip = await makeClip('a.mp4', { seconds: 1, width: 320, height: 240 });
    expect((await upload(ctx, '', clip)).statusCode).toBe(401);
    expect((await upload(ctx, owner.cookie, clip, { title: '  ' })).statusCode).toBe(400);
    expect((await upload(ctx, owner.cookie, clip, { isExclusive: 'true', price: '2' })).statusCode).toBe(400);
    expect((await upload(ctx, owner.cookie, clip, { isExclusive: 'maybe' })).statusCode).toBe(400);
    expect((await upload(ctx, owner.cookie, clip, { isExclusive: 'true', price: 'abc' })).statusCode).toBe(400);
    for (const missing of ['title', 'description'] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/video/new',
        ...multipart(
          missing === 'title' ? { description: 'D' } : { title: 'T' },
          {
            videoFile: { data: await fs.readFile(clip), filename: 'a.mp4', type: 'video/mp4' },
            thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
          },
          owner.cookie,
        ),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().data).toBe(missing === 'title' ? 'Title is required' : 'Description is required');
    }
    const res = await app.inject({
      method: 'POST',
      url: '/api/video/new',
      ...multipart(
        { title: 'T', description: 'D' },
        { thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' } },
        owner.cookie,
      ),
    });
    expect(res.statusCode).toBe(400);
    expect(await listFiles(ctx.config.tmpDir)).toEqual([]);
    expect((await me(owner.cookie)).uploads.uploaded).toBe(0);
  });

  it('quota full → 403 "Upload limit reached"', async () => {
    const owner = await registerUser(ctx);
    const clip = await makeClip('q.mp4', { seconds: 1, width: 320, height: 240 });
    for (let i = 0; i < ctx.config.uploadLimitDefault; i++) expect((await upload(ctx, owner.cookie, clip)).statusCode).toBe(201);
    const res = await upload(ctx, owner.cookie, clip);
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toBe('Upload limit reached');
    expect((await me(owner.cookie)).uploads).toEqual({ uploaded: 5, uploadLimit: 5 });
    expect(await listFiles(ctx.config.tmpDir)).toEqual([]);
  });

  it('a corrupt video (cut off mid-way, header intact) ends failed with a reason the owner can read', async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    // faststart: the index (and so the full duration) comes first, so the probe accepts the file;
    // half of the media data is missing, which only the transcode can find out.
    const good = await fs.readFile(await makeClip('c.mp4', { seconds: 6, width: 320, height: 240, faststart: true }));
    const file = path.join(ctx.dataDir, 'corrupt.mp4');
    await fs.writeFile(file, good.subarray(0, Math.floor(good.length / 2)));
    const res = await upload(ctx, owner.cookie, file);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id;
    const failed = await waitFor(async () => {
      const list = (
        await app.inject({ method: 'GET', url: `/api/dashboard/videos/${owner.id}`, headers: { cookie: owner.cookie } })
      ).json().data.videos;
      const v = list.find((x: { _id: string }) => x._id === id);
      // Published early, it may look ready for a moment; a finished one has progress 100.
      return v?.status === 'failed' || (v?.status === 'ready' && v.progress === 100) ? v : null;
    }, 120_000);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toMatch(/^Processing failed: .*(truncated|damaged)/);
    expect(failed.failureReason).not.toMatch(/\//);
    // Others never see it; its owner's watch call has no playable URLs.
    const theirs = (
      await app.inject({ method: 'GET', url: `/api/dashboard/videos/${owner.id}`, headers: { cookie: other.cookie } })
    ).json().data.videos;
    expect(theirs.map((v: { _id: string }) => v._id)).not.toContain(id);
    const own = (await app.inject({ method: 'GET', url: `/api/video/v/${id}`, headers: { cookie: owner.cookie } })).json().data;
    expect(own).toMatchObject({ status: 'failed', videoFile: null, hlsUrl: null });
    expect((await app.inject({ method: 'GET', url: `/api/video/v/${id}`, headers: { cookie: other.cookie } })).statusCode).toBe(
      404,
    );
    // Failed for good: nothing of it is kept (partial output, work folder, source), and its upload slot is free again.
    const kept = async () => [
      ...(await listFiles(path.join(ctx.config.mediaDir, 'videos', id))),
      ...(await listFiles(path.join(ctx.config.dataDir, 'work', id))),
      ...(await listFiles(path.join(ctx.config.mediaDir, 'sources'))).filter((f) => f === id),
    ];
    await waitFor(async () => (await kept()).length === 0, 10_000, 50);
    expect((await me(owner.cookie)).uploads.uploaded).toBe(0);
  });
});

describe('transcode dead letter', () => {
  it('marks a video failed only when its processing never finished, and then removes its files and source', async () => {
    const owner = await createUser(ctx.db);
    const [stuck, done, failed] = await createVideos(ctx.db, owner.id, [
      { status: 'processing' },
      { status: 'ready' },
      { status: 'failed' },
    ]);
    await ctx.db.updateTable('videos').set({ has_mp4: true }).where('id', '=', done!).execute();
    await ctx.db.updateTable('videos').set({ failure_reason: 'Processing failed: original' }).where('id', '=', failed!).execute();
    // What the stuck video's attempts left behind, and a finished video's files.
    const { storage } = ctx.deps;
    const keysOf = (id: string) =>
      ctx.db.selectFrom('videos').select(['media_key', 'source_key']).where('id', '=', id).executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('videos')
      .set({ source_key: `sources/${stuck!}` })
      .where('id', '=', stuck!)
      .execute();
    const stuckKeys = await keysOf(stuck!);
    const doneKeys = await keysOf(done!);
    await storage.putBuffer(`${stuckKeys.media_key}/360p/index.m3u8`, Buffer.from('#EXTM3U\n'));
    await storage.putBuffer(stuckKeys.source_key!, Buffer.from('source'));
    await storage.putBuffer(`${doneKeys.media_key}/master.m3u8`, Buffer.from('#EXTM3U\n'));
    const dead = createTranscodeDeadHandler({ repo: createVideosRepo(ctx.db), storage, events: ctx.deps.events });
    for (const videoId of [stuck!, done!, failed!, newId()])
      await dead({ videoId }, { attempt: 1, isLastAttempt: true, signal: new AbortController().signal });
    const rows = await ctx.db
      .selectFrom('videos')
      .select(['id', 'status', 'failure_reason'])
      .where('owner_id', '=', owner.id)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(stuck!)).toMatchObject({ status: 'failed', failure_reason: expect.stringMatching(/^Processing failed/) });
    expect(byId.get(done!)).toMatchObject({ status: 'ready', failure_reason: null });
    expect(byId.get(failed!)).toMatchObject({ status: 'failed', failure_reason: 'Processing failed: original' });
    // Failed for good: nothing of the stuck video is kept; the finished one keeps its files.
    expect(await storage.list(stuckKeys.media_key)).toEqual([]);
    expect(await storage.exists(stuckKeys.source_key!)).toBe(false);
    expect(await storage.exists(`${doneKeys.media_key}/master.m3u8`)).toBe(true);
  });
});

describe('edit, details and delete', () => {
  it('only the owner edits or deletes; others get 403, anonymous 401', async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    const res = await upload(ctx, owner.cookie, await makeClip('e.mp4', { seconds: 1, width: 320, height: 240 }));
    const id = res.json().data._id;
    const edit = (cookie: string, fields: Record<string, string>) => {
      return app.inject({
        method: 'PATCH',
        url: `/api/video/v/${id}`,
        ...multipart(fields, {}, cookie),
      });
    };
    expect((await edit('', { title: 'x' })).statusCode).toBe(401);
    expect((await edit(other.cookie, { title: 'Hacked' })).statusCode).toBe(403);
    expect((await edit(owner.cookie, { title: '   ' })).statusCode).toBe(400);
    const ok = await edit(owner.cookie, { title: 'Renamed' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.title).toBe('Renamed');
    // Nothing to change (empty form, no body, empty JSON): the video back, unchanged.
    const before = ok.json().data;
    const url = `/api/video/v/${id}`;
    for (const res of [
      await edit(owner.cookie, {}),
      await app.inject({ method: 'PATCH', url, headers: { cookie: owner.cookie } }),
      await app.inject({ method: 'PATCH', url, payload: {}, headers: { cookie: owner.cookie } }),
    ]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ title: 'Renamed', updatedAt: before.updatedAt, thumbnail: before.thumbnail });
    }
    // A JSON body is read as well; a non-owner is refused whatever the body.
    const json = await app.inject({
      method: 'PATCH',
      url,
      payload: { description: 'Via JSON' },
      headers: { cookie: owner.cookie },
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().data).toMatchObject({ title: 'Renamed', description: 'Via JSON' });
    expect(
      (await app.inject({ method: 'PATCH', url, payload: { title: 42 }, headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(400);
    expect((await app.inject({ method: 'PATCH', url, headers: { cookie: other.cookie } })).statusCode).toBe(403);
    await app.inject({
      method: 'PATCH',
      url,
      payload: { description: 'A generated test clip' },
      headers: { cookie: owner.cookie },
    });
    // A new thumbnail replaces the old file.
    const withThumb = await app.inject({
      method: 'PATCH',
      url,
      ...multipart({}, { thumbnail: { data: testImage(), filename: 'n.png', type: 'image/png' } }, owner.cookie),
    });
    expect(withThumb.statusCode).toBe(200);
    expect(withThumb.json().data.thumbnail).not.toBe(before.thumbnail);
    expect((await app.inject({ method: 'GET', url: before.thumbnail })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: withThumb.json().data.thumbnail })).statusCode).toBe(200);
    // The edit page's call: its owner sees it in any status.
    const details = (
      await app.inject({ method: 'GET', url: `/api/video/details/${id}`, headers: { cookie: owner.cookie } })
    ).json().data;
    expect(details).toEqual({
      _id: id,
      title: 'Renamed',
      description: 'A generated test clip',
      thumbnail: expect.any(String),
      owner: owner.id,
    });

    expect((await app.inject({ method: 'DELETE', url: `/api/video/v/${id}` })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/video/v/${id}`, headers: { cookie: other.cookie } })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/video/v/${id}`, headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/video/v/${id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: '/api/video/v/not-an-id' })).statusCode).toBe(400);
  });

  it('deleting a video while it transcodes stops its encoder, cancels its job and leaves no files behind', async () => {
    const owner = await registerUser(ctx);
    const res = await upload(ctx, owner.cookie, await makeClip('long.mp4', { seconds: 20, width: 1280, height: 720 }));
    const id = res.json().data._id;
    const dir = path.join(ctx.config.mediaDir, 'videos', id);
    // ffmpeg writes in the work folder; whole files are published into the served one.
    const work = path.join(ctx.config.dataDir, 'work', id);
    await waitFor(async () => (await listFiles(dir)).length > 0 && (await processesIn(work)).length > 0, 60_000, 50);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/video/v/${id}`, headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(200);
    // The transcode ran in this process: the answer came once its encoder had stopped.
    expect(await processesIn(work)).toEqual([]);
    expect(await listFiles(dir)).toEqual([]);
    await expect(fs.stat(dir)).rejects.toThrow();
    await expect(fs.stat(work)).rejects.toThrow();
    const jobs = await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE data->>'videoId' = ${id}`.execute(ctx.db);
    expect(jobs.rows.map((j) => j.state)).toEqual(['cancelled']);
    // Other tests' failed videos keep their sources until deleted: look for this one's files only.
    expect(await listFiles(path.join(ctx.config.mediaDir, 'sources'))).not.toContain(id);
    expect((await listFiles(path.join(ctx.config.mediaDir, 'thumbnails'))).filter((f) => f.startsWith(id))).toEqual([]);
  });

  it('deleting a ready video removes its files, likes, comments, views and history entries', async () => {
    const owner = await registerUser(ctx);
    const viewer = await registerUser(ctx);
    const res = await upload(ctx, owner.cookie, await makeClip('d.mp4', { seconds: 1, width: 320, height: 240 }));
    const id = res.json().data._id as string;
    await waitReady(owner.cookie, id);
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, payload, headers: { cookie: viewer.cookie } });
    expect((await as('GET', `/api/video/v/${id}`)).statusCode).toBe(200);
    expect((await as('POST', `/api/like/v/${id}`)).statusCode).toBe(200);
    expect((await as('POST', `/api/comment/video/${id}`, { content: 'Nice' })).statusCode).toBe(201);
    expect((await as('POST', `/api/watchHistory/track/${id}`)).statusCode).toBe(200);
    const rows = async () =>
      Promise.all(
        (['video_likes', 'comments', 'watch_history', 'video_views'] as const).map(async (table) =>
          Number(
            (
              await ctx.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .where('video_id', '=', id)
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    expect(await rows()).toEqual([1, 1, 1, 1]);
    const thumbnail = res.json().data.thumbnail as string;
    // Served once before the delete, so the media gate has seen the finished video.
    expect((await app.inject({ method: 'GET', url: `/media/videos/${id}/master.m3u8` })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/video/v/${id}`, headers: { cookie: owner.cookie } })).json(),
    ).toMatchObject({ statusCode: 200, data: {}, success: true });
    expect(await rows()).toEqual([0, 0, 0, 0]);
    expect(await listFiles(path.join(ctx.config.mediaDir, 'videos', id))).toEqual([]);
    expect((await app.inject({ method: 'GET', url: thumbnail })).statusCode).toBe(404);
    for (const file of ['master.m3u8', 'video.mp4']) {
      const gone = await app.inject({ method: 'GET', url: `/media/videos/${id}/${file}` });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ statusCode: 404, success: false });
    }
    expect((await app.inject({ method: 'GET', url: `/api/video/details/${id}` })).statusCode).toBe(404);
    expect((await me(owner.cookie)).uploads.uploaded).toBe(0);
  });

  it('channel videos: the owner sees processing ones with progress, others only ready ones', async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    const res = await upload(ctx, owner.cookie, await makeClip('p.mp4', { seconds: 1, width: 320, height: 240 }));
    const id = res.json().data._id;
    const own = (
      await app.inject({ method: 'GET', url: `/api/dashboard/videos/${owner.id}`, headers: { cookie: owner.cookie } })
    ).json().data;
    expect(own.uploads).toEqual({ uploaded: 1, uploadLimit: 5 });
    expect(own.videos[0]).toMatchObject({ _id: id, status: expect.any(String), progress: expect.any(Number) });
    await waitReady(owner.cookie, id);
    const theirs = (
      await app.inject({ method: 'GET', url: `/api/dashboard/videos/${owner.id}`, headers: { cookie: other.cookie } })
    ).json().data;
    expect(theirs.videos.map((v: { _id: string }) => v._id)).toEqual([id]);
    expect(JSON.stringify(theirs)).not.toMatch(/master\.m3u8|video\.mp4/);
    expect(
      (await app.inject({ method: 'GET', url: '/api/dashboard/videos/0190a5f0-0000-7000-8000-000000000000' })).statusCode,
    ).toBe(404);
  });
});

describe('exclusive media', () => {
  it('needs a valid, unaltered, unexpired token; the owner gets tokenised URLs, others 401', async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    const res = await upload(ctx, owner.cookie, await makeClip('x.mp4', { seconds: 2, width: 320, height: 240 }), {
      isExclusive: 'true',
      price: '9.99',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data._id;
    expect(res.json().data).toMatchObject({ isExclusive: true, price: 9.99 });
    await waitReady(owner.cookie, id);

    const denied = await app.inject({ method: 'GET', url: `/api/video/v/${id}`, headers: { cookie: other.cookie } });
    expect(denied.statusCode).toBe(401);
    expect(denied.json().data).toBe('No access to this video');
    expect((await app.inject({ method: 'GET', url: `/api/video/v/${id}` })).statusCode).toBe(401);

    const watch = (await app.inject({ method: 'GET', url: `/api/video/v/${id}`, headers: { cookie: owner.cookie } })).json().data;
    expect(watch.hlsUrl).toMatch(new RegExp(`^/media/t/[^/]+/videos/${id}/master\\.m3u8$`));
    // Media requests carry the session cookie the token was issued to (same-origin players do).
    const media = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers: { cookie: owner.cookie, ...headers } });
    const ok = await media(watch.videoFile);
    expect(ok.statusCode).toBe(200);
    expect((await media(watch.videoFile, { range: 'bytes=10-20' })).statusCode).toBe(206);
    expect((await app.inject({ method: 'GET', url: watch.videoFile })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: watch.videoFile, headers: { cookie: other.cookie } })).statusCode).toBe(403);
    const master = await media(watch.hlsUrl);
    const rung = master.body.split('\n').find((l) => l.endsWith('.m3u8'))!;
    const rungUrl = watch.hlsUrl.replace('master.m3u8', rung);
    const playlist = await media(rungUrl);
    expect(playlist.statusCode).toBe(200);
    const { segments } = parseMediaPlaylist(playlist.body);
    const { uri: segment, range } = segments[0]!;
    expect(segment.startsWith('/')).toBe(false); // relative, so it inherits the token
    const segmentUrl = rungUrl.replace(/[^/]+$/, segment);
    const bytes = `bytes=${range!.offset}-${range!.offset + range!.length - 1}`;
    const part = await media(segmentUrl, { range: bytes });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(range!.length);
    // Without the session the token was issued to, or with another viewer's: not one byte of the range.
    for (const denied of [
      await app.inject({ method: 'GET', url: segmentUrl, headers: { range: bytes } }),
      await app.inject({ method: 'GET', url: segmentUrl, headers: { range: bytes, cookie: other.cookie } }),
      await app.inject({
        method: 'GET',
        url: `/media/videos/${id}/${rung.replace(/[^/]+$/, segment)}`,
        headers: { range: bytes },
      }),
    ]) {
      expect(denied.statusCode).toBe(403);
      expect(denied.headers['content-type']).toMatch(/^application\/json/);
      expect(denied.headers['content-range']).toBeUndefined();
      expect(denied.json()).toMatchObject({ statusCode: 403, success: false });
    }
    // The storyboard track and its sheets sit behind the same token, relative to the track.
    expect(watch.storyboardUrl).toBe(watch.hlsUrl.replace('master.m3u8', 'storyboard/storyboard.vtt'));
    expect((await media(watch.storyboardUrl)).statusCode).toBe(200);
    expect((await media(watch.storyboardUrl.replace('storyboard.vtt', 'sheet_001.jpg'))).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: watch.storyboardUrl })).statusCode).toBe(403);

    const token = watch.hlsUrl.split('/')[3] as string;
    const [exp, sig] = token.split('.');
    const altered = `${Number(exp) + 1000}.${sig}`;
    const sid = owner.cookie.match(/(?:^|; )sid=([^;]+)/)![1]!;
    const expired = createMediaTokens(ctx.deps.mediaSecret, 60, () => Date.now() - 3_600_000).issue(id, sessionIdOf(sid), 2);
    for (const url of [
      `/media/videos/${id}/video.mp4`,
      watch.videoFile.replace(token, altered),
      watch.videoFile.replace(token, `${exp}.${sig!.slice(0, -2)}AA`),
      watch.videoFile.replace(token, expired),
      watch.videoFile.replace(token, `${token}${'A'.repeat(300)}`),
      watch.videoFile.replace(token, 'x'),
    ]) {
      const r = await media(url);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().success).toBe(false);
    }
    // A token for one video does not open another.
    const publicRes = await upload(ctx, owner.cookie, await makeClip('pub.mp4', { seconds: 1, width: 320, height: 240 }), {
      isExclusive: 'true',
    });
    const otherId = publicRes.json().data._id;
    expect((await media(watch.videoFile.replace(id, otherId))).statusCode).toBe(403);
  });
});
