import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { getMeQueryOptions } from '@/features/auth/api/get-me';
import { getCommentsQueryOptions } from '@/features/comments/api/get-comments';
import { getUnreadQueryOptions } from '@/features/notifications/api/get-unread';
import { getUpNextQueryOptions } from '@/features/recommendations/api/get-up-next';
import { getMoreVideosQueryOptions } from '@/features/watch/api/get-more-videos';
import { getProgressiveSourcesQueryOptions } from '@/features/watch/api/get-progressive-sources';
import { getWatchVideoQueryOptions } from '@/features/watch/api/get-watch-video';
import { loadHeadData } from './page-head';

/** Where a page sits: in the shell (top bar, sidebar), and whether a user is signed in. */
export type PageFrame = { inShell: boolean; signedIn: boolean };

/**
 * What the server asks for before it first renders a page (entry-server.tsx), all at once: the
 * shell's calls for a signed-in visitor (/me, the bell's count), the head's subject
 * (`loadHeadData`) and, for the watch page, every call it makes, in parallel as far as one answer
 * does not name the next (the video names its owner and its stream). The page then renders once
 * with its data instead of a render finding each call and another waiting for the answers.
 * A failure stays in the cache as the query's error: the page shows it as the browser would.
 */
export async function loadPageData(client: QueryClient, path: string, params: Params, frame: PageFrame): Promise<void> {
  const shell =
    frame.inShell && frame.signedIn
      ? [client.prefetchQuery(getMeQueryOptions()), client.prefetchQuery(getUnreadQueryOptions())]
      : [];
  await Promise.all([...shell, pageCalls(client, path, params)]);
}

async function pageCalls(client: QueryClient, path: string, params: Params): Promise<void> {
  const { videoId } = params;
  if (path !== '/video/watch/:videoId' || !videoId) return loadHeadData(client, path, params);
  const independent = [
    client.prefetchQuery(getCommentsQueryOptions({ kind: 'video', id: videoId })),
    client.prefetchQuery(getUpNextQueryOptions(videoId)),
  ];
  await client.prefetchQuery(getWatchVideoQueryOptions(videoId));
  const video = client.getQueryData(getWatchVideoQueryOptions(videoId).queryKey);
  await Promise.all([
    ...independent,
    video?.owner?._id ? client.prefetchQuery(getMoreVideosQueryOptions(video.owner._id)) : null,
    video?.hlsUrl && !video.isLive ? client.prefetchQuery(getProgressiveSourcesQueryOptions(video.hlsUrl)) : null,
  ]);
}
