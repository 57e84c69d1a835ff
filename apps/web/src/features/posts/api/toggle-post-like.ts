import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import type { LikeToggle, Post } from '@streamhub/contract';
import { api, errorText } from '@/lib/api-client';
import { toggledLike, withLikeResult } from '@/lib/likes';
import { patchQueries, rollbackAll, setQueries } from '@/lib/optimistic';
import { postKeys } from '@/lib/query-keys';
import { toastError } from '@/lib/toast';

/** POST /api/like/p/:postId toggles and answers {isLiked, likes}. */
export function togglePostLike(postId: string) {
  return api.post<LikeToggle>(`/api/like/p/${encodeURIComponent(postId)}`);
}

const inList = (postId: string, change: (post: Post) => Post) => (list: Post[]) =>
  list.map((post) => (post._id === postId ? change(post) : post));

/** Optimistic (SPEC §4): the post flips at once in its detail and in lists; a refusal puts it back and says so. */
export function useTogglePostLike() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: togglePostLike,
    onMutate: async (postId) => {
      const rollbacks = [
        await patchQueries<Post>(queryClient, postKeys.detail(postId), toggledLike),
        await patchQueries<Post[]>(queryClient, postKeys.lists(), inList(postId, toggledLike)),
      ];
      return { rollback: rollbackAll(rollbacks) };
    },
    onSuccess: (result, postId) => {
      const settle = (post: Post) => withLikeResult(post, result);
      setQueries<Post>(queryClient, postKeys.detail(postId), settle);
      setQueries<Post[]>(queryClient, postKeys.lists(), inList(postId, settle));
    },
    onError: (error, _postId, context) => {
      context?.rollback();
      console.error('Could not like the post', error);
      toastError(errorText(error, t('likes.notSaved')));
    },
  });
}
