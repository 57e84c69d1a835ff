import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/support.ts';
import { waitFor } from '../../test/clips.ts';
import { newId } from '../lib/ids.ts';
import { expiryAbortMs } from './queue.ts';
import type { JobHandlers } from './registry.ts';

// No retries: the first failure is the last one.
const ctx = await createTestContext({ JOB_RETRY_LIMIT: '0' });
const quiet = { warn() {}, error() {} };

/** pg-boss's view of the jobs about one video. */
async function jobsAbout(videoId: string) {
  const { rows } = await sql<{ name: string; state: string; before_expiry: boolean }>`
    SELECT name, state, now() < started_on + expire_in AS before_expiry
    FROM pgboss.job WHERE data->>'videoId' = ${videoId} ORDER BY created_on`.execute(ctx.db);
  return rows;
}

/** Test handlers: `video.transcode` waits for its abort, as a hung ffmpeg would; both record what they saw. */
function recordingHandlers() {
  const aborted: { videoId: string; reason: string; job: Awaited<ReturnType<typeof jobsAbout>>[number] | undefined }[] = [];
  const started: string[] = [];
  const dead: string[] = [];
  const handlers: JobHandlers = {
    'video.transcode': async ({ videoId }, job) => {
      started.push(videoId);
      expect(job).toMatchObject({ attempt: 1, isLastAttempt: true });
      await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve(), { once: true }));
      // What pg-boss thinks of the job at the moment of the abort.
      const [state] = (await jobsAbout(videoId)).filter((j) => j.name === 'video.transcode');
      aborted.push({ videoId, reason: String((job.signal.reason as Error).message), job: state });
      throw job.signal.reason;
    },
    'video.transcode.dead': async ({ videoId }) => {
      dead.push(videoId);
    },
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
  return { handlers, aborted, started, dead };
}

const recorded = recordingHandlers();
await ctx.deps.queue.work(recorded.handlers, quiet);

describe('job queue (pg-boss)', () => {
  it('aborts a handler before its job expires, and a job that fails for good reaches its dead-letter handler', async () => {
    const videoId = newId();
    await ctx.deps.queue.send('video.transcode', { videoId }, { expireInSeconds: 3 });
    ctx.deps.queue.nudge('video.transcode');

    await waitFor(async () => recorded.aborted.find((a) => a.videoId === videoId), 20_000, 50);
    // Aborted by the queue itself while pg-boss still held the job active and unexpired.
    expect(recorded.aborted.filter((a) => a.videoId === videoId)).toEqual([
      { videoId, reason: 'Processing took too long', job: { name: 'video.transcode', state: 'active', before_expiry: true } },
    ]);
    await waitFor(async () => recorded.dead.includes(videoId), 20_000, 100);
    expect(recorded.dead.filter((id) => id === videoId)).toEqual([videoId]);
    expect((await jobsAbout(videoId)).map((j) => [j.name, j.state])).toEqual([
      ['video.transcode', 'failed'],
      ['video.transcode.dead', 'completed'],
    ]);
  });

  it('cancels the jobs about one subject, queued or running, and aborts a running handler here', async () => {
    const [queued, runningHere, other] = [newId(), newId(), newId()];
    // A job that would run in an hour, and one that runs now.
    await ctx.deps.queue.send('video.transcode', { videoId: runningHere }, { expireInSeconds: 600 });
    ctx.deps.queue.nudge('video.transcode');
    await waitFor(async () => recorded.started.includes(runningHere), 20_000, 50);
    await ctx.deps.queue.send('video.transcode', { videoId: queued });
    await ctx.deps.queue.send('video.transcode', { videoId: other });
    await sql`UPDATE pgboss.job SET start_after = now() + interval '1 hour' WHERE data->>'videoId' IN (${queued}, ${other})`.execute(
      ctx.db,
    );

    expect(await ctx.deps.queue.cancel('video.transcode', { videoId: queued })).toBe(1);
    expect(await ctx.deps.queue.cancel('video.transcode', { videoId: runningHere })).toBe(1);
    await ctx.deps.queue.abortRunning('video.transcode', { videoId: runningHere });
    // abortRunning resolves once the handler has returned.
    expect(recorded.aborted.filter((a) => a.videoId === runningHere)).toMatchObject([{ reason: 'Job cancelled' }]);
    expect((await jobsAbout(queued)).map((j) => j.state)).toEqual(['cancelled']);
    expect((await jobsAbout(other)).map((j) => j.state)).toEqual(['created']);
    // The handler's failure does not turn the cancelled job into a retry or a dead letter.
    await waitFor(async () => !(await jobsAbout(runningHere)).some((j) => j.state === 'active'), 10_000, 50);
    expect((await jobsAbout(runningHere)).map((j) => [j.name, j.state])).toEqual([['video.transcode', 'cancelled']]);
    expect(recorded.dead).not.toContain(runningHere);
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
