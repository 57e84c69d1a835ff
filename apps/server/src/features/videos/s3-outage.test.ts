import { afterAll, describe, expect, it } from 'vitest';
import { startTestS3 } from '../../../test/s3-server.ts';
import { startCuttableProxy } from '../../../test/cuttable-proxy.ts';
import { waitFor } from '../../../test/clips.ts';
import { createTestContext, registerUser, uploadClip } from '../../../test/support.ts';
import path from 'node:path';

// Acceptance of "an S3 outage during a publish": the storage the server talks to goes away for
// 60 s while the transcode uploads its renditions; the job waits it out (no retry used) and the
// video ends ready and playable.
const s3 = await startTestS3();
let cutAt = 0;
let cutDone: Promise<void> | undefined;
const proxy = await startCuttableProxy(new URL(s3.endpoint), (head) => {
  // The first upload of a rendition (`PUT /<bucket>/videos/<id>/…`): the publish has begun.
  if (cutDone || !head.startsWith(`PUT /${s3.bucket}/videos/`)) return;
  cutAt = Date.now();
  proxy.cut();
  cutDone = new Promise((resolve) => setTimeout(resolve, 60_000)).then(() => proxy.restore());
});
const ctx = await createTestContext({ ...s3.env, S3_ENDPOINT: proxy.endpoint, JOB_RETRY_LIMIT: '1' }, { worker: true });
afterAll(async () => {
  proxy.close();
  await s3.stop();
});

describe('an S3 outage during a transcode', () => {
  it('is waited out: after 60 s without storage the video ends ready and plays', { timeout: 240_000 }, async () => {
    const owner = await registerUser(ctx);
    const { id } = await uploadClip(ctx, owner, {
      name: 'outage.mp4',
      title: 'Through an outage',
      seconds: 2,
      width: 320,
      height: 240,
    });

    await waitFor(async () => cutDone !== undefined, 120_000);
    // The bucket is reported down meanwhile.
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().data.storage).toMatchObject({ driver: 's3', ok: false });
    await cutDone;

    const status = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/dashboard/videos/${owner.id}`,
        headers: { cookie: owner.cookie },
      });
      return res.json().data.videos.find((x: { _id: string }) => x._id === id) as { status: string; failureReason?: string };
    };
    await waitFor(
      async () => {
        const v = await status();
        if (v.status === 'failed') throw new Error(`failed: ${v.failureReason}`);
        return v.status === 'ready';
      },
      180_000,
      500,
    );
    // Ready only once the storage was back, and with one retry allowed it still was not used up.
    expect(Date.now() - cutAt).toBeGreaterThanOrEqual(60_000);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json().data.storage).toMatchObject({ ok: true });

    // Plays: the master playlist, a rung playlist and its media file all read back from the bucket.
    const storage = ctx.deps.storage;
    const readText = async (key: string) => {
      const r = await storage.read(key);
      expect(r, key).not.toBeNull();
      const chunks: Buffer[] = [];
      for await (const c of r!.body) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    };
    const master = (await readText(`videos/${id}/master.m3u8`)).toString();
    expect(master).toContain('#EXTM3U');
    const rung = master.split('\n').find((l) => l && !l.startsWith('#'))!;
    const playlist = (await readText(`videos/${id}/${rung}`)).toString();
    const media = playlist.split('\n').find((l) => l && !l.startsWith('#'))!;
    const segment = await readText(path.posix.join(path.posix.dirname(`videos/${id}/${rung}`), media));
    expect(segment.length).toBeGreaterThan(1000);
  });
});
