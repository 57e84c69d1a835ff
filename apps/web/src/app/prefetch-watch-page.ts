import { getCommentsQueryOptions } from '@/features/comments/api/get-comments';
import { getMoreVideosQueryOptions } from '@/features/watch/api/get-more-videos';
import { getWatchVideoQueryOptions } from '@/features/watch/api/get-watch-video';
import { trackWatchQueryOptions } from '@/features/watch/api/track-watch';
import { prepareHlsPlayer } from '@/features/watch/hls-player';
import { chooseEngine, detectPlaybackSupport } from '@/features/watch/player-engine';
import { warmStream } from '@/features/watch/warm-start';
import { queryClient } from '@/lib/query-client';

/**
 * Starts the watch page's initial calls (video, comments, history, more videos) as soon as the
 * route matches, while the page's code and hls.js still load; the page's own queries then pick up
 * these requests instead of sending their own. Failures are left in the cache for the page to show.
 * Once the video call answers, the stream's first media load too (on a first load, index.html's
 * warm start has already sent the video call and fetched that media), and hls.js, loaded then,
 * starts buffering the stream in the element the player will show (prepareHlsPlayer).
 */
export function prefetchWatchPage(videoId: string): void {
  const watch = getWatchVideoQueryOptions(videoId);
  void queryClient.prefetchQuery(watch).then(() => {
    const video = queryClient.getQueryData(watch.queryKey);
    if (!video) return;
    // The warm start first: hls.js takes its requests rather than sending its own.
    warmStream(videoId, video.hlsUrl);
    if (video.hlsUrl && chooseEngine(video, detectPlaybackSupport()) === 'hls') {
      prepareHlsPlayer(videoId, video.hlsUrl, { poster: video.thumbnail, storyboardUrl: video.storyboardUrl });
    }
    if (video.owner?._id) void queryClient.prefetchQuery(getMoreVideosQueryOptions(video.owner._id));
  });
  void queryClient.prefetchQuery(getCommentsQueryOptions({ kind: 'video', id: videoId }));
  // Kept until the page observes it (the page's own options drop it as soon as it leaves).
  void queryClient.prefetchQuery({ ...trackWatchQueryOptions(videoId), gcTime: 30_000 });
}
