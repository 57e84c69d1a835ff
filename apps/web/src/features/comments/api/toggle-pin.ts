import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import type { Comment } from '@streamhub/contract';
import { api, errorText } from '@/lib/api-client';
import { commentKeys } from '@/lib/query-keys';
import { toastError } from '@/lib/toast';
import type { CommentTarget } from '../comment-rules';

/** POST /api/comment/c/:commentId/pin: the owner of the video or post pins, or unpins (API.md §14). */
export function togglePin(commentId: string) {
  return api.post<Comment>(`/api/comment/c/${encodeURIComponent(commentId)}/pin`);
}

/** Pinning one unpins another: the list is asked again. */
export function useTogglePin(target: CommentTarget) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: togglePin,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commentKeys.list(target.kind, target.id), exact: true }),
    onError: (error) => {
      console.error('Could not pin the comment', error);
      toastError(errorText(error, t('commentsApi.pinFailed')));
    },
  });
}
