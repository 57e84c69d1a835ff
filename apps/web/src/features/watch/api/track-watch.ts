import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { watchKeys } from '@/lib/query-keys';

const trackWatchUrl = (videoId: string) => `/api/watchHistory/track/${encodeURIComponent(videoId)}`;

/** POST /api/watchHistory/track/:videoId: the entry, or null when already tracked today (API.md §7). */
export async function trackWatch(videoId: string) {
  return (await api.post<HistoryEntry | null>(trackWatchUrl(videoId))) ?? null;
}

/** Run once per visit as part of the watch page's initial calls (SPEC §4). */
export const trackWatchQueryOptions = (videoId: string) =>
  queryOptions({
    queryKey: watchKeys.track(videoId),
    queryFn: () => trackWatch(videoId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    // It changes something (the history): the browser's call alone, never the server's render.
    meta: { ssr: false },
  });

/** Sent as soon as the page is the app's, not once the browser is idle: a visit left at once counts. */
export const useTrackWatch = (videoId: string) => useQuery(trackWatchQueryOptions(videoId));
