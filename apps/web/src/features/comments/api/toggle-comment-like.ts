import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import type { Comment, LikeToggle } from '@streamhub/contract';
import { api, errorText } from '@/lib/api-client';
import { toggledLike, withLikeResult } from '@/lib/likes';
import { patchQueries, setQueries } from '@/lib/optimistic';
import { commentKeys } from '@/lib/query-keys';
import { toastError } from '@/lib/toast';
import type { CommentTarget } from '../comment-rules';

/** POST /api/like/c/:commentId toggles and answers {isLiked, likes}. */
export function toggleCommentLike(commentId: string) {
  return api.post<LikeToggle>(`/api/like/c/${encodeURIComponent(commentId)}`);
}

/** Optimistic (SPEC §4): the cached comment flips at once; a refusal puts it back and says so. */
export function useToggleCommentLike(target: CommentTarget) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = commentKeys.list(target.kind, target.id);
  const update = (commentId: string, change: (c: Comment) => Comment) => (list: Comment[]) =>
    list.map((c) => (c._id === commentId ? change(c) : c));
  return useMutation({
    mutationFn: toggleCommentLike,
    onMutate: async (commentId) => ({ rollback: await patchQueries(queryClient, key, update(commentId, toggledLike)) }),
    onSuccess: (result, commentId) =>
      setQueries(
        queryClient,
        key,
        update(commentId, (c) => withLikeResult(c, result)),
      ),
    onError: (error, _commentId, context) => {
      context?.rollback();
      console.error('Could not like the comment', error);
      toastError(errorText(error, t('commentsApi.likeFailed')));
    },
  });
}
