import type { DurableSubscriber } from '../../../events/durable.ts';
import type { NotificationSourcesRepo } from '../notification-sources.repo.ts';
import type { NotificationsService } from '../notifications.service.ts';

/**
 * `video.ready` / `video.failed` → its uploader: "Your video “X” is ready", "… could not be
 * processed" (not once the video is removed: the visibility rule). One factory for both.
 */
export function notifyUploaderOfProcessedVideo<N extends 'video.ready' | 'video.failed'>(
  event: N,
  deps: { notifications: Pick<NotificationsService, 'notify'>; sources: Pick<NotificationSourcesRepo, 'video'> },
): DurableSubscriber<N> {
  return {
    name: event === 'video.ready' ? 'notify-uploader-of-ready-video' : 'notify-uploader-of-failed-video',
    event,
    async handle(delivered) {
      const video = await deps.sources.video(delivered.payload.videoId);
      if (!video) return;
      await deps.notifications.notify({ recipientId: video.owner_id, type: event, eventId: delivered.id, videoId: video.id });
    },
  };
}
