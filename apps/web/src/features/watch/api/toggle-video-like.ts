import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import type { LikeToggle, WatchVideo } from '@streamhub/contract';
import { api, errorText } from '@/lib/api-client';
import { toggledLike, withLikeResult } from '@/lib/likes';
import { patchQueries, setQueries } from '@/lib/optimistic';
import { likeKeys, watchKeys } from '@/lib/query-keys';
import { toastError } from '@/lib/toast';

/** POST /api/like/v/:videoId toggles and answers {isLiked, likes} (API.md §7). */
export function toggleVideoLike(videoId: string) {
  return api.post<LikeToggle>(`/api/like/v/${encodeURIComponent(videoId)}`);
}

/** Optimistic like (SPEC §4): the cached video flips at once; a refusal puts it back and says so. */
export function useToggleVideoLike(videoId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = watchKeys.video(videoId);
  return useMutation({
    mutationFn: () => toggleVideoLike(videoId),
    onMutate: async () => ({ rollback: await patchQueries<WatchVideo>(queryClient, key, toggledLike) }),
    onSuccess: (result) => {
      setQueries<WatchVideo>(queryClient, key, (video) => withLikeResult(video, result));
      void queryClient.invalidateQueries({ queryKey: likeKeys.all });
    },
    onError: (error, _vars, context) => {
      context?.rollback();
      console.error('Like failed', error);
      toastError(errorText(error, t('likes.notSaved')));
    },
  });
}
