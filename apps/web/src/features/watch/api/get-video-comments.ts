import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Comment } from '@streamhub/contract';
import { ApiError, api } from '@/lib/api-client';
import { commentKeys } from '@/lib/query-keys';

/** GET /api/comment/video/:videoId; a 404 (comments not available yet) counts as no comments. */
export async function getVideoComments(videoId: string, signal?: AbortSignal): Promise<Comment[]> {
  try {
    const data = await api.get<Comment[] | null>(`/api/comment/video/${encodeURIComponent(videoId)}`, { signal });
    return Array.isArray(data) ? data : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const getVideoCommentsQueryOptions = (videoId: string) =>
  queryOptions({
    queryKey: commentKeys.list('video', videoId),
    queryFn: ({ signal }) => getVideoComments(videoId, signal),
  });

export const useVideoComments = (videoId: string) => useQuery(getVideoCommentsQueryOptions(videoId));
