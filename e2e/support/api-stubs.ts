import type { Route } from '@playwright/test';
import type { HistoryEntry, LikedVideo, MoreVideo, Owner, VideoCard, VideoListPage, WatchVideo } from '@streamhub/contract';

/**
 * Answers for `page.route` stubs, typed by the contract, for states the real server cannot be
 * made to produce on demand (server errors, invalid answers, cards without a title or owner,
 * dates in the past, an empty database, a broken stream). Happy paths run against the real server.
 */

export type Fulfill = NonNullable<Parameters<Route['fulfill']>[0]>;

/** A successful answer in the API.md §1 envelope; `data` must have the contract's type. */
export function apiOk<T>(data: T, statusCode = 200): Fulfill {
  return {
    status: statusCode,
    contentType: 'application/json',
    body: JSON.stringify({ statusCode, data, message: 'Success', success: true }),
  };
}

/** An error answer: the text in both `data` and `message` (API.md §1). */
export function apiError(statusCode: number, text: string): Fulfill {
  return {
    status: statusCode,
    contentType: 'application/json',
    body: JSON.stringify({ statusCode, data: text, message: text, success: false }),
  };
}

/** A 200 whose `data` is not what the contract promises (the client's 'Invalid response' path). */
export function apiInvalid(data: unknown): Fulfill {
  return {
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify({ statusCode: 200, data, message: 'Success', success: true }),
  };
}

export function owner(patch: Partial<Owner> = {}): Owner {
  return { _id: 'owner-1', fullname: 'Olga Owner', username: 'olga', avatar: '', ...patch };
}

export function videoCard(patch: Partial<VideoCard> & Pick<VideoCard, '_id'>): VideoCard {
  return {
    title: `Clip ${patch._id}`,
    description: '',
    thumbnail: '',
    duration: 30,
    views: 0,
    createdAt: '2026-01-01T10:00:00.000Z',
    isExclusive: false,
    owner: [owner()],
    ...patch,
  };
}

export function videoListPage(videos: VideoCard[], total = videos.length): VideoListPage {
  return { videos, total };
}

export function likedVideo(likeId: string, video: VideoCard): LikedVideo {
  return { _id: likeId, videos: [video] };
}

export function historyEntry(entryId: string, watchedAt: string, video: VideoCard): HistoryEntry {
  return { _id: entryId, watchedAt, videoId: video._id, video };
}

export function watchVideo(patch: Partial<WatchVideo> & Pick<WatchVideo, '_id'>): WatchVideo {
  const now = new Date().toISOString();
  return {
    title: 'Mocked clip',
    description: '',
    thumbnail: '',
    videoFile: null,
    hlsUrl: null,
    storyboardUrl: null,
    duration: 4,
    views: 3,
    likes: 0,
    isLiked: false,
    subscribers: 2,
    isSubscribed: false,
    createdAt: now,
    updatedAt: now,
    isExclusive: false,
    price: 0,
    status: 'ready',
    isLive: false,
    owner: owner(),
    captions: [],
    chapters: [],
    publishAt: null,
    visibility: 'public',
    ...patch,
  };
}

export function moreVideo(patch: Partial<MoreVideo> & Pick<MoreVideo, '_id'>): MoreVideo {
  return { title: `Clip ${patch._id}`, thumbnail: '', views: 1, createdAt: new Date().toISOString(), duration: 7, ...patch };
}
