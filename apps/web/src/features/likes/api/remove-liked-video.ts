import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import type { LikeToggle } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { toastError, toastSuccess } from '@/lib/toast';
import { likeKeys, watchKeys } from '@/lib/query-keys';

/** Removing from Liked Videos is the like toggle: POST /api/like/v/:videoId (SPEC §4). */
export function removeLikedVideo(videoId: string) {
  return api.post<LikeToggle>(`/api/like/v/${encodeURIComponent(videoId)}`);
}

export function useRemoveLikedVideo() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: removeLikedVideo,
    onSuccess: () => {
      toastSuccess(t('removeToast.removed'));
      void queryClient.invalidateQueries({ queryKey: likeKeys.all });
      void queryClient.invalidateQueries({ queryKey: watchKeys.videos() });
    },
    onError: (error) => {
      console.error('Could not remove the liked video', error);
      toastError(t('removeToast.error'));
    },
  });
}
