import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { postKeys } from '@/lib/query-keys';

/** GET /api/post/:postId: one post; missing → 404 (API.md §10). */
export function getPost(postId: string, signal?: AbortSignal) {
  return api.get<Post>(`/api/post/${encodeURIComponent(postId)}`, { signal });
}

export const getPostQueryOptions = (postId: string) =>
  queryOptions({ queryKey: postKeys.detail(postId), queryFn: ({ signal }) => getPost(postId, signal) });

export const usePost = (postId: string) => useQuery(getPostQueryOptions(postId));
