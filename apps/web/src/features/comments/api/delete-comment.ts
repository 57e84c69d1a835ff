import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import type { Comment } from '@streamhub/contract';
import { api, errorText } from '@/lib/api-client';
import { setQueries } from '@/lib/optimistic';
import { commentKeys, postKeys } from '@/lib/query-keys';
import { toastError, toastSuccess } from '@/lib/toast';
import type { CommentTarget } from '../comment-rules';

/** DELETE /api/comment/c/:commentId (author only). */
export function deleteComment(commentId: string) {
  return api.delete<Record<string, never>>(`/api/comment/c/${encodeURIComponent(commentId)}`);
}

export function useDeleteComment(target: CommentTarget) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_data, commentId) => {
      const key = commentKeys.list(target.kind, target.id);
      const topLevel = queryClient.getQueryData<Comment[]>(key)?.some((c) => c._id === commentId);
      // The list and its open threads; a reply's thread count is asked again.
      setQueries<Comment[]>(queryClient, key, (list) => list.filter((c) => c._id !== commentId));
      if (!topLevel) void queryClient.invalidateQueries({ queryKey: key, exact: true });
      if (target.kind === 'post') void queryClient.invalidateQueries({ queryKey: postKeys.all });
      toastSuccess(t('commentsApi.deleted'));
    },
    onError: (error) => {
      console.error('Could not delete the comment', error);
      toastError(errorText(error, t('commentsApi.deleteFailed')));
    },
  });
}
