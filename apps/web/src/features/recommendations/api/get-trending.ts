import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeedPage } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { recommendationKeys } from '../recommendation-keys';

/** GET /api/video/trending?page=N (API.md §14): recent views weighted by age. */
export function getTrending(page: number, signal?: AbortSignal) {
  return api.get<FeedPage>('/api/video/trending', { params: { page }, signal });
}

export const getTrendingQueryOptions = (page: number) =>
  queryOptions({ queryKey: recommendationKeys.trending(page), queryFn: ({ signal }) => getTrending(page, signal) });

export const useTrending = (page: number) => useQuery(getTrendingQueryOptions(page));
