import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StudioAnalytics } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { studioKeys } from '../studio-keys';
import type { DayRange } from '../studio-range';

/** GET /api/studio/analytics: one of the caller's videos, or all of them, over a range of days (API.md §16). */
export function getStudioAnalytics(videoId: string | undefined, range: DayRange) {
  return api.get<StudioAnalytics>('/api/studio/analytics', { params: { videoId, from: range.from, to: range.to } });
}

export const studioAnalyticsQueryOptions = (videoId: string | undefined, range: DayRange) =>
  queryOptions({
    queryKey: studioKeys.analytics(videoId, range.from, range.to),
    queryFn: () => getStudioAnalytics(videoId, range),
    // The last range's charts stay while the next one loads.
    placeholderData: keepPreviousData,
    // The range is the browser's (its own today); the server's render shows the loading state.
    meta: { ssr: false },
  });

export const useStudioAnalytics = (videoId: string | undefined, range: DayRange) =>
  useQuery(studioAnalyticsQueryOptions(videoId, range));
