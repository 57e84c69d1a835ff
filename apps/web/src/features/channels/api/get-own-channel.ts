import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ChannelUser } from '../channel-user';

/** GET /api/users/current_user: the signed-in user's own channel profile. */
export function getOwnChannel() {
  return api.get<ChannelUser>('/api/users/current_user');
}

export function getOwnChannelQueryOptions() {
  return queryOptions({ queryKey: ['channels', 'own'], queryFn: getOwnChannel });
}

export function useOwnChannel() {
  return useQuery(getOwnChannelQueryOptions());
}
