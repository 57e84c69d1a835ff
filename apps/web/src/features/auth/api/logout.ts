import { useTranslation } from '@/i18n/use-translation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, errorText } from '@/lib/api-client';
import { clearCurrentUser } from '@/lib/auth';
import { toastError } from '@/lib/toast';

/** POST /api/users/logout; the server clears both cookies. */
export function logout() {
  return api.post<Record<string, never>>('/api/users/logout');
}

/**
 * Logs out and opens the sign-in page. Here, not in the caller's `mutate` options: the button goes
 * with the signed-in user's sidebar, and an unmounted caller's callbacks are never called.
 */
export function useLogout() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      void navigate('/', { replace: true });
      clearCurrentUser();
      queryClient.clear();
    },
    onError: (error) => {
      console.error('Logout failed', error);
      toastError(errorText(error, t('logout.failed')));
    },
  });
}
