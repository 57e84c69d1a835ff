/**
 * The TanStack Query keys of the core features, one factory per feature (the same nouns as the
 * API); later features keep their factory beside their calls (`features/<noun>/<noun>-keys.ts`:
 * playlists, purchases, reports, moderation, admin, channel blocks, notifications). A feature builds its queries from its own factory. It may name another feature's keys only to
 * invalidate or patch cached state that its own call changed (a like, a subscription, a new
 * comment), never to fetch that feature's data. Each key belongs to exactly one fetcher, so a
 * cached value always has that fetcher's type.
 *
 * Keys are arrays that start with the feature's noun, so `invalidateQueries({ queryKey: x.all })`
 * reaches everything a feature cached.
 */

export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
};

export const channelKeys = {
  all: ['channels'] as const,
  /** GET /api/users/current_user */
  own: () => [...channelKeys.all, 'own'] as const,
  /** GET /api/users/channel/:channelId */
  detail: (channelId: string) => [...channelKeys.all, 'detail', channelId] as const,
  /** GET /api/dashboard/stats/:channelId */
  stats: (channelId: string) => [...channelKeys.all, 'stats', channelId] as const,
};

export const videoKeys = {
  all: ['videos'] as const,
  /** GET /api/video?page&query&name&sortBy&sortType */
  list: (params: object) => [...videoKeys.all, 'list', params] as const,
  /** GET /api/dashboard/videos/:channelId */
  channel: (channelId: string) => [...videoKeys.all, 'channel', channelId] as const,
  /** GET /api/video/details/:videoId */
  details: (videoId: string) => [...videoKeys.all, 'details', videoId] as const,
};

export const watchKeys = {
  all: ['watch'] as const,
  /** Every GET /api/video/v/:videoId */
  videos: () => [...watchKeys.all, 'video'] as const,
  video: (videoId: string) => [...watchKeys.videos(), videoId] as const,
  /** GET /api/dashboard/more/:ownerId */
  more: (ownerId: string) => [...watchKeys.all, 'more', ownerId] as const,
  /** The progressive files of the rungs of a stream (its master playlist, then each rung's), by the stream's URL */
  sources: (hlsUrl: string) => [...watchKeys.all, 'sources', hlsUrl] as const,
  /** POST /api/video/v/:videoId/view, run once per visit */
  view: (videoId: string) => [...watchKeys.all, 'view', videoId] as const,
  /** POST /api/watchHistory/track/:videoId, run once per visit */
  track: (videoId: string) => [...watchKeys.all, 'track', videoId] as const,
};

export type CommentTargetKind = 'video' | 'post';

export const commentKeys = {
  all: ['comments'] as const,
  /** GET /api/comment/video/:videoId or /api/comment/post/:postId */
  list: (kind: CommentTargetKind, id: string) => [...commentKeys.all, kind, id] as const,
  /** GET /api/comment/c/:commentId/replies, under its video's or post's list (a change of either patches both) */
  replies: (kind: CommentTargetKind, id: string, commentId: string) =>
    [...commentKeys.list(kind, id), 'replies', commentId] as const,
};

export const likeKeys = {
  all: ['likes'] as const,
  /** GET /api/like/likedVideos */
  videos: () => [...likeKeys.all, 'videos'] as const,
};

export const historyKeys = {
  all: ['history'] as const,
  /** GET /api/watchHistory */
  list: () => [...historyKeys.all, 'list'] as const,
};

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  /** GET /api/subscription: the channels the viewer subscribes to */
  mine: () => [...subscriptionKeys.all, 'mine'] as const,
  /** GET /api/subscription/channel/:channelId: that channel's subscribers */
  subscribers: (channelId: string) => [...subscriptionKeys.all, 'subscribers', channelId] as const,
  /** GET /api/subscription/feed?page=N: the newest videos of the channels the viewer subscribes to */
  feed: (page: number) => [...subscriptionKeys.all, 'feed', page] as const,
};

export const postKeys = {
  all: ['posts'] as const,
  /** Every GET /api/post/user/:userId */
  lists: () => [...postKeys.all, 'user'] as const,
  byUser: (userId: string) => [...postKeys.lists(), userId] as const,
  /** Every GET /api/post/:postId */
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (postId: string) => [...postKeys.details(), postId] as const,
};
