import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CountedView, WatchVideo } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { watchKeys } from '@/lib/query-keys';

/** POST /api/video/v/:videoId/view: the visit's view, counted once per viewer and hour (API.md §6). */
export async function countView(videoId: string): Promise<CountedView> {
  return api.post<CountedView>(`/api/video/v/${encodeURIComponent(videoId)}/view`);
}

/**
 * Sent once per visit by the browser, as soon as the page is the app's: the server's render asks
 * the watch call for its visitor and counts nothing (a GET of a page changes nothing). A view that
 * counted shows in the page's count at once, as the watch call's own count does.
 */
export const countViewQueryOptions = (videoId: string, client: QueryClient) =>
  queryOptions({
    queryKey: watchKeys.view(videoId),
    queryFn: async () => {
      const answer = await countView(videoId);
      if (answer.counted) {
        client.setQueryData<WatchVideo>(watchKeys.video(videoId), (video) => video && { ...video, views: video.views + 1 });
      }
      return answer;
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    // It changes something (the view count): the browser's call alone, never the server's render.
    meta: { ssr: false },
  });

export const useCountView = (videoId: string) => useQuery(countViewQueryOptions(videoId, useQueryClient()));
