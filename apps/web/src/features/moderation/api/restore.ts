import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Restore } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { moderationKeys } from '../moderation-keys';

/** POST /api/admin/restore: shows a taken-down item again (refunded buyers are not charged again). */
export function restore(body: Restore) {
  return api.post<Record<string, never>>('/api/admin/restore', { json: body });
}

export function useRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restore,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
