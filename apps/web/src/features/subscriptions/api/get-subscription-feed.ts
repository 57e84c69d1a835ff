import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoListPage } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from '@/lib/query-keys';

/** Cards on one page of the feed (the server's page size). */
export const FEED_PAGE_SIZE = 12;

/** GET /api/subscription/feed?page=N: the listed videos of my channels, newest first, and how many there are. */
export function getSubscriptionFeed(page: number, signal?: AbortSignal) {
  return api.get<VideoListPage>('/api/subscription/feed', { params: { page }, signal });
}

export const getSubscriptionFeedQueryOptions = (page: number) =>
  queryOptions({ queryKey: subscriptionKeys.feed(page), queryFn: ({ signal }) => getSubscriptionFeed(page, signal) });

export const useSubscriptionFeed = (page: number) => useQuery(getSubscriptionFeedQueryOptions(page));
