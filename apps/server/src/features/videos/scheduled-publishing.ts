import type { Kysely } from 'kysely';
import type { Events } from '../../events/events.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { JobHandlers } from '../../jobs/registry.ts';
import type { VideoQueries, VideosRepo } from './videos.repo.ts';

/**
 * Scheduled publishing (API.md §16, docs/chapters-and-scheduling.md). A video with `publishAt`
 * transcodes at once and is `scheduled` (its owner's alone: `listed()` is `ready` only) until the
 * `video.publish` job, queued for that time, ends its schedule. Exactly once, whatever runs twice:
 * the schedule ends in one guarded UPDATE (only while a time is set, and only once it has come),
 * and the video is announced published by whichever of that UPDATE and the transcode's end
 * (`markDone`) comes second on the row's lock, so its subscribers hear of it once, at its time.
 */

/** Queues the publication of `videoId` at `at`, inside the transaction that schedules it. */
export async function queuePublication(queue: Pick<JobQueue, 'send'>, trx: Kysely<any>, videoId: string, at: Date) {
  await queue.send('video.publish', { videoId }, { trx, startAfter: at, singletonKey: videoId });
}

/** Cancels a video's queued publication (a new time, or public at once), inside `trx`. */
export async function cancelPublication(queue: Pick<JobQueue, 'cancel'>, trx: Kysely<any>, videoId: string) {
  await queue.cancel('video.publish', { videoId }, { trx });
}

/**
 * Ends the schedule of `videoId` in the caller's transaction (`due`: only if its time has come)
 * and announces it: lists and caches forget their pages (`video.changed`), and a finished video
 * is published now (`video.published`: its channel's subscribers hear of it); one still encoding
 * is announced by its transcode's end. False when nothing changed.
 */
export async function endSchedule(
  tx: VideoQueries,
  trx: Kysely<any>,
  events: Pick<Events, 'publish'>,
  videoId: string,
  opts: { due: boolean },
): Promise<boolean> {
  const ended = await tx.endSchedule(videoId, opts);
  if (!ended) return false;
  await events.publish(trx, 'video.changed', { videoId });
  if (ended.has_mp4) await events.publish(trx, 'video.published', { videoId });
  return true;
}

/** How late a publication must be before a worker's start publishes it itself: its job is lost, not late. */
export const OVERDUE_GRACE_SECONDS = 600;

/**
 * The safety net of a worker's start: videos whose time passed over OVERDUE_GRACE_SECONDS ago but
 * still wait (their job failed for good, or was lost with the queue's tables) end their schedule
 * now, each as its job would, so none waits for ever; a job that is merely late (its worker was
 * down) does it itself. Once either way. Returns how many were published.
 */
export async function publishOverdue({ repo, events }: { repo: VideosRepo; events: Pick<Events, 'publish'> }): Promise<number> {
  let published = 0;
  for (;;) {
    const ids = await repo.overdueSchedules(OVERDUE_GRACE_SECONDS, 100);
    for (const videoId of ids) {
      if (await repo.transaction((tx, trx) => endSchedule(tx, trx, events, videoId, { due: true }))) published += 1;
    }
    if (ids.length < 100) return published;
  }
}

/** `video.publish`: a scheduled video's time has come (a video deleted, or already public, is left alone). */
export function createPublishHandler({
  repo,
  events,
}: {
  repo: VideosRepo;
  events: Pick<Events, 'publish'>;
}): JobHandlers['video.publish'] {
  return async ({ videoId }) => {
    await repo.transaction((tx, trx) => endSchedule(tx, trx, events, videoId, { due: true }));
  };
}
