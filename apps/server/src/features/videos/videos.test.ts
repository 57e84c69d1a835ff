import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestContext, multipart, registerUser, testImage, type TestContext } from '../../../test/support.ts';
import { createMediaTokens } from '../media/media-tokens.ts';
import { ffprobeJson, listFiles, makeClip, waitFor } from '../../../test/clips.ts';

const ctx = await createTestContext({}, { worker: true });
const { app } = ctx;

async function upload(
  c: TestContext,
  cookie: string,
  file: string,
  fields: Record<string, string> = {},
  opts: { thumbnail?: boolean } = { thumbnail: true },
) {
  const body = multipart(
    { title: 'My clip', description: 'A generated test clip', ...fields },
    {
      videoFile: { data: await fs.readFile(file), filename: path.basename(file), type: 'video/mp4' },
      ...(opts.thumbnail ? { thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' } } : {}),
    },
  );
  return c.app.inject({ method: 'POST', url: '/api/video/new', payload: body.payload, headers: { ...body.headers, cookie } });
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
  it.each([
    ['landscape 640x360 with audio', { width: 640, height: 360 }, ['360p', '240p']],
    ['portrait 360x640', { width: 360, height: 640 }, ['360p', '240p']],
    ['no audio', { width: 426, height: 240, audio: false }, ['240p']],
    ['already H.264/AAC', { width: 640, height: 360, codec: 'h264' as const }, ['360p', '240p']],
  ])('%s becomes ready with every rung, valid segments and a faststart MP4', async (_name, clip, rungs) => {
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
    const dir = mediaFile(`/media/videos/${video._id}`);
    const files = await listFiles(dir);
    for (const rung of rungs) expect(files.some((f) => f.startsWith(`${rung}/`))).toBe(true);
    // Every segment of every rung decodes (init + segment), and the MP4 is a faststart video.
    for (const rung of rungs) {
      const segments = files.filter((f) => f.startsWith(`${rung}/`) && f.endsWith('.m4s'));
      expect(segments.length).toBeGreaterThan(0);
      const init = await fs.readFile(path.join(dir, rung, 'init.mp4'));
      for (const seg of segments) {
        const joined = path.join(ctx.dataDir, `check-${rung}.mp4`);
        await fs.writeFile(joined, Buffer.concat([init, await fs.readFile(path.join(dir, seg))]));
        const probe = await ffprobeJson(joined);
        expect(probe.streams.some((st) => st.codec_type === 'video' && st.codec_name === 'h264')).toBe(true);
      }
      const segResponse = await app.inject({ method: 'GET', url: `/media/videos/${video._id}/${segments[0]}` });
      expect(segResponse.headers['content-type']).toBe('video/iso.segment');
    }
    const mp4 = await fs.readFile(path.join(dir, 'video.mp4'));
    expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('mdat'));
    const mp4Probe = await ffprobeJson(path.join(dir, 'video.mp4'));
    expect(Number(mp4Probe.format.duration)).toBeCloseTo(3, 0);
    const mp4Res = await app.inject({ method: 'GET', url: watch.videoFile, headers: { range: 'bytes=0-99' } });
    expect(mp4Res.statusCode).toBe(206);
    expect(mp4Res.headers['content-type']).toBe('video/mp4');
    expect(mp4Res.headers['cache-control']).toMatch(/immutable/);
    // The source upload is gone once transcoded.
    expect(await listFiles(path.join(ctx.config.mediaDir, 'sources'))).toEqual([]);
  });

  it('takes a thumbnail from the video when none is uploaded', async () => {
    const owner = await registerUser(ctx);
    const res = await upload(
      ctx,
      owner.cookie,
      await makeClip('nothumb.mp4', { seconds: 2, width: 320, height: 240 }),
      {},
      { thumbnail: false },
    );
    expect(res.statusCode).toBe(201);
    const thumb = await app.inject({ method: 'GET', url: res.json().data.thumbnail });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });
});

describe('refusals', () => {
  it('a text file named .mp4 → 415 and nothing left behind', async () => {
    const owner = await registerUser(ctx);
    const fake = path.join(ctx.dataDir, 'fake.mp4');
    await fs.writeFile(fake, 'this is not a video at all\n'.repeat(100));
    // Earlier uploads may still be transcoding, so compare only what an upload itself stores.
    const stored = async () => [
      ...(await listFiles(path.join(ctx.config.mediaDir, 'sources'))),
      ...(await listFiles(path.join(ctx.config.mediaDir, 'thumbnails'))),
    ];
    const before = await stored();
    const res = await upload(ctx, owner.cookie, fake);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, data: 'File must be a video' });
    expect(await listFiles(ctx.config.tmpDir)).toEqual([]);
    for (const file of await stored()) expect(before).toContain(file);
    expect((await me(owner.cookie)).uploads.uploaded).toBe(0);
  });

  it('anonymous → 401; missing fields → 400; bad price → 400', async () => {
    const owner = await registerUser(ctx);
    const clip = await makeClip('a.mp4', { seconds: 1, width: 320, height: 240 });
    expect((await upload(ctx, '', clip)).statusCode).toBe(401);
    expect((await upload(ctx, owner.cookie, clip, { title: '  ' })).statusCode).toBe(400);
    expect((await upload(ctx, owner.cookie, clip, { isExclusive: 'true', price: '2' })).statusCode).toBe(400);
    expect((await upload(ctx, owner.cookie, clip, { isExclusive: 'maybe' })).statusCode).toBe(400);
    expect(await listFiles(ctx.config.tmpDir)).toEqual([]);
  });

  it('quota full → 403 "Upload limit reached"', async () => {
    const owner = await registerUser(ctx);
    const clip = await makeClip('q.mp4', { seconds: 1, width: 320, height: 240 });
    for (let i = 0; i < ctx.config.uploadLimitDefault; i++) expect((await upload(ctx, owner.cookie, clip)).statusCode).toBe(201);
    const res = await upload(ctx, owner.cookie, clip);
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toBe('Upload limit reached');
    expect((await me(owner.cookie)).uploads).toEqual({ uploaded: 5, uploadLimit: 5 });
  });

  it('a corrupt video ends failed with a reason the owner can read', async () => {
    const owner = await registerUser(ctx);
    const good = await fs.readFile(await makeClip('c.mp4', { seconds: 3, width: 320, height: 240 }));
    // Keep the header (so the probe passes) and garble the media data.
    const corrupt = Buffer.from(good);
    for (let i = 4096; i < corrupt.length; i += 7) corrupt[i] = (corrupt[i]! * 31 + 7) & 0xff;
    const file = path.join(ctx.dataDir, 'corrupt.mp4');
    await fs.writeFile(file, corrupt.subarray(0, Math.floor(corrupt.length * 0.6)));
    const res = await upload(ctx, owner.cookie, file);
    if (res.statusCode === 415) return; // the probe already saw through it: refused, nothing stored
    expect(res.statusCode).toBe(201);
    const id = res.json().data._id;
    const failed = await waitFor(async () => {
      const list = (
        await app.inject({ method: 'GET', url: `/api/dashboard/videos/${owner.id}`, headers: { cookie: owner.cookie } })
      ).json().data.videos;
      const v = list.find((x: { _id: string }) => x._id === id);
      return v?.status === 'failed' ? v : v?.status === 'ready' ? { status: 'ready' } : null;
    }, 120_000);
    if (failed.status === 'ready') return; // ffmpeg concealed the damage: a playable video is fine too
    expect(failed.failureReason).toMatch(/^Processing failed/);
    expect(failed.failureReason).not.toMatch(/\//);
  });
});

describe('edit, details and delete', () => {
  it('only the owner edits or deletes; others get 403, anonymous 401', async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    const res = await upload(ctx, owner.cookie, await makeClip('e.mp4', { seconds: 1, width: 320, height: 240 }));
    const id = res.json().data._id;
    const edit = (cookie: string, fields: Record<string, string>) => {
      const body = multipart(fields);
      return app.inject({
        method: 'PATCH',
        url: `/api/video/v/${id}`,
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
    };
    expect((await edit('', { title: 'x' })).statusCode).toBe(401);
    expect((await edit(other.cookie, { title: 'Hacked' })).statusCode).toBe(403);
    expect((await edit(owner.cookie, { title: '   ' })).statusCode).toBe(400);
    const ok = await edit(owner.cookie, { title: 'Renamed' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.title).toBe('Renamed');
    const details = (await app.inject({ method: 'GET', url: `/api/video/details/${id}` })).json().data;
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

  it('deleting a video while it transcodes leaves no files behind', async () => {
    const owner = await registerUser(ctx);
    const res = await upload(ctx, owner.cookie, await makeClip('long.mp4', { seconds: 20, width: 1280, height: 720 }));
    const id = res.json().data._id;
    const dir = path.join(ctx.config.mediaDir, 'videos', id);
    await waitFor(async () => (await listFiles(dir)).length > 0, 60_000, 50);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/video/v/${id}`, headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await listFiles(dir)).toEqual([]);
    expect(await listFiles(path.join(ctx.config.mediaDir, 'sources'))).toEqual([]);
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
    const ok = await app.inject({ method: 'GET', url: watch.videoFile });
    expect(ok.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: watch.videoFile, headers: { range: 'bytes=10-20' } })).statusCode).toBe(206);
    const master = await app.inject({ method: 'GET', url: watch.hlsUrl });
    const rung = master.body.split('\n').find((l) => l.endsWith('.m3u8'))!;
    const rungUrl = watch.hlsUrl.replace('master.m3u8', rung);
    const playlist = await app.inject({ method: 'GET', url: rungUrl });
    expect(playlist.statusCode).toBe(200);
    const segment = playlist.body.split('\n').find((l) => l.endsWith('.m4s'))!;
    expect(segment.startsWith('/')).toBe(false); // relative, so it inherits the token
    expect((await app.inject({ method: 'GET', url: rungUrl.replace(/[^/]+$/, segment) })).statusCode).toBe(200);

    const token = watch.hlsUrl.split('/')[3] as string;
    const [viewer, exp, sig] = token.split('.');
    const altered = `${viewer}.${Number(exp) + 1000}.${sig}`;
    const expired = createMediaTokens(ctx.deps.mediaSecret, 60, () => Date.now() - 3_600_000).issue(id, owner.id);
    for (const url of [
      `/media/videos/${id}/video.mp4`,
      watch.videoFile.replace(token, altered),
      watch.videoFile.replace(token, `${viewer}.${exp}.${sig!.slice(0, -2)}AA`),
      watch.videoFile.replace(token, expired),
    ]) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(403);
      expect(r.json().success).toBe(false);
    }
    // A token for one video does not open another.
    const publicRes = await upload(ctx, owner.cookie, await makeClip('pub.mp4', { seconds: 1, width: 320, height: 240 }), {
      isExclusive: 'true',
    });
    const otherId = publicRes.json().data._id;
    expect((await app.inject({ method: 'GET', url: watch.videoFile.replace(id, otherId) })).statusCode).toBe(403);
  });
});
