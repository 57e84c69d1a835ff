import type { DurableSubscriber } from '../../../events/durable.ts';
import type { NotificationSourcesRepo } from '../notification-sources.repo.ts';
import type { NotificationsService } from '../notifications.service.ts';

/**
 * `comment.created` → the owner of the video or post it is written under (not its author
 * commenting on their own), while they may see it.
 */
export function notifyOwnerOfNewComment(deps: {
  notifications: Pick<NotificationsService, 'notify'>;
  sources: Pick<NotificationSourcesRepo, 'comment'>;
}): DurableSubscriber<'comment.created'> {
  return {
    name: 'notify-owner-of-new-comment',
    event: 'comment.created',
    async handle(event) {
      const comment = await deps.sources.comment(event.payload.commentId);
      if (!comment?.parent_owner_id) return;
      await deps.notifications.notify({
        recipientId: comment.parent_owner_id,
        type: 'comment.created',
        eventId: event.id,
        actorId: comment.owner_id,
        commentId: comment.id,
        videoId: comment.video_id,
        postId: comment.post_id,
      });
    },
  };
}
