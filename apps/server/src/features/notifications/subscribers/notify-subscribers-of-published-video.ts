import type { DurableSubscriber } from '../../../events/durable.ts';
import type { NotificationsService } from '../notifications.service.ts';

/** Subscribers notified per transaction: large enough to be quick, small enough not to hold locks long. */
export const FAN_OUT_BATCH = 5000;

/**
 * `video.published` → every subscriber of its channel (who has not turned the type off), in
 * batches of FAN_OUT_BATCH, each its own transaction, in a job (never in the request that
 * published). A job killed mid-way starts again after the last subscriber it notified.
 */
export function notifySubscribersOfPublishedVideo(deps: {
  notifications: Pick<NotificationsService, 'fanOutBatch' | 'lastNotified'>;
  batchSize?: number;
}): DurableSubscriber<'video.published'> {
  const batchSize = deps.batchSize ?? FAN_OUT_BATCH;
  return {
    name: 'notify-subscribers-of-published-video',
    event: 'video.published',
    async handle(event, ctx) {
      let after = await deps.notifications.lastNotified(event.id);
      for (;;) {
        ctx.signal.throwIfAborted();
        const batch = await deps.notifications.fanOutBatch(event.id, event.payload.videoId, after, batchSize);
        if (batch.last === null) return;
        after = batch.last;
      }
    },
  };
}
