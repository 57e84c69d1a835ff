import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestContext, multipart, registerUser, testImage } from '../../../test/support.ts';
import { makeClip, waitFor } from '../../../test/clips.ts';

/**
 * A private video's files (API.md §18): its owner only; to everyone else they do not exist (404,
 * never 403), with or without a token; a change of visibility holds at once for the media gate.
 */
const ctx = await createTestContext({}, { worker: true });
const { app } = ctx;
const inject = (method: 'GET' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

describe('the media of a private video', async () => {
  const owner = await registerUser(ctx);
  const other = await registerUser(ctx);
  const clip = await makeClip('private.mp4', { seconds: 2, width: 320, height: 240 });
  const upload = await app.inject({
    method: 'POST',
    url: '/api/video/new',
    ...multipart(
      { title: 'Only mine', description: 'Private clip', visibility: 'private' },
      {
        videoFile: { data: await fs.readFile(clip), filename: 'private.mp4', type: 'video/mp4' },
        thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
      },
      owner.cookie,
    ),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const videoId: string = upload.json().data._id;
  await waitFor(async () => {
    const list = await inject('GET', `/api/dashboard/videos/${upload.json().data.owner._id}`, owner.cookie);
    const v = list.json().data.videos.find((x: { _id: string }) => x._id === videoId);
    if (v?.status === 'failed') throw new Error(v.failureReason);
    return v?.status === 'ready' && v.progress === 100;
  }, 120_000);
  const kinds = ['master.m3u8', 'video.mp4'];

  it('plays for its owner through the URLs the watch call gives, and is 404 to everyone else', async () => {
    const watch = await inject('GET', `/api/video/v/${videoId}`, owner.cookie);
    expect(watch.statusCode, watch.body).toBe(200);
    expect(watch.json().data.visibility).toBe('private');
    // The details call keeps API.md §6's five fields, for its owner too (the dashboard names the visibility).
    expect((await inject('GET', `/api/video/details/${videoId}`, owner.cookie)).json().data.visibility).toBeUndefined();
    const master: string = watch.json().data.hlsUrl;
    const mp4: string = watch.json().data.videoFile;
    expect((await inject('GET', master, owner.cookie)).statusCode).toBe(200);
    expect((await inject('GET', mp4, owner.cookie)).statusCode).toBe(200);

    for (const cookie of [undefined, other.cookie]) {
      expect((await inject('GET', `/api/video/v/${videoId}`, cookie)).statusCode).toBe(404);
      // The owner's tokenised URLs, without the owner's session.
      for (const url of [master, mp4]) expect((await inject('GET', url, cookie)).statusCode, url).toBe(404);
      for (const f of kinds) {
        const res = await inject('GET', `/media/videos/${videoId}/${f}`, cookie);
        expect(res.statusCode, f).toBe(404);
        expect(res.rawPayload.length).toBeLessThan(200);
      }
    }
  });

  // Outside the public `videos/` folder, so the nginx profile, a bucket policy or a CDN that serves
  // it without asking cannot hand a private video out (storage/media-keys.ts).
  const onDisk = (folder: string) =>
    fs.stat(path.join(ctx.config.mediaDir, folder, videoId, 'video.mp4')).then(
      () => true,
      () => false,
    );

  it('keeps its files in private/<id>, never in the public videos/ folder', async () => {
    expect(await onDisk('private')).toBe(true);
    expect(await onDisk('videos')).toBe(false);
  });

  it('opens its files at once when made public, and closes them at once when made private again', async () => {
    const url = `/media/videos/${videoId}/video.mp4`;
    const open = await inject('PATCH', `/api/video/v/${videoId}`, owner.cookie, { visibility: 'public' });
    expect(open.statusCode, open.body).toBe(200);
    expect((await inject('GET', url)).statusCode).toBe(200);
    // Its files move back into the public folder (the video.media.move job).
    await waitFor(async () => (await onDisk('videos')) && !(await onDisk('private')), 30_000);
    expect((await inject('GET', url)).statusCode).toBe(200);
    const close = await inject('PATCH', `/api/video/v/${videoId}`, owner.cookie, { visibility: 'private' });
    expect(close.statusCode, close.body).toBe(200);
    expect((await inject('GET', url)).statusCode).toBe(404);
    expect((await inject('GET', url, other.cookie)).statusCode).toBe(404);
    await waitFor(async () => (await onDisk('private')) && !(await onDisk('videos')), 30_000);
    expect((await inject('GET', url, other.cookie)).statusCode).toBe(404);
    // The owner still plays it, from its new folder.
    const watch = await inject('GET', `/api/video/v/${videoId}`, owner.cookie);
    expect((await inject('GET', watch.json().data.videoFile, owner.cookie)).statusCode).toBe(200);
  });

  it("keeps its thumbnail its owner's too: 404 to everyone else, open once public, closed again once private", async () => {
    const watch = await inject('GET', `/api/video/v/${videoId}`, owner.cookie);
    const thumbnail: string = watch.json().data.thumbnail;
    expect(thumbnail).toMatch(new RegExp(`^/media/thumbnails/${videoId}-`));
    const mine = await inject('GET', thumbnail, owner.cookie);
    expect(mine.statusCode).toBe(200);
    // Kept by the owner's browser only, and asked again: the video may go public or be deleted.
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    for (const cookie of [undefined, other.cookie]) expect((await inject('GET', thumbnail, cookie)).statusCode).toBe(404);

    expect((await inject('PATCH', `/api/video/v/${videoId}`, owner.cookie, { visibility: 'unlisted' })).statusCode).toBe(200);
    // Twice: the second from this process's memory of the served file.
    for (let i = 0; i < 2; i++) {
      const open = await inject('GET', thumbnail);
      expect(open.statusCode).toBe(200);
      expect(open.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await inject('PATCH', `/api/video/v/${videoId}`, owner.cookie, { visibility: 'private' })).statusCode).toBe(200);
    for (const cookie of [undefined, other.cookie]) expect((await inject('GET', thumbnail, cookie)).statusCode).toBe(404);
    expect((await inject('GET', thumbnail, owner.cookie)).statusCode).toBe(200);
  });
});
