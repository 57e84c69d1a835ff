import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WatchVideo } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { watchKeys } from '@/lib/query-keys';

/**
 * GET /api/video/v/:videoId (API.md §6); 401 means "buy first", 404 missing. On a page's first
 * load the server has asked already and handed the answer over with the HTML.
 */
export function getWatchVideo(videoId: string, signal?: AbortSignal) {
  return api.get<WatchVideo>(`/api/video/v/${encodeURIComponent(videoId)}`, { signal });
}

export const getWatchVideoQueryOptions = (videoId: string) =>
  queryOptions({
    queryKey: watchKeys.video(videoId),
    queryFn: ({ signal }) => getWatchVideo(videoId, signal),
  });

export const useWatchVideo = (videoId: string) => useQuery(getWatchVideoQueryOptions(videoId));
