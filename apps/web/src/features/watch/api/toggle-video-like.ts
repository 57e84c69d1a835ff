import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeToggle, WatchVideo } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { getWatchVideoQueryOptions } from './get-watch-video';
import { likeKeys } from '@/lib/query-keys';

/** POST /api/like/v/:videoId toggles and answers {isLiked, likes} (API.md §7). */
export function toggleVideoLike(videoId: string) {
  return api.post<LikeToggle>(`/api/like/v/${encodeURIComponent(videoId)}`);
}

/** Optimistic like (SPEC §4): flip isLiked and move likes by one; settle with the server's numbers. */
export function useToggleVideoLike(videoId: string) {
  const queryClient = useQueryClient();
  const key = getWatchVideoQueryOptions(videoId).queryKey;
  return useMutation({
    mutationFn: () => toggleVideoLike(videoId),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<WatchVideo>(key);
      if (previous) {
        const isLiked = !previous.isLiked;
        queryClient.setQueryData<WatchVideo>(key, {
          ...previous,
          isLiked,
          likes: Math.max(0, previous.likes + (isLiked ? 1 : -1)),
        });
      }
      return { previous };
    },
    onError: (error, _vars, context) => {
      console.error('Like failed', error);
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (result) => {
      queryClient.setQueryData<WatchVideo>(key, (current) =>
        current ? { ...current, isLiked: result.isLiked, likes: result.likes } : current,
      );
      void queryClient.invalidateQueries({ queryKey: likeKeys.all });
    },
  });
}
