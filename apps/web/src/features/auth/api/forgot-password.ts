import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/users/password/forgot (API.md §19): always `{}`, whether or not the address names an account. */
export function forgotPassword(input: { email: string }) {
  return api.post<Record<string, never>>('/api/users/password/forgot', { json: input });
}

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
