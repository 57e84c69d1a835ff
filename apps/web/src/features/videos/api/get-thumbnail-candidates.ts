import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from '@/lib/query-keys';
import { ASKED_ON_EVERY_VISIT } from '@/lib/query-client';

/** GET /api/video/v/:videoId/thumbnails (owner): the frames the server picked after the transcode (API.md §22). */
export function getThumbnailCandidates(videoId: string) {
  return api.get<string[]>(`/api/video/v/${encodeURIComponent(videoId)}/thumbnails`);
}

export function getThumbnailCandidatesQueryOptions(videoId: string) {
  return queryOptions({
    queryKey: [...videoKeys.details(videoId), 'thumbnails'] as const,
    queryFn: () => getThumbnailCandidates(videoId),
    staleTime: ASKED_ON_EVERY_VISIT,
  });
}

export function useThumbnailCandidates(videoId: string) {
  return useQuery(getThumbnailCandidatesQueryOptions(videoId));
}
