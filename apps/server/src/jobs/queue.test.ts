import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/support.ts';
import { waitFor } from '../../test/clips.ts';
import { newId } from '../lib/ids.ts';
import { expiryAbortMs } from './queue.ts';
import type { JobHandlers } from './registry.ts';

// No retries: the first failure is the last one.
const ctx = await createTestContext({ JOB_RETRY_LIMIT: '0' });

describe('job queue (pg-boss)', () => {
  it('aborts a handler before its job expires, and a job that fails for good reaches its dead-letter handler', async () => {
    const aborted: { videoId: string; reason: string; afterMs: number }[] = [];
    const dead: string[] = [];
    const handlers: JobHandlers = {
      'video.transcode': async ({ videoId }, job) => {
        const started = Date.now();
        expect(job).toMatchObject({ attempt: 1, isLastAttempt: true });
        // A handler that never finishes on its own, as a hung ffmpeg would.
        await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve(), { once: true }));
        aborted.push({ videoId, reason: String((job.signal.reason as Error).message), afterMs: Date.now() - started });
        throw job.signal.reason;
      },
      'video.transcode.dead': async ({ videoId }) => {
        dead.push(videoId);
      },
    };
    await ctx.deps.queue.work(handlers, { error() {} });
    const videoId = newId();
    await ctx.deps.queue.send('video.transcode', { videoId }, { expireInSeconds: 3 });
    ctx.deps.queue.nudge('video.transcode');

    await waitFor(async () => aborted.length > 0, 20_000, 50);
    expect(aborted).toEqual([{ videoId, reason: 'Processing took too long', afterMs: expect.any(Number) }]);
    expect(aborted[0]!.afterMs).toBeGreaterThanOrEqual(2_000);
    expect(aborted[0]!.afterMs).toBeLessThan(3_000);
    await waitFor(async () => dead.length > 0, 20_000, 100);
    expect(dead).toEqual([videoId]);
  });

  it('refuses a payload that does not match the job schema at send time', async () => {
    await expect(ctx.deps.queue.send('video.transcode', { videoId: 'not-an-id' })).rejects.toThrow();
  });
});

describe('expiryAbortMs', () => {
  it('stops a handler a little before pg-boss gives the job up', () => {
    expect(expiryAbortMs(300)).toBe(295_000);
    expect(expiryAbortMs(10)).toBe(9_000);
    expect(expiryAbortMs(3)).toBe(2_700);
    expect(expiryAbortMs(0)).toBe(900);
  });
});
