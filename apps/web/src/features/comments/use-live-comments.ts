import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Comment } from '@streamhub/contract';
import { useCurrentUser } from '@/lib/auth';
import { openEventStream } from '@/lib/event-stream';
import { setQueries } from '@/lib/optimistic';
import { commentKeys } from '@/lib/query-keys';
import { appendComment, countReply } from './comment-rules';

/** GET /api/comment/video/:videoId/stream: a video's live chat (docs/live.md). */
export const liveCommentsUrl = (videoId: string) => `/api/comment/video/${encodeURIComponent(videoId)}/stream`;

function parse<T extends { _id: string }>(data: string): T | null {
  try {
    const value = JSON.parse(data) as Partial<T> | null;
    return value && typeof value._id === 'string' ? (value as T) : null;
  } catch {
    return null;
  }
}

/**
 * A comment someone else wrote, as it arrives: a top-level one joins the list, a reply its open
 * thread and its top-level comment's count. The viewer's own come with their own calls' answers.
 */
export function receiveComment(client: QueryClient, videoId: string, comment: Comment) {
  const list = commentKeys.list('video', videoId);
  if (!comment.parentId) {
    client.setQueryData<Comment[]>(list, (comments) => (comments ? appendComment(comments, comment) : comments));
    return;
  }
  const thread = commentKeys.replies('video', videoId, comment.parentId);
  if (client.getQueryData<Comment[]>(thread)?.some((c) => c._id === comment._id)) return;
  client.setQueryData<Comment[]>(thread, (replies) => (replies ? appendComment(replies, comment) : replies));
  client.setQueryData<Comment[]>(list, (comments) => (comments ? countReply(comments, comment.parentId!) : comments));
}

/** A deleted comment leaves the list (a top-level one with its thread); a reply's count is asked again. */
export function dropComment(client: QueryClient, videoId: string, deleted: { _id: string; parentId: string | null }) {
  const list = commentKeys.list('video', videoId);
  setQueries<Comment[]>(client, list, (comments) => comments.filter((c) => c._id !== deleted._id));
  if (deleted.parentId) void client.invalidateQueries({ queryKey: list, exact: true });
}

/**
 * The comments section of a live video delivered live: new comments, replies and deletions of
 * others patch the cached list while the page is open (EventSource, reconnecting by itself;
 * after a gap the list is read again, as deletions are not replayed). Off when `enabled` is false.
 */
export function useLiveComments(videoId: string, enabled: boolean) {
  const client = useQueryClient();
  const userId = useCurrentUser()?._id ?? null;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return openEventStream({
      url: liveCommentsUrl(videoId),
      on: {
        comment: (data) => {
          const comment = parse<Comment>(data);
          if (comment && comment.owner?._id !== userId) receiveComment(client, videoId, comment);
        },
        deleted: (data) => {
          const deleted = parse<{ _id: string; parentId: string | null }>(data);
          if (deleted) dropComment(client, videoId, deleted);
        },
      },
      onConnected: () => void client.invalidateQueries({ queryKey: commentKeys.list('video', videoId) }),
    });
  }, [client, videoId, enabled, userId]);
}
