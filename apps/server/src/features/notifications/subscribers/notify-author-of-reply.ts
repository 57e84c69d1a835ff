import type { DurableSubscriber } from '../../../events/durable.ts';
import type { NotificationSourcesRepo } from '../notification-sources.repo.ts';
import type { NotificationsService } from '../notifications.service.ts';

/**
 * `comment.replied` → the author of the top-level comment the reply answers (not someone replying
 * in their own thread), while they may see it.
 */
export function notifyAuthorOfReply(deps: {
  notifications: Pick<NotificationsService, 'notify'>;
  sources: Pick<NotificationSourcesRepo, 'comment'>;
}): DurableSubscriber<'comment.replied'> {
  return {
    name: 'notify-author-of-reply',
    event: 'comment.replied',
    async handle(event) {
      const reply = await deps.sources.comment(event.payload.commentId);
      if (!reply?.replied_to_owner_id) return;
      await deps.notifications.notify({
        recipientId: reply.replied_to_owner_id,
        type: 'comment.reply',
        eventId: event.id,
        actorId: reply.owner_id,
        commentId: reply.id,
        videoId: reply.video_id,
        postId: reply.post_id,
      });
    },
  };
}
