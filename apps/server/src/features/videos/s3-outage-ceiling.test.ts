import { afterAll, describe, expect, it } from 'vitest';
import { startTestS3 } from '../../../test/s3-server.ts';
import { startCuttableProxy } from '../../../test/cuttable-proxy.ts';
import { waitFor } from '../../../test/clips.ts';
import { createTestContext, registerUser, uploadClip } from '../../../test/support.ts';

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
  it('fails the video with that reason, and its owner retries it once the storage is back', { timeout: 600_000 }, async () => {
    const owner = await registerUser(ctx);
    const { id, row } = await uploadClip(ctx, owner, {
      name: 'outage-ceiling.mp4',
      title: 'Too long an outage',
      seconds: 2,
      width: 320,
      height: 240,
    });
    // The cut comes with the first upload, after the encoding: minutes on a loaded machine (the
    // encoder runs at nice 19), so waited for apart from the outage, whose answer is quick.
    await waitFor(async () => cut, 240_000, 300);
    await waitFor(async () => (await row()).status === 'failed', 30_000, 300);
    expect((await row()).failure_reason).toBe('Processing failed: the storage could not be reached for 0 minutes');

    await proxy.restore();
    const retried = await ctx.app.inject({ method: 'POST', url: `/api/video/v/${id}/retry`, headers: { cookie: owner.cookie } });
    expect(retried.statusCode, retried.body).toBe(200);
    await waitFor(async () => (await row()).status === 'ready', 240_000, 300);
  });
});
