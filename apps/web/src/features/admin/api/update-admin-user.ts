import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserPatch } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../admin-keys';

/** PATCH /api/admin/users/:id (admin): role, upload limit, storage quota (null: the default). */
export function updateAdminUser({ userId, patch }: { userId: string; patch: AdminUserPatch }) {
  return api.patch<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}`, { json: patch });
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.usersAll() }),
  });
}
