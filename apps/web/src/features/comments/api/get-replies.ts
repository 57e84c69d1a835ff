import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Comment } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { commentKeys } from '@/lib/query-keys';
import type { CommentTarget } from '../comment-rules';

/** GET /api/comment/c/:commentId/replies: the thread of a top-level comment, oldest first (API.md §14). */
export async function getReplies(commentId: string, signal?: AbortSignal): Promise<Comment[]> {
  const data = await api.get<Comment[] | null>(`/api/comment/c/${encodeURIComponent(commentId)}/replies`, { signal });
  return Array.isArray(data) ? data : [];
}

export const getRepliesQueryOptions = (target: CommentTarget, commentId: string) =>
  queryOptions({
    queryKey: commentKeys.replies(target.kind, target.id, commentId),
    queryFn: ({ signal }) => getReplies(commentId, signal),
  });

/** Loaded once the thread is opened. */
export const useReplies = (target: CommentTarget, commentId: string, open: boolean) =>
  useQuery({ ...getRepliesQueryOptions(target, commentId), enabled: open });
