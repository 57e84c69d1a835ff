import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import type { Comment } from '@streamhub/contract';
import { api, errorText } from '@/lib/api-client';
import { commentKeys } from '@/lib/query-keys';
import { toastError } from '@/lib/toast';
import { appendComment, countReply, type CommentTarget } from '../comment-rules';

/** POST /api/comment/c/:commentId/replies with {content} (201): a reply to a reply joins the same thread. */
export function addReply(commentId: string, content: string) {
  return api.post<Comment>(`/api/comment/c/${encodeURIComponent(commentId)}/replies`, { json: { content } });
}

export function useAddReply(target: CommentTarget) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, content }: { commentId: string; content: string }) => addReply(commentId, content),
    onSuccess: (reply) => {
      const topId = reply.parentId ?? '';
      queryClient.setQueryData<Comment[]>(commentKeys.replies(target.kind, target.id, topId), (list) =>
        list ? appendComment(list, reply) : list,
      );
      // A held reply is seen by its author only and not counted (docs/community.md).
      if (!reply.held) {
        queryClient.setQueryData<Comment[]>(commentKeys.list(target.kind, target.id), (list) =>
          list ? countReply(list, topId) : list,
        );
      }
    },
    onError: (error) => {
      console.error('Could not add the reply', error);
      toastError(errorText(error, t('commentsApi.replyFailed')));
    },
  });
}
