import { afterAll, describe, expect, it } from 'vitest';
import { startTestS3 } from '../../../test/s3-server.ts';
import { startCuttableProxy } from '../../../test/cuttable-proxy.ts';
import { waitFor } from '../../../test/clips.ts';
import { createTestContext, registerUser, uploadClip } from '../../../test/support.ts';

// An S3 that stops answering without closing anything (a hung endpoint, a half-open connection,
// a blackholed route): no error ever comes by itself. Each request ends after S3_TIMEOUT_SECONDS
// of silence as unreachable storage, so the transcode meets STORAGE_OUTAGE_MAX_MINUTES (0 here)
// and fails the video with that reason instead of waiting forever; once the storage answers
// again, its owner retries it.
const s3 = await startTestS3();
let silencedAt = 0;
const proxy = await startCuttableProxy(new URL(s3.endpoint), (head) => {
  if (silencedAt || !head.startsWith(`PUT /${s3.bucket}/videos/`)) return;
  silencedAt = Date.now();
  proxy.silence();
});
const ctx = await createTestContext(
  { ...s3.env, S3_ENDPOINT: proxy.endpoint, STORAGE_OUTAGE_MAX_MINUTES: '0', S3_TIMEOUT_SECONDS: '1' },
  { worker: true },
);
afterAll(async () => {
  proxy.close();
  await s3.stop();
});

describe('an S3 that stops answering but keeps its connections open', () => {
  it(
    'fails the video after its requests time out, and its owner retries it once the storage answers',
    { timeout: 600_000 },
    async () => {
      const owner = await registerUser(ctx);
      const { id, row } = await uploadClip(ctx, owner, { name: 'unanswered.mp4', title: 'Nobody answers' });

      // Until the upload of its renditions the storage answers (encoding speed is not what is tested).
      await waitFor(async () => silencedAt > 0, 240_000, 300);
      // Then a few requests of 1 s each (the SDK's attempts): well within this, whatever the load.
      await waitFor(async () => (await row()).status === 'failed', 45_000, 300);
      expect((await row()).failure_reason).toBe('Processing failed: the storage could not be reached for 0 minutes');

      await proxy.restore();
      const retried = await ctx.app.inject({
        method: 'POST',
        url: `/api/video/v/${id}/retry`,
        headers: { cookie: owner.cookie },
      });
      expect(retried.statusCode, retried.body).toBe(200);
      await waitFor(async () => (await row()).status === 'ready', 240_000, 300);
    },
  );
});
