import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * PATCH /api/users/update_email {email, password} (API.md §19): a link goes to the new address and
 * the old one is told; the address changes when the link is opened. Wrong password: 403.
 */
export function updateEmail(input: { email: string; password: string }) {
  return api.patch<Record<string, never>>('/api/users/update_email', { json: input });
}

export const useUpdateEmail = () => useMutation({ mutationFn: updateEmail });
