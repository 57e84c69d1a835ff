import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { watchKeys } from '@/lib/query-keys';

/** POST /api/watchHistory/track/:videoId: the entry, or null when already tracked today (API.md §7). */
export async function trackWatch(videoId: string) {
  return (await api.post<HistoryEntry | null>(`/api/watchHistory/track/${encodeURIComponent(videoId)}`)) ?? null;
}

/** Run once per visit as part of the watch page's initial calls (SPEC §4). */
export const trackWatchQueryOptions = (videoId: string) =>
  queryOptions({
    queryKey: watchKeys.track(videoId),
    queryFn: () => trackWatch(videoId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    // A visit is recorded by the browser: the server's render only reads (entry-server.tsx).
    meta: { ssr: false },
  });

/**
 * Sent as soon as the page is the app's: a viewer who leaves a moment later has still watched it
 * (sent only once the browser was idle, it was lost to a quick next click).
 */
export const useTrackWatch = (videoId: string) => useQuery(trackWatchQueryOptions(videoId));
