import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UpNext } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { recommendationKeys } from '../recommendation-keys';

/** GET /api/video/v/:videoId/up-next (API.md §14): up to 12 cards, never the video itself. */
export function getUpNext(videoId: string, signal?: AbortSignal) {
  return api.get<UpNext>(`/api/video/v/${encodeURIComponent(videoId)}/up-next`, { signal });
}

export const getUpNextQueryOptions = (videoId: string) =>
  queryOptions({ queryKey: recommendationKeys.upNext(videoId), queryFn: ({ signal }) => getUpNext(videoId, signal) });

export const useUpNext = (videoId: string) => useQuery(getUpNextQueryOptions(videoId));
