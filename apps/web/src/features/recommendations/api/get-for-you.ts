import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeedPage } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { recommendationKeys } from '../recommendation-keys';

/** GET /api/feed/for-you?page=N (API.md §14): personal for the signed-in viewer. */
export function getForYou(page: number, signal?: AbortSignal) {
  return api.get<FeedPage>('/api/feed/for-you', { params: { page }, signal });
}

export const getForYouQueryOptions = (page: number) =>
  queryOptions({ queryKey: recommendationKeys.forYou(page), queryFn: ({ signal }) => getForYou(page, signal) });

export const useForYou = (page = 1) => useQuery(getForYouQueryOptions(page));
