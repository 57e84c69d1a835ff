import type { DurableSubscriber } from '../../../events/durable.ts';
import type { NotificationsService } from '../notifications.service.ts';

/**
 * `video.deleted` → its notifications go, and the unread counts with them. Not a foreign key:
 * one checked per row would slow a published video's fan-out by a fifth (migration 0016); until
 * this runs, reads skip notifications whose video is gone.
 */
export function forgetNotificationsOfDeletedVideo(deps: {
  notifications: Pick<NotificationsService, 'forgetVideo'>;
}): DurableSubscriber<'video.deleted'> {
  return {
    name: 'forget-notifications-of-deleted-video',
    event: 'video.deleted',
    handle: (event) => deps.notifications.forgetVideo(event.payload.videoId),
  };
}
