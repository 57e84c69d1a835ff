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
    // Not one of the render's reads: the server makes it as the visit it records, once, for
    // someone opening the page (entry-server.tsx `recordVisits`); the browser makes it again.
    meta: { ssr: false, visit: trackWatchUrl(videoId) },
  });

/**
 * Sent as soon as the page is the app's (a page the server rendered has it recorded already:
 * answered null), not once the browser is idle: a visit opened in the app and left at once counts.
 */
export const useTrackWatch = (videoId: string) => useQuery(trackWatchQueryOptions(videoId));
