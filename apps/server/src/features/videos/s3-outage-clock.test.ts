import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestS3 } from '../../../test/s3-server.ts';
import { startCuttableProxy } from '../../../test/cuttable-proxy.ts';
import { waitFor } from '../../../test/clips.ts';
import { createTestContext, registerUser, uploadClip } from '../../../test/support.ts';

// STORAGE_OUTAGE_MAX_MINUTES is a clock: a transcode waiting out an outage whose next storage call
// hangs (the bucket stopped refusing connections and now answers nothing) fails the video when
// the ceiling passes, not once that call's own timeouts have run out (S3_TIMEOUT_SECONDS, 60 s by
// default here, for each of the SDK's 3 attempts).
const CEILING_MS = 15_000;
const s3 = await startTestS3();
let cutAt = 0;
const proxy = await startCuttableProxy(new URL(s3.endpoint), (head) => {
  // The transcode's first call, before any encoding: the listing of the video's folder, to empty it.
  if (cutAt || !head.startsWith(`GET /${s3.bucket}/?`) || !head.includes('prefix=videos%2F')) return;
  cutAt = Date.now();
  proxy.cut();
});
const ctx = await createTestContext(
  { ...s3.env, S3_ENDPOINT: proxy.endpoint, STORAGE_OUTAGE_MAX_MINUTES: String(CEILING_MS / 60_000) },
  { worker: true },
);
afterAll(async () => {
  proxy.close();
  await s3.stop();
});

describe('the storage outage ceiling', () => {
  it('fails the video when it passes, even while a storage call hangs', { timeout: 120_000 }, async () => {
    const owner = await registerUser(ctx);
    const { id, row } = await uploadClip(ctx, owner, { name: 'outage-clock.mp4', title: 'Refused, then unanswered' });

    // Refused: the job waits the outage out, back in the queue, since when it is kept.
    await waitFor(async () => {
      const { rows } = await sql<{ since: string | null }>`
        SELECT output->'waiting'->>'since' AS since FROM pgboss.job
         WHERE name = 'video.transcode' AND data->>'videoId' = ${id}`.execute(ctx.db);
      return rows.some((r) => r.since !== null);
    }, 30_000);
    expect((await row()).status).toBe('processing');
    // Now silent: every later call of the job hangs until its timeouts, a minute and more.
    await proxy.restore();
    proxy.silence();

    const failed = await waitFor(async () => ((await row()).status === 'failed' ? Date.now() : 0), 45_000, 200);
    expect((await row()).failure_reason).toBe('Processing failed: the storage could not be reached for 0 minutes');
    // At the ceiling, not before it.
    expect(failed - cutAt).toBeGreaterThanOrEqual(CEILING_MS);
  });
});
