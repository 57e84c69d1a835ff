import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestS3 } from '../../../test/s3-server.ts';
import { startCuttableProxy } from '../../../test/cuttable-proxy.ts';
import { makeClip, waitFor } from '../../../test/clips.ts';
import { createTestContext, multipart, registerUser, testImage } from '../../../test/support.ts';

// Past STORAGE_OUTAGE_MAX_MINUTES (0 here: no waiting at all) an S3 outage fails the video with
// that reason, its source kept in the bucket; once the storage is back its owner retries it.
const s3 = await startTestS3();
let cut = false;
const proxy = await startCuttableProxy(new URL(s3.endpoint), (head) => {
  if (cut || !head.startsWith(`PUT /${s3.bucket}/videos/`)) return;
  cut = true;
  proxy.cut();
});
const ctx = await createTestContext(
  { ...s3.env, S3_ENDPOINT: proxy.endpoint, STORAGE_OUTAGE_MAX_MINUTES: '0' },
  { worker: true },
);
afterAll(async () => {
  proxy.close();
  await s3.stop();
});

describe('an S3 outage longer than STORAGE_OUTAGE_MAX_MINUTES', () => {
  it('fails the video with that reason, and its owner retries it once the storage is back', { timeout: 120_000 }, async () => {
    const owner = await registerUser(ctx);
    const clip = await makeClip('outage-ceiling.mp4', { seconds: 2, width: 320, height: 240 });
    const form = multipart(
      { title: 'Too long an outage', description: 'S3 stays away' },
      {
        videoFile: { data: await fs.readFile(clip), filename: path.basename(clip), type: 'video/mp4' },
        thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
      },
      owner.cookie,
    );
    const created = await ctx.app.inject({ method: 'POST', url: '/api/video/new', ...form });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id as string;
    const row = () =>
      ctx.db.selectFrom('videos').select(['status', 'failure_reason']).where('id', '=', id).executeTakeFirstOrThrow();
    await waitFor(async () => (await row()).status === 'failed', 90_000, 300);
    expect((await row()).failure_reason).toBe('Processing failed: the storage could not be reached for 0 minutes');

    await proxy.restore();
    const retried = await ctx.app.inject({ method: 'POST', url: `/api/video/v/${id}/retry`, headers: { cookie: owner.cookie } });
    expect(retried.statusCode, retried.body).toBe(200);
    await waitFor(async () => (await row()).status === 'ready', 90_000, 300);
  });
});
