import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiveInfo } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { liveKeys } from '../live-keys';

/** POST /api/live/:videoId/end (owner only) → the live's state, `ended`: its replay is made from what was recorded. */
export function endLive(videoId: string) {
  return api.post<LiveInfo>(`/api/live/${encodeURIComponent(videoId)}/end`);
}

export function useEndLive(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endLive(videoId),
    onSuccess: (info) => queryClient.setQueryData(liveKeys.info(videoId), info),
  });
}
