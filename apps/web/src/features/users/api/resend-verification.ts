import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/users/verify-email/resend (API.md §19): a new verification link to my address (a few an hour). */
export function resendVerification() {
  return api.post<Record<string, never>>('/api/users/verify-email/resend');
}

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
