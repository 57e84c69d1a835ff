import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshProfile } from '../refresh-profile';

/** PATCH /api/users/update_password {oldPassword, newPassword}; a wrong old password is a 403. */
export function updatePassword(input: { oldPassword: string; newPassword: string }) {
  return api.patch<Record<string, never>>('/api/users/update_password', { json: input });
}

export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: () => refreshProfile(queryClient),
  });
}
