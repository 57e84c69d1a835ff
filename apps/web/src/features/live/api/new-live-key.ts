import { useMutation } from '@tanstack/react-query';
import type { LiveKey } from '@streamhub/contract';
import { api } from '@/lib/api-client';

/** POST /api/live/:videoId/key (owner only) → a new {streamKey, serverUrl, ingestUrl}; the old key stops working. */
export function newLiveKey(videoId: string) {
  return api.post<LiveKey>(`/api/live/${encodeURIComponent(videoId)}/key`);
}

export const useNewLiveKey = (videoId: string) => useMutation({ mutationFn: () => newLiveKey(videoId) });
