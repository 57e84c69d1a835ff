import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelProfile } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { channelKeys } from '@/lib/query-keys';

/** GET /api/users/channel/:channelId: another user's channel, with isSubscribed for the viewer. */
export function getChannel(channelId: string) {
  return api.get<ChannelProfile>(`/api/users/channel/${encodeURIComponent(channelId)}`);
}

export function getChannelQueryOptions(channelId: string) {
  return queryOptions({ queryKey: channelKeys.detail(channelId), queryFn: () => getChannel(channelId) });
}

export function useChannel(channelId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getChannelQueryOptions(channelId), enabled });
}
