import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { clearCurrentUser } from '@/lib/auth';

/** DELETE /api/users/me (API.md §19): my password, and a code when two factors are on. */
export function deleteAccount(input: { password: string; code?: string }) {
  return api.delete<Record<string, never>>('/api/users/me', { json: input });
}

/** Deletes my account, then forgets me here and opens the sign-in page. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      void navigate('/', { replace: true });
      clearCurrentUser();
      queryClient.clear();
    },
  });
}
