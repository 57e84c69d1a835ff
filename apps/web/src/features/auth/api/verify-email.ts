import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { channelKeys, userKeys } from '@/lib/query-keys';

/**
 * POST /api/users/verify-email, or /api/users/update_email/confirm for a change of address (API.md
 * §19): the mailed link's token is all they take.
 */
export function confirmMailedLink(input: { token: string; kind: 'verify' | 'change' }) {
  const path = input.kind === 'verify' ? '/api/users/verify-email' : '/api/users/update_email/confirm';
  return api.post<Record<string, never>>(path, { json: { token: input.token } });
}

export function useConfirmMailedLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmMailedLink,
    // A signed-in tab shows the proven (or new) address.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: channelKeys.own() }),
      ]),
  });
}
