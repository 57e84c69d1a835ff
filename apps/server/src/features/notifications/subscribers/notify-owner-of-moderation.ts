import type { DurableSubscriber } from '../../../events/durable.ts';
import type { ModeratedType, NotificationSourcesRepo } from '../notification-sources.repo.ts';
import type { NotificationsService } from '../notifications.service.ts';

const MODERATED = new Set<string>(['video', 'comment', 'post', 'playlist', 'channel']);

/**
 * `moderation.takedown` / `moderation.restored` → the owner of the content (or the suspended
 * channel): "Your video “X” was taken down: <reason>", "… was restored". Who acted stays unsaid.
 * One factory for both: they differ only in the event and the type.
 */
export function notifyOwnerOfModeration<N extends 'moderation.takedown' | 'moderation.restored'>(
  event: N,
  deps: { notifications: Pick<NotificationsService, 'notify'>; sources: Pick<NotificationSourcesRepo, 'moderated'> },
): DurableSubscriber<N> {
  return {
    name: event === 'moderation.takedown' ? 'notify-owner-of-takedown' : 'notify-owner-of-restore',
    event,
    async handle(delivered) {
      const { targetType, targetId } = delivered.payload;
      if (!MODERATED.has(targetType)) return;
      const content = await deps.sources.moderated(targetType as ModeratedType, targetId);
      if (!content) return;
      await deps.notifications.notify({
        recipientId: content.ownerId,
        type: event,
        eventId: delivered.id,
        videoId: content.videoId,
        commentId: content.commentId,
        postId: content.postId,
        details: {
          targetType,
          ...(content.title ? { title: content.title } : {}),
          ...(event === 'moderation.takedown' && content.reason ? { reason: content.reason } : {}),
        },
      });
    },
  };
}
