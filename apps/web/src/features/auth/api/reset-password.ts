import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/users/password/reset (API.md §19): the mailed link's token and a new password; every session ends. */
export function resetPassword(input: { token: string; newPassword: string }) {
  return api.post<Record<string, never>>('/api/users/password/reset', { json: input });
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
