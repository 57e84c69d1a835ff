import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetriedVideo } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { videoKeys } from '@/lib/query-keys';

/** POST /api/video/v/:videoId/retry (owner or admin): a failed video whose source is still stored is processed again. */
export function retryVideo(videoId: string) {
  return api.post<RetriedVideo>(`/api/video/v/${encodeURIComponent(videoId)}/retry`);
}

export function useRetryVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
