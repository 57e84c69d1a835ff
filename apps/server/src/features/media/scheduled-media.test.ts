import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createUser, createVideo } from '../../../test/factories.ts';
import { createTestContext, registerUser } from '../../../test/support.ts';

/**
 * A scheduled video's media follow the watch rule until it is public (docs/chapters-and-scheduling.md):
 * before its `publishAt` the MP4, the master and the storyboard are its owner's alone, through the
 * token-checked path the watch call hands them; publishing opens them to everyone.
 */
const ctx = await createTestContext();
const { app, db } = ctx;
const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const FILES = ['video.mp4', 'master.m3u8', 'storyboard/storyboard.vtt'];

/** A finished scheduled video of `ownerId`, its files on disk as a transcode leaves them. */
async function scheduledVideo(ownerId: string) {
  const videoId = await createVideo(db, ownerId, { status: 'processing' });
  await db
    .updateTable('videos')
    .set({ status: 'scheduled', has_mp4: true, has_hls: true, progress: 100, publish_at: new Date(Date.now() + 86_400_000) })
    .where('id', '=', videoId)
    .execute();
  const folder = path.join(ctx.config.mediaDir, 'videos', videoId);
  await fs.mkdir(path.join(folder, 'storyboard'), { recursive: true });
  for (const file of FILES) await fs.writeFile(path.join(folder, file), `${file} of a video out tomorrow`);
  return videoId;
}

describe('a scheduled video’s media', () => {
  it('are refused to anyone but its owner before publishAt, and open to everyone once published', async () => {
    const owner = await registerUser(ctx);
    const stranger = await registerUser(ctx);
    const videoId = await scheduledVideo(owner.id);
    for (const file of FILES) {
      for (const cookie of [undefined, stranger.cookie]) {
        const res = await get(`/media/videos/${videoId}/${file}`, cookie);
        expect(res.statusCode, `${file} ${cookie ? 'stranger' : 'anonymous'}`).toBe(403);
        expect(res.body).not.toContain('out tomorrow');
      }
    }
    // The owner's watch call hands token-bound URLs, which serve them.
    const watch = (await get(`/api/video/v/${videoId}`, owner.cookie)).json().data;
    for (const url of [watch.videoFile, watch.hlsUrl, watch.storyboardUrl] as string[]) {
      expect(url).toMatch(new RegExp(`^/media/t/[^/]+/videos/${videoId}/`));
      const res = await get(url, owner.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('out tomorrow');
      expect((await get(url, stranger.cookie)).statusCode, url).toBe(403);
    }
    expect((await get(`/api/video/v/${videoId}`, stranger.cookie)).statusCode).toBe(404);

    // Published: public URLs, served to everyone.
    const published = await app.inject({
      method: 'PATCH',
      url: `/api/video/v/${videoId}`,
      headers: { cookie: owner.cookie },
      payload: { publishAt: null },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect((await get(`/api/video/v/${videoId}`)).json().data.videoFile).toBe(`/media/videos/${videoId}/video.mp4`);
    for (const file of FILES) {
      for (const cookie of [undefined, stranger.cookie])
        expect((await get(`/media/videos/${videoId}/${file}`, cookie)).statusCode).toBe(200);
    }
  });

  it('the access rule says so in every batch answer', async () => {
    const owner = await createUser(db);
    const videoId = await scheduledVideo(owner.id);
    expect(await ctx.deps.services.access.decideMedia(videoId, null)).toMatchObject({
      open: false,
      watchable: false,
      final: false,
    });
  });
});
