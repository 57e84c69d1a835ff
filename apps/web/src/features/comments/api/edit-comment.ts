import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import type { Comment } from '@streamhub/contract';
import { api, errorText } from '@/lib/api-client';
import { setQueries } from '@/lib/optimistic';
import { commentKeys } from '@/lib/query-keys';
import { toastError } from '@/lib/toast';
import { replaceComment, type CommentTarget } from '../comment-rules';

/** POST /api/comment/c/:commentId with {content}: the author edits; answers the updated comment. */
export function editComment(commentId: string, content: string) {
  return api.post<Comment>(`/api/comment/c/${encodeURIComponent(commentId)}`, { json: { content } });
}

export function useEditComment(target: CommentTarget) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, content }: { commentId: string; content: string }) => editComment(commentId, content),
    onSuccess: (comment) => {
      // The list and its open threads (a reply is edited in its thread).
      setQueries<Comment[]>(queryClient, commentKeys.list(target.kind, target.id), (list) => replaceComment(list, comment));
    },
    onError: (error) => {
      console.error('Could not edit the comment', error);
      toastError(errorText(error, t('commentsApi.editFailed')));
    },
  });
}
