import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Takedown } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { moderationKeys } from '../moderation-keys';

/**
 * POST /api/admin/takedown: hides a video, comment, post or playlist with a reason its owner sees;
 * paid content refunds its buyers; every open report on it becomes `actioned`.
 */
export function takeDown(body: Takedown) {
  return api.post<Record<string, never>>('/api/admin/takedown', { json: body });
}

export function useTakeDown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeDown,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
