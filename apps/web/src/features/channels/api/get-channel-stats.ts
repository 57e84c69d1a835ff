import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelStats } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { channelKeys } from '@/lib/query-keys';

/** GET /api/dashboard/stats/:channelId: totals shown on the channel page. */
export function getChannelStats(channelId: string) {
  return api.get<ChannelStats>(`/api/dashboard/stats/${encodeURIComponent(channelId)}`);
}

export function getChannelStatsQueryOptions(channelId: string) {
  return queryOptions({ queryKey: channelKeys.stats(channelId), queryFn: () => getChannelStats(channelId) });
}

export function useChannelStats(channelId: string) {
  return useQuery(getChannelStatsQueryOptions(channelId));
}
