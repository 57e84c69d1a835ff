import type { FetchInfiniteQueryOptions, FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, Params } from 'react-router';
import type { CurrentUser } from '@streamhub/contract';
import { getAdminUsersQueryOptions } from '@/features/admin/api/get-admin-users';
import { getAuditQueryOptions } from '@/features/admin/api/get-audit';
import { getJobsQueryOptions } from '@/features/admin/api/get-jobs';
import { getSettingsQueryOptions } from '@/features/admin/api/get-settings';
import { getReportQueueQueryOptions } from '@/features/moderation/api/get-report-queue';
import { getInstanceQueryOptions } from '@/features/auth/api/get-instance';
import { getMeQueryOptions } from '@/features/auth/api/get-me';
import { captionKeys, getCaptions } from '@/features/captions/api/captions';
import { getBlockedWordsQueryOptions } from '@/features/channel-blocks/api/get-blocked-words';
import { getBlocksQueryOptions } from '@/features/channel-blocks/api/get-blocks';
import { getHeldCommentsQueryOptions } from '@/features/channel-blocks/api/get-held-comments';
import { getChannelQueryOptions } from '@/features/channels/api/get-channel';
import { getChannelStatsQueryOptions } from '@/features/channels/api/get-channel-stats';
import { getOwnChannelQueryOptions } from '@/features/channels/api/get-own-channel';
import { getCommentsQueryOptions } from '@/features/comments/api/get-comments';
import { getWatchHistoryQueryOptions } from '@/features/history/api/get-watch-history';
import { getLikedVideosQueryOptions } from '@/features/likes/api/get-liked-videos';
import { getNotificationSettingsQueryOptions } from '@/features/notifications/api/get-notification-settings';
import { getNotificationsQueryOptions } from '@/features/notifications/api/get-notifications';
import { getUnreadQueryOptions } from '@/features/notifications/api/get-unread';
import { notificationKeys } from '@/features/notifications/notification-keys';
import { getPlaylistQueryOptions } from '@/features/playlists/api/get-playlist';
import { getUserPlaylistsQueryOptions } from '@/features/playlists/api/get-user-playlists';
import { getWatchLaterQueryOptions } from '@/features/playlists/api/watch-later';
import { getPostQueryOptions } from '@/features/posts/api/get-post';
import { getUserPostsQueryOptions } from '@/features/posts/api/get-user-posts';
import { getEarningsQueryOptions } from '@/features/purchases/api/get-earnings';
import { getMembershipOfferQueryOptions } from '@/features/purchases/api/get-membership-offer';
import { getPurchaseHistoryQueryOptions } from '@/features/purchases/api/get-purchase-history';
import { getPurchaseInfoQueryOptions } from '@/features/purchases/api/get-purchase-info';
import { getForYouQueryOptions } from '@/features/recommendations/api/get-for-you';
import { getTrendingQueryOptions } from '@/features/recommendations/api/get-trending';
import { getUpNextQueryOptions } from '@/features/recommendations/api/get-up-next';
import { getMyReportsQueryOptions } from '@/features/reports/api/get-my-reports';
import { getSubscribersQueryOptions } from '@/features/subscriptions/api/get-subscribers';
import { getSubscriptionFeedQueryOptions } from '@/features/subscriptions/api/get-subscription-feed';
import { getSubscriptionsQueryOptions } from '@/features/subscriptions/api/get-subscriptions';
import { getVideosQueryOptions } from '@/features/video-list/api/get-videos';
import { getChannelVideosQueryOptions } from '@/features/videos/api/get-channel-videos';
import { getThumbnailCandidatesQueryOptions } from '@/features/videos/api/get-thumbnail-candidates';
import { getVideoDetailsQueryOptions } from '@/features/videos/api/get-video-details';
import { readVideoFilters } from '@/features/videos/video-filters';
import { getMoreVideosQueryOptions } from '@/features/watch/api/get-more-videos';
import { getProgressiveSourcesQueryOptions } from '@/features/watch/api/get-progressive-sources';
import { getWatchVideoQueryOptions } from '@/features/watch/api/get-watch-video';
import { getPasskeysQueryOptions } from '@/features/users/api/security';
import { getMembersQueryOptions, getPayoutsQueryOptions } from '@/features/purchases/api/get-payouts';

/**
 * The routes' loaders (React Router's data APIs): what each page shows, asked for before it renders.
 * The server's static handler runs the matched routes' loaders in one parallel pass and renders the
 * page once with their answers (entry-server.tsx); the browser's router runs the same loaders on
 * navigation. A loader fills the React Query cache (`ensureQueryData`: an answer already there is
 * used as it is) and returns nothing: the page reads its data through its queries as always.
 * A failed call stays in the cache as its query's error, and the page shows it as it would in the
 * browser (the not-found view, "Unable to load video"), with the page's status from it.
 */

/** Where loaders find the query cache and who is visiting: the request's on the server, the app's in the browser. */
export type LoaderEnv = { client: QueryClient; user: CurrentUser | null };

let currentEnv: (() => LoaderEnv) | null = null;

export function setLoaderEnv(get: () => LoaderEnv) {
  currentEnv = get;
}

type Load = {
  query: (options: FetchQueryOptions<any, any, any, any>) => Promise<unknown>;
  infinite: (options: FetchInfiniteQueryOptions<any, any, any, any, any>) => Promise<unknown>;
  client: QueryClient;
  user: CurrentUser | null;
};

/** A page's calls: its params, its URL (search filters), and who asks. */
type PageData = (load: Load, params: Params, url: URL) => Array<Promise<unknown> | null | false | undefined>;

function loader(data: PageData): LoaderFunction {
  return async ({ params, request }) => {
    if (!currentEnv) throw new Error('setLoaderEnv was not called');
    const { client, user } = currentEnv();
    const settle = (promise: Promise<unknown>) => promise.catch(() => undefined);
    const load: Load = {
      query: (options) => settle(client.ensureQueryData(options)),
      infinite: (options) => settle(client.ensureInfiniteQueryData(options)),
      client,
      user,
    };
    await Promise.all(data(load, params, new URL(request.url)));
    return null;
  };
}

/** Every page: the instance's name, terms and registration (the sign-in page and the shell read them). */
export const rootLoader = loader(({ query }) => [query(getInstanceQueryOptions())]);

/** The shell (top bar, sidebar): who is signed in, and the bell's count (a visitor without a user cookie is nobody: no call). */
export const shellLoader = loader(({ query, user }) => [
  user && query(getMeQueryOptions()),
  user && query(getUnreadQueryOptions()),
]);

/**
 * The watch page's calls, as far as one answer does not name the next (the video names its owner
 * and its stream): the video, its rung files (the first frame needs no code), its comments, the
 * owner's other videos, up next, and the viewer's Watch later list (the save button's state). The
 * page is whole in the server's HTML: left to the browser, the comments and side lists came after
 * the code, and their arrival re-rendered the page in one long task (docs/decisions.md).
 */
async function watchPage({ query, client, user }: Load, videoId: string) {
  const independent = [
    query(getUpNextQueryOptions(videoId)),
    user && query(getWatchLaterQueryOptions()),
    query(getCommentsQueryOptions({ kind: 'video', id: videoId })),
  ];
  await query(getWatchVideoQueryOptions(videoId));
  const video = client.getQueryData(getWatchVideoQueryOptions(videoId).queryKey);
  await Promise.all([
    ...independent,
    video?.owner?._id && query(getMoreVideosQueryOptions(video.owner._id)),
    video?.hlsUrl && !video.isLive && query(getProgressiveSourcesQueryOptions(video.hlsUrl)),
  ]);
}

/** A channel's page: the profile and its numbers, its latest videos; the owner's own also their earnings. */
function channelPage({ query, user }: Load, channelId: string | undefined) {
  const id = channelId ?? user?._id;
  if (!id) return [];
  const own = id === user?._id;
  return [
    query(channelId ? getChannelQueryOptions(channelId) : getOwnChannelQueryOptions()),
    own && query(getOwnChannelQueryOptions()),
    own && query(getEarningsQueryOptions()),
    !own && query(getMembershipOfferQueryOptions(id)),
    query(getChannelStatsQueryOptions(id)),
    query(getMoreVideosQueryOptions(id)),
  ];
}

/** The moderation queue as it opens: open reports, oldest first, page 1 (report-queue-view.tsx). */
const FIRST_QUEUE_PAGE = { state: 'open', page: 1 } as const;

/** The pages' loaders by route path (routes.tsx); a page without one loads in the browser. */
export const pageLoaders: Record<string, LoaderFunction> = {
  '/home': loader((load, _params, url) => {
    const filters = readVideoFilters(url.searchParams);
    const browsing = filters.page === 1 && !filters.query && !filters.name && !filters.sortBy;
    return [load.query(getVideosQueryOptions(filters)), browsing && load.query(getForYouQueryOptions(1))];
  }),
  '/trending': loader(({ query }) => [query(getTrendingQueryOptions(1))]),
  '/channel': loader((load) => channelPage(load, undefined)),
  '/channel/:channelId': loader((load, { channelId }) => channelPage(load, channelId)),
  '/channel/comments': loader(({ query }) => [
    query(getBlockedWordsQueryOptions()),
    query(getBlocksQueryOptions()),
    query(getHeldCommentsQueryOptions()),
  ]),
  '/subscriptions': loader(({ query }) => [query(getSubscriptionFeedQueryOptions(1)), query(getSubscriptionsQueryOptions())]),
  '/subscribers': loader(({ query, user }) => [user && query(getSubscribersQueryOptions(user._id))]),
  '/liked': loader(({ query }) => [query(getLikedVideosQueryOptions())]),
  '/history': loader(({ query }) => [query(getWatchHistoryQueryOptions())]),
  '/purchases': loader(({ query }) => [query(getPurchaseHistoryQueryOptions())]),
  '/videos': loader(({ query, user }) => [user && query(getChannelVideosQueryOptions(user._id))]),
  '/videos/:channelId': loader(({ query }, { channelId = '' }) => [
    query(getChannelQueryOptions(channelId)),
    query(getChannelVideosQueryOptions(channelId)),
  ]),
  '/live/:videoId': loader(({ query }, { videoId = '' }) => [query(getWatchVideoQueryOptions(videoId))]),
  '/video/edit/:videoId': loader(({ query, user }, { videoId = '' }) => [
    query(getVideoDetailsQueryOptions(videoId)),
    query(getThumbnailCandidatesQueryOptions(videoId)),
    query({ queryKey: captionKeys.list(videoId), queryFn: () => getCaptions(videoId) }),
    user && query(getChannelVideosQueryOptions(user._id)),
  ]),
  '/video/buy/:videoId': loader(({ query, client }, { videoId = '' }) => [
    query(getPurchaseInfoQueryOptions(videoId)).then(() => {
      // A members-only video is joined from here: its channel's offer.
      const video = client.getQueryData(getPurchaseInfoQueryOptions(videoId).queryKey)?.video;
      return (
        video?.membersOnly && !video.isExclusive && video.owner?._id && query(getMembershipOfferQueryOptions(video.owner._id))
      );
    }),
  ]),
  '/video/watch/:videoId': loader((load, { videoId = '' }) => [watchPage(load, videoId)]),
  '/playlist': loader(({ query, user }) => [user && query(getUserPlaylistsQueryOptions(user._id))]),
  '/playlist/u/:channelId': loader(({ query }, { channelId = '' }) => [
    query(getChannelQueryOptions(channelId)),
    query(getUserPlaylistsQueryOptions(channelId)),
  ]),
  '/playlist/p/:playlistId': loader(({ query }, { playlistId = '' }) => [query(getPlaylistQueryOptions(playlistId))]),
  '/playlist/u/:channelId/p/:playlistId': loader(({ query }, { playlistId = '' }) => [
    query(getPlaylistQueryOptions(playlistId)),
  ]),
  '/post': loader(({ query, user }) => [user && query(getUserPostsQueryOptions(user._id))]),
  '/post/u/:channelId': loader(({ query }, { channelId = '' }) => [query(getUserPostsQueryOptions(channelId))]),
  '/post/p/:postId': loader(({ query }, { postId = '' }) => postPage(query, postId)),
  '/post/u/:channelId/p/:postId': loader(({ query }, { postId = '' }) => postPage(query, postId)),
  '/post/edit/:postId': loader(({ query }, { postId = '' }) => [query(getPostQueryOptions(postId))]),
  '/notifications': loader(({ infinite, query, client }) => [
    infinite(getNotificationsQueryOptions((unread) => client.setQueryData(notificationKeys.unread(), unread))),
    query(getNotificationSettingsQueryOptions()),
  ]),
  '/account': loader(({ query }) => [query(getOwnChannelQueryOptions())]),
  '/account/security': loader(({ query }) => [query(getOwnChannelQueryOptions()), query(getPasskeysQueryOptions())]),
  '/playlist/watch-later': loader(({ query }) => [query(getWatchLaterQueryOptions())]),
  '/studio/payouts': loader(({ query, user }) => [
    query(getEarningsQueryOptions()),
    query(getPayoutsQueryOptions()),
    user && query(getMembershipOfferQueryOptions(user._id)),
    query(getMembersQueryOptions()),
  ]),
  '/reports': loader(({ query }) => [query(getMyReportsQueryOptions())]),
  // The staff pages open on their first page with default filters (a visitor who is not staff is
  // refused by the API, and the page says so).
  '/admin': loader(({ query }) => [query(getReportQueueQueryOptions(FIRST_QUEUE_PAGE))]),
  '/admin/reports': loader(({ query }) => [query(getReportQueueQueryOptions(FIRST_QUEUE_PAGE))]),
  '/admin/users': loader(({ query }) => [query(getAdminUsersQueryOptions({ query: undefined, filter: undefined, page: 1 }))]),
  '/admin/settings': loader(({ query }) => [query(getSettingsQueryOptions())]),
  '/admin/jobs': loader(({ query }) => [query(getJobsQueryOptions())]),
  '/admin/audit': loader(({ query }) => [query(getAuditQueryOptions(1))]),
};

function postPage(query: Load['query'], postId: string) {
  return [query(getPostQueryOptions(postId)), query(getCommentsQueryOptions({ kind: 'post', id: postId }))];
}
