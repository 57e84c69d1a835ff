import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnProfile } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { channelKeys } from '@/lib/query-keys';

/** GET /api/users/current_user: the signed-in user's own channel profile. */
export function getOwnChannel() {
  return api.get<OwnProfile>('/api/users/current_user');
}

export function getOwnChannelQueryOptions() {
  return queryOptions({ queryKey: channelKeys.own(), queryFn: getOwnChannel });
}

export function useOwnChannel() {
  return useQuery(getOwnChannelQueryOptions());
}
