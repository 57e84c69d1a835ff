import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createVideo } from '../../../test/factories.ts';
import { makeClip, waitFor } from '../../../test/clips.ts';
import { startTestS3 } from '../../../test/s3-server.ts';
import { createTestContext, multipart, registerUser, testImage } from '../../../test/support.ts';

/**
 * Captions with STORAGE_DRIVER=s3 (s3rver): the track, its playlist and the master with the
 * SUBTITLES group are objects in the bucket, read from and written to through the storage
 * interface (the master made from the transcode's own master in the bucket); an exclusive video's
 * track is streamed through its token-checked path only; a delete removes the objects.
 */
const s3 = await startTestS3();
const ctx = await createTestContext(s3.env, { worker: true });
afterAll(() => s3.stop());
const { app } = ctx;
const storage = ctx.deps.storage;
const bucketUrl = `${s3.endpoint}/${s3.bucket}`;
const owner = await registerUser(ctx);
const other = await registerUser(ctx);

const VTT = 'WEBVTT\n\n00:00.000 --> 00:01.000\nIn the bucket\n';
const postCaptions = (videoId: string, language: string) =>
  app.inject({
    method: 'POST',
    url: `/api/video/v/${videoId}/captions`,
    ...multipart({ language }, { file: { data: Buffer.from(VTT), filename: 'c.vtt', type: 'text/vtt' } }, owner.cookie),
  });
const watch = async (videoId: string, cookie = owner.cookie) =>
  (await app.inject({ method: 'GET', url: `/api/video/v/${videoId}`, headers: { cookie } })).json().data as {
    hlsUrl: string;
    captions: { url: string }[];
  };

describe('captions on S3', () => {
  it('a transcoded public video: the master with the group and the track are in the bucket; delete removes them', async () => {
    const clip = await makeClip('s3-captions.mp4', { seconds: 2, width: 320, height: 240 });
    const files = {
      videoFile: { data: await fs.readFile(clip), filename: 'c.mp4', type: 'video/mp4' },
      thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
    };
    const res = await app.inject({
      method: 'POST',
      url: '/api/video/new',
      ...multipart({ title: 'Bucket', description: 'Captions on S3' }, files, owner.cookie),
    });
    expect(res.statusCode, res.body).toBe(201);
    const videoId: string = res.json().data._id;
    // Finished: the transcode's own master is in the bucket.
    const finished = () => ctx.db.selectFrom('videos').select('has_mp4').where('id', '=', videoId).executeTakeFirst();
    await waitFor(async () => (await finished())?.has_mp4, 150_000);
    expect((await postCaptions(videoId, 'en')).statusCode).toBe(201);

    const v = await watch(videoId);
    expect(v.hlsUrl).toMatch(new RegExp(`^${bucketUrl}/videos/${videoId}/master-c[a-f0-9]+\\.m3u8$`));
    const master = await (await fetch(v.hlsUrl)).text();
    expect(master).toMatch(/#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en"/);
    expect(master).toMatch(/#EXT-X-STREAM-INF:.*,SUBTITLES="subs"\n/);
    expect(v.captions[0]!.url).toMatch(new RegExp(`^${bucketUrl}/videos/${videoId}/captions/en-[a-f0-9]+\\.vtt$`));
    expect(await (await fetch(v.captions[0]!.url)).text()).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nIn the bucket\n');

    const keys = await storage.list(`videos/${videoId}/captions`);
    expect(keys).toHaveLength(2);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/video/v/${videoId}/captions/en`,
      headers: { cookie: owner.cookie },
    });
    expect(del.statusCode).toBe(200);
    expect(await storage.list(`videos/${videoId}/captions`)).toEqual([]);
    expect(await storage.exists(`videos/${videoId}/${v.hlsUrl.split('/').pop()}`)).toBe(false);
    expect((await watch(videoId)).hlsUrl).toBe(`${bucketUrl}/videos/${videoId}/master.m3u8`);
  });

  it('an exclusive video’s track: streamed through its token-checked path to its owner, to nobody else', async () => {
    const videoId = await createVideo(ctx.db, owner.id, { isExclusive: true, priceMinor: 500 });
    expect((await postCaptions(videoId, 'en')).statusCode).toBe(201);
    const { url } = (await watch(videoId)).captions[0]!;
    expect(url).toMatch(new RegExp(`^/media/t/[^/]+/videos/${videoId}/captions/en-[a-f0-9]+\\.vtt$`));
    const mine = await app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('In the bucket');
    for (const cookie of [other.cookie, undefined]) {
      const refused = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('In the bucket');
    }
    expect(await storage.exists(`exclusive/${videoId}/${url.split(`/videos/${videoId}/`)[1]}`)).toBe(true);
  });
});
