import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { postKeys } from '@/lib/query-keys';

/** GET /api/post/user/:userId: every post of the user, newest first (API.md §10). */
export async function getUserPosts(userId: string, signal?: AbortSignal): Promise<Post[]> {
  const data = await api.get<Post[] | null>(`/api/post/user/${encodeURIComponent(userId)}`, { signal });
  return Array.isArray(data) ? data : [];
}

export const getUserPostsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: postKeys.byUser(userId), queryFn: ({ signal }) => getUserPosts(userId, signal) });

export const useUserPosts = (userId: string) => useQuery(getUserPostsQueryOptions(userId));
