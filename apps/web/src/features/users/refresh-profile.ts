import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@streamhub/contract';
import { syncCurrentUserFromCookie, updateCurrentUser } from '@/lib/auth';

/** After a profile change the server re-issues the `user` cookie: re-read it and refetch what shows the profile. */
export function refreshProfile(queryClient: QueryClient, user?: Partial<CurrentUser>) {
  syncCurrentUserFromCookie();
  if (user) updateCurrentUser(user);
  return queryClient.invalidateQueries();
}
