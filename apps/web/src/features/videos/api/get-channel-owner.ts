import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@streamhub/contract';
import { api } from '@/lib/api-client';

/** GET /api/users/channel/:channelId, only for the "{fullname}'s Videos" title. */
export function getChannelOwner(channelId: string) {
  return api.get<CurrentUser>(`/api/users/channel/${encodeURIComponent(channelId)}`);
}

export function getChannelOwnerQueryOptions(channelId: string) {
  // Same key as the channels feature's call, so a visit from the channel page is already cached.
  return queryOptions({ queryKey: ['channels', channelId], queryFn: () => getChannelOwner(channelId) });
}

export function useChannelOwner(channelId: string, enabled: boolean) {
  return useQuery({ ...getChannelOwnerQueryOptions(channelId), enabled });
}
