import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import type { Comment } from '@streamhub/contract';
import { api, errorText } from '@/lib/api-client';
import { commentKeys, postKeys } from '@/lib/query-keys';
import { toastError } from '@/lib/toast';
import { appendComment, commentsPath, type CommentTarget } from '../comment-rules';

/** POST /api/comment/video/:videoId or /api/comment/post/:postId with {content} (201, the comment). */
export function addComment(target: CommentTarget, content: string) {
  return api.post<Comment>(commentsPath(target), { json: { content } });
}

export function useAddComment(target: CommentTarget) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => addComment(target, content),
    onSuccess: (comment) => {
      queryClient.setQueryData<Comment[]>(commentKeys.list(target.kind, target.id), (list) => appendComment(list, comment));
      // A post shows its comment count.
      if (target.kind === 'post') void queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
    onError: (error) => {
      console.error('Could not add the comment', error);
      toastError(errorText(error, t('commentsApi.addFailed')));
    },
  });
}
