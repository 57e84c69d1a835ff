import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Comment } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { commentKeys } from '@/lib/query-keys';
import { commentsPath, type CommentTarget } from '../comment-rules';

/** GET /api/comment/video/:videoId or /api/comment/post/:postId: every comment, oldest first (API.md §7). */
export async function getComments(target: CommentTarget, signal?: AbortSignal): Promise<Comment[]> {
  const data = await api.get<Comment[] | null>(commentsPath(target), { signal });
  return Array.isArray(data) ? data : [];
}

export const getCommentsQueryOptions = (target: CommentTarget) =>
  queryOptions({
    queryKey: commentKeys.list(target.kind, target.id),
    queryFn: ({ signal }) => getComments(target, signal),
  });

export const useComments = (target: CommentTarget) => useQuery(getCommentsQueryOptions(target));
