import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorText } from '@/lib/api-client';
import { clearCurrentUser } from '@/lib/auth';
import { toastError } from '@/lib/toast';

/** POST /api/users/logout; the server clears both cookies. */
export function logout() {
  return api.post<Record<string, never>>('/api/users/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      clearCurrentUser();
      queryClient.clear();
    },
    onError: (error) => {
      console.error('Logout failed', error);
      toastError(errorText(error, 'Could not log out. Please try again.'));
    },
  });
}
