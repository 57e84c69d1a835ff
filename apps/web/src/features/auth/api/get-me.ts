import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@streamhub/contract';
import { ApiError, api } from '@/lib/api-client';
import { updateCurrentUser, useCurrentUser } from '@/lib/auth';
import { userKeys } from '@/lib/query-keys';

/** GET /api/users/me: the signed-in user and their upload quota. */
export function getMe() {
  return api.get<Me>('/api/users/me');
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: userKeys.me(),
    queryFn: async () => {
      try {
        const me = await getMe();
        // SPEC §7: /me refreshes the displayed profile (the cookie may be older than the account).
        updateCurrentUser(me);
        return me;
      } catch (error) {
        console.error('Could not load the current user', error instanceof ApiError ? error.data : error);
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user's account; nothing is asked for a visitor without a user cookie (they are nobody). */
export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  const signedIn = useCurrentUser() !== null;
  return useQuery({ ...getMeQueryOptions(), enabled: enabled && signedIn });
}
