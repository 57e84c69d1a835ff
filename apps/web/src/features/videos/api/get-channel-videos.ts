import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardVideos } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { hasProcessingVideos, POLL_INTERVAL_MS } from '../channel-videos';
import { videoKeys } from '@/lib/query-keys';

/** GET /api/dashboard/videos/:channelId: the channel's videos (+ processing/failed for the owner) and quota. */
export function getChannelVideos(channelId: string) {
  return api.get<DashboardVideos>(`/api/dashboard/videos/${encodeURIComponent(channelId)}`);
}

export function getChannelVideosQueryOptions(channelId: string) {
  return queryOptions({
    queryKey: videoKeys.channel(channelId),
    queryFn: () => getChannelVideos(channelId),
    // Poll every 2 s while any video is still processing.
    refetchInterval: (query) => (hasProcessingVideos(query.state.data?.videos) ? POLL_INTERVAL_MS : false),
  });
}

export function useChannelVideos(channelId: string) {
  return useQuery(getChannelVideosQueryOptions(channelId));
}
