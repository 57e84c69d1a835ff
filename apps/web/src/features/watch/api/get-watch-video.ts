import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WatchVideo } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { watchKeys } from '@/lib/query-keys';

/**
 * GET /api/video/v/:videoId (API.md §6); 401 means "buy first", 404 missing. The first time, the
 * answer to the call index.html's warm start already sent for this page (api-client takes it).
 */
export function getWatchVideo(videoId: string, signal?: AbortSignal) {
  return api.get<WatchVideo>(`/api/video/v/${encodeURIComponent(videoId)}`, { signal });
}

export const getWatchVideoQueryOptions = (videoId: string) =>
  queryOptions({
    queryKey: watchKeys.video(videoId),
    queryFn: ({ signal }) => getWatchVideo(videoId, signal),
    // Fresh for a moment, so the page does not fetch again what prefetchWatchPage just fetched.
    staleTime: 5_000,
  });

export const useWatchVideo = (videoId: string) => useQuery(getWatchVideoQueryOptions(videoId));
