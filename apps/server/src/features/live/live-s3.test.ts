import { afterAll, expect, it } from 'vitest';
import { startTestS3 } from '../../../test/s3-server.ts';
import { waitFor } from '../../../test/clips.ts';
import { pushTestPattern } from '../../../test/rtmp-push.ts';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { parseMediaPlaylist } from '@streamhub/contract';

// A live with STORAGE_DRIVER=s3 (s3rver): its segments and playlists are written to the bucket
// through the storage interface as they come, viewers get them from the bucket, and the replay's
// transcode takes its source from there too.
const s3 = await startTestS3();
const ctx = await createTestContext({ ...s3.env, LIVE_GRACE_SECONDS: '2' }, { worker: true });
afterAll(() => s3.stop());

it('stores the live in the bucket and makes the replay from it', { timeout: 180_000 }, async () => {
  const owner = await registerUser(ctx);
  const port = await waitFor(async () => ctx.deps.services.liveIngest.port(), 30_000, 50);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/live',
    headers: { cookie: owner.cookie },
    payload: { title: 'Live to the bucket', description: 'S3' },
  });
  const { _id: id, streamKey } = created.json().data as { _id: string; streamKey: string };
  const publisher = pushTestPattern(`rtmp://127.0.0.1:${port}/live/${streamKey}`, { seconds: 7 });
  const watch = async () => (await ctx.app.inject({ url: `/api/video/v/${id}`, headers: { cookie: owner.cookie } })).json().data;
  const live = await waitFor(async () => {
    const w = await watch();
    return w?.status === 'live' ? w : null;
  }, 60_000);

  // Public media come from the bucket itself.
  expect(live.hlsUrl).toBe(`${s3.endpoint}/${s3.bucket}/videos/${id}/live/master.m3u8`);
  const rung = await (await fetch(live.hlsUrl.replace('master.m3u8', '240p/index.m3u8'))).text();
  expect(rung).toContain('#EXT-X-PROGRAM-DATE-TIME:');
  const segment = parseMediaPlaylist(rung).segments[0]!;
  const bytes = await fetch(live.hlsUrl.replace('master.m3u8', `240p/${segment.uri}`));
  expect(bytes.status).toBe(200);
  expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  expect((await ctx.deps.storage.list(`videos/${id}/live`)).length).toBeGreaterThan(3);

  expect(await publisher.exit).toBe(0);
  const replay = await waitFor(
    async () => {
      const w = await watch();
      return w?.status === 'ready' && w.videoFile ? w : null;
    },
    150_000,
    500,
  );
  expect(replay.isLive).toBe(false);
  expect(await ctx.deps.storage.exists(`videos/${id}/master.m3u8`)).toBe(true);
  // The live's files went with the replay's encode; its source was removed once it was done.
  expect((await ctx.deps.storage.list(`videos/${id}/live`)).length).toBe(0);
  expect(await ctx.deps.storage.exists(`sources/${id}`)).toBe(false);
});
