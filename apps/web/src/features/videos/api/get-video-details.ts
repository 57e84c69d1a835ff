import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** API.md §6: the edit screen's view of a video; `owner` is just the owner's id. */
export type VideoDetails = { _id: string; title: string; description: string; thumbnail: string; owner: string };

/** GET /api/video/details/:videoId. */
export function getVideoDetails(videoId: string) {
  return api.get<VideoDetails>(`/api/video/details/${encodeURIComponent(videoId)}`);
}

export function getVideoDetailsQueryOptions(videoId: string) {
  return queryOptions({
    queryKey: ['videos', 'details', videoId],
    queryFn: () => getVideoDetails(videoId),
    staleTime: 0,
  });
}

export function useVideoDetails(videoId: string) {
  return useQuery(getVideoDetailsQueryOptions(videoId));
}
