import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoListQuery } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { normalizeVideoList } from '../video-list-response';
import { videoKeys } from '@/lib/query-keys';

export type VideoListParams = VideoListQuery;

/** GET /api/video?page=N[&query][&name][&sortBy&sortType] (API.md §6), normalized (SPEC §3). */
export async function getVideos(params: VideoListParams, signal?: AbortSignal) {
  const data = await api.get<unknown>('/api/video', { params, signal });
  return normalizeVideoList(data);
}

export const getVideosQueryOptions = (params: VideoListParams) =>
  queryOptions({
    queryKey: videoKeys.list(params),
    queryFn: ({ signal }) => getVideos(params, signal),
  });

export const useVideos = (params: VideoListParams) => useQuery(getVideosQueryOptions(params));
