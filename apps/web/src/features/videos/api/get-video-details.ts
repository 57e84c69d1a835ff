import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoDetails } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { videoKeys } from '@/lib/query-keys';
import { ASKED_ON_EVERY_VISIT } from '@/lib/query-client';

/** GET /api/video/details/:videoId: the edit screen's view of a video; `owner` is just the owner's id. */
export function getVideoDetails(videoId: string) {
  return api.get<VideoDetails>(`/api/video/details/${encodeURIComponent(videoId)}`);
}

export function getVideoDetailsQueryOptions(videoId: string) {
  return queryOptions({
    queryKey: videoKeys.details(videoId),
    queryFn: () => getVideoDetails(videoId),
    staleTime: ASKED_ON_EVERY_VISIT,
  });
}

export function useVideoDetails(videoId: string) {
  return useQuery(getVideoDetailsQueryOptions(videoId));
}
