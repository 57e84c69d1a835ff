import { queryClient } from '@/lib/query-client';
import { getMoreVideosQueryOptions } from './get-more-videos';
import { getVideoCommentsQueryOptions } from './get-video-comments';
import { getWatchVideoQueryOptions } from './get-watch-video';
import { trackWatchQueryOptions } from './track-watch';

/**
 * Starts the watch page's four initial calls (SPEC §4) as soon as the route matches, while the
 * page's code and hls.js still load; the page's own queries then pick up these requests instead
 * of sending their own. Failures are left in the cache for the page to show.
 */
export function prefetchWatchPage(videoId: string): void {
  const watch = getWatchVideoQueryOptions(videoId);
  void queryClient.prefetchQuery(watch).then(() => {
    const ownerId = queryClient.getQueryData(watch.queryKey)?.owner?._id;
    if (ownerId) void queryClient.prefetchQuery(getMoreVideosQueryOptions(ownerId));
  });
  void queryClient.prefetchQuery(getVideoCommentsQueryOptions(videoId));
  // Kept until the page observes it (the page's own options drop it as soon as it leaves).
  void queryClient.prefetchQuery({ ...trackWatchQueryOptions(videoId), gcTime: 30_000 });
}
