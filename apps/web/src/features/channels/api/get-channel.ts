import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ChannelUser } from '../channel-user';

/** GET /api/users/channel/:channelId: another user's channel, with isSubscribed for the viewer. */
export function getChannel(channelId: string) {
  return api.get<ChannelUser>(`/api/users/channel/${encodeURIComponent(channelId)}`);
}

export function getChannelQueryOptions(channelId: string) {
  return queryOptions({ queryKey: ['channels', channelId], queryFn: () => getChannel(channelId) });
}

export function useChannel(channelId: string) {
  return useQuery(getChannelQueryOptions(channelId));
}
