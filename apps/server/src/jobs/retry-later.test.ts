import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/support.ts';
import { waitFor } from '../../test/clips.ts';
import { newId } from '../lib/ids.ts';
import { RetryLater, type JobContext, type JobHandlers } from './registry.ts';

// No retries: a failure that counted would be the last one.
const ctx = await createTestContext({ JOB_RETRY_LIMIT: '0' });
const quiet = { warn() {}, error() {} };

/** `video.transcode` asks to be retried later twice (a full disk), then succeeds; every run is recorded. */
const runs: { videoId: string; at: number; attempt: number; isLastAttempt: boolean }[] = [];
/** Videos whose job follows a plan of RetryLaters instead (`since` of each), recording `waiting.since` of each run. */
const plans = new Map<string, { steps: Array<'kept' | 'now'>; sinces: Array<number | undefined> }>();
const handlers: JobHandlers = {
  'video.transcode': async ({ videoId }, job: JobContext) => {
    const plan = plans.get(videoId);
    if (plan) {
      plan.sinces.push(job.waiting?.since.getTime());
      const since = plan.steps.shift();
      if (since) throw new RetryLater(1, 'storage unreachable', { since });
      return;
    }
    runs.push({ videoId, at: Date.now(), attempt: job.attempt, isLastAttempt: job.isLastAttempt });
    if (runs.filter((r) => r.videoId === videoId).length <= 2) throw new RetryLater(1, 'disk full');
  },
  'video.transcode.dead': async () => {},
  'video.media.move': async () => {},
  'video.publish': async () => {},
  'video.transcribe': async () => {},
  'event.deliver': async () => {},
  'mail.send': async () => {},
  'mail.password-reset': async () => {},
  'mail.verify-email': async () => {},
  'mail.change-email': async () => {},
  'mail.digest': async () => {},
  'account.export': async () => {},
};
await ctx.deps.queue.work(handlers, quiet);

describe('RetryLater (a passing condition such as a full disk)', () => {
  it('puts the job back after its delay without using a retry, as often as needed, until it completes', async () => {
    const videoId = newId();
    await ctx.deps.queue.send('video.transcode', { videoId });
    ctx.deps.queue.nudge('video.transcode');

    const job = async () =>
      (
        await sql<{ state: string; retry_count: number }>`
          SELECT state, retry_count FROM pgboss.job WHERE name = 'video.transcode' AND data->>'videoId' = ${videoId}`.execute(
          ctx.db,
        )
      ).rows;
    await waitFor(async () => (await job())[0]?.state === 'completed', 20_000, 50);
    // One job, never failed, its retry count untouched, though the retry limit is 0.
    expect(await job()).toEqual([{ state: 'completed', retry_count: 0 }]);
    const mine = runs.filter((r) => r.videoId === videoId);
    expect(mine.map((r) => [r.attempt, r.isLastAttempt])).toEqual([
      [1, true],
      [1, true],
      [1, true],
    ]);
    // Each run waited for the delay it asked for.
    expect(mine[1]!.at - mine[0]!.at).toBeGreaterThanOrEqual(900);
    expect(mine[2]!.at - mine[1]!.at).toBeGreaterThanOrEqual(900);
  });

  it('keeps since when the wait began for the same reason, and starts it again when the condition passed in between', async () => {
    const run = async (steps: Array<'kept' | 'now'>) => {
      const videoId = newId();
      const plan = { steps: [...steps], sinces: [] as Array<number | undefined> };
      plans.set(videoId, plan);
      await ctx.deps.queue.send('video.transcode', { videoId });
      ctx.deps.queue.nudge('video.transcode');
      await waitFor(async () => plan.sinces.length === steps.length + 1, 20_000, 50);
      return plan.sinces;
    };
    const [first, kept, stillKept] = await run(['kept', 'kept']);
    expect(first).toBeUndefined();
    expect(kept).toEqual(expect.any(Number));
    expect(stillKept).toBe(kept);
    const [, before, after] = await run(['kept', 'now']);
    expect(after).toBeGreaterThanOrEqual(before! + 900);
  });
});
