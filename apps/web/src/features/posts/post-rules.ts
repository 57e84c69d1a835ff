import type { Post } from '@streamhub/contract';

/** What the editor does with the text (SPEC §5): send it, or nothing when it is blank or unchanged. */
export type PostSubmission = { send: true; content: string } | { send: false; reason: 'blank' | 'unchanged' };

/**
 * SPEC §5: a blank post is never sent; an edit is sent only when the text changed. The text is
 * compared and sent trimmed, as the server stores it.
 */
export function postSubmission(draft: string, original?: string): PostSubmission {
  const content = draft.trim();
  if (!content) return { send: false, reason: 'blank' };
  if (original !== undefined && content === original.trim()) return { send: false, reason: 'unchanged' };
  return { send: true, content };
}

/** The post's author (`owner` is a one-element list, SPEC §3), with the usual fallbacks. */
export function postAuthor(post: Pick<Post, 'owner'>) {
  const first = Array.isArray(post.owner) ? post.owner[0] : undefined;
  return {
    _id: first?._id ?? null,
    fullname: first?.fullname || 'Unknown',
    username: first?.username || 'unknown',
    avatar: first?.avatar ?? '',
  };
}

/** SPEC §6: only the post's author may edit or delete it. */
export function isPostOwner(post: Pick<Post, 'owner'>, userId: string | null | undefined): boolean {
  const authorId = postAuthor(post)._id;
  return Boolean(userId && authorId && authorId === userId);
}

/** SPEC §2: your own posts open at /post/p/{id}, another channel's at /post/u/{channelId}/p/{id}. */
export function postHref(postId: string, channelId?: string | null): string {
  const post = encodeURIComponent(postId);
  return channelId ? `/post/u/${encodeURIComponent(channelId)}/p/${post}` : `/post/p/${post}`;
}

/** Whether the post was edited after it was written. */
export function isEdited(post: Pick<Post, 'createdAt' | 'updatedAt'>): boolean {
  return Boolean(post.createdAt && post.updatedAt && post.updatedAt !== post.createdAt);
}
