import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../admin-keys';

export type UserAction = 'suspend' | 'unsuspend' | 'approve';

/**
 * POST /api/admin/users/:id/{suspend|unsuspend|approve} (API.md §12): suspending ends the
 * account's sessions and hides its content; a reason is recorded in the audit log.
 */
export function runUserAction({ userId, action, reason }: { userId: string; action: UserAction; reason: string }) {
  return api.post<Record<string, never>>(`/api/admin/users/${encodeURIComponent(userId)}/${action}`, {
    // A blank reason is left out: only a suspension requires one.
    json: reason.trim() ? { reason: reason.trim() } : {},
  });
}

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runUserAction,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.usersAll() }),
  });
}
