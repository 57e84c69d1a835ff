import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DashboardVideo } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { videoEditFormData, type VideoEditChanges } from '../video-edit';
import { videoKeys } from '@/lib/query-keys';

/** PATCH /api/video/v/:videoId multipart with the changed fields only. */
export function updateVideo({ videoId, changes }: { videoId: string; changes: VideoEditChanges }) {
  return api.patch<DashboardVideo>(`/api/video/v/${encodeURIComponent(videoId)}`, { form: videoEditFormData(changes) });
}

export function useUpdateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
