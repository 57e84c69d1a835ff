import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from '@/lib/query-keys';

/** GET /api/video/v/:videoId/thumbnails (owner): the frames the server picked after the transcode (API.md §22). */
export function getThumbnailCandidates(videoId: string) {
  return api.get<string[]>(`/api/video/v/${encodeURIComponent(videoId)}/thumbnails`);
}

export function getThumbnailCandidatesQueryOptions(videoId: string) {
  return queryOptions({
    queryKey: [...videoKeys.details(videoId), 'thumbnails'] as const,
    queryFn: () => getThumbnailCandidates(videoId),
    staleTime: 0,
  });
}

export function useThumbnailCandidates(videoId: string) {
  return useQuery(getThumbnailCandidatesQueryOptions(videoId));
}
