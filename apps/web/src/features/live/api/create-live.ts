import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateLiveInput, LiveCreated } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { videoKeys } from '@/lib/query-keys';

/** POST /api/live {title, description, isExclusive?, price?, visibility?, membersOnly?} → {_id, streamKey, serverUrl, ingestUrl} (201, API.md §17). */
export function createLive(body: CreateLiveInput) {
  return api.post<LiveCreated>('/api/live', { json: body });
}

export function useCreateLive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLive,
    // The channel's videos list the new live.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
