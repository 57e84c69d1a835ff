import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from '@/lib/query-keys';

/** DELETE /api/video/v/:videoId (owner only). */
export function deleteVideo(videoId: string) {
  return api.delete<Record<string, never>>(`/api/video/v/${encodeURIComponent(videoId)}`);
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
