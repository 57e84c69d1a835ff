import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountedView } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { watchKeys } from '@/lib/query-keys';

/** POST /api/video/v/:videoId/view: the visit's view, counted once per viewer and hour (API.md §6). */
export async function countView(videoId: string): Promise<CountedView> {
  return api.post<CountedView>(`/api/video/v/${encodeURIComponent(videoId)}/view`);
}

/**
 * Sent once per visit by the browser, as soon as the page is the app's: the server's render asks
 * the watch call for its visitor and counts nothing (a GET of a page changes nothing).
 */
export const countViewQueryOptions = (videoId: string) =>
  queryOptions({
    queryKey: watchKeys.view(videoId),
    queryFn: () => countView(videoId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    // It changes something (the view count): the browser's call alone, never the server's render.
    meta: { ssr: false },
  });

export const useCountView = (videoId: string) => useQuery(countViewQueryOptions(videoId));
