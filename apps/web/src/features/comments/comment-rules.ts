import type { Comment, CurrentUser } from '@streamhub/contract';
import type { CommentTargetKind } from '@/lib/query-keys';

/** What the comments belong to: a video or a post (the same component serves both). */
export type CommentTarget = { kind: CommentTargetKind; id: string };

/** GET and POST path of a target's comments (SPEC §7). */
export function commentsPath({ kind, id }: CommentTarget): string {
  return `/api/comment/${kind}/${encodeURIComponent(id)}`;
}

/** SPEC §5: a blank or whitespace-only comment is not sent; otherwise the trimmed text is. */
export function newCommentContent(text: string): string | null {
  const content = text.trim();
  return content ? content : null;
}

/**
 * SPEC §4, §5: an edit is sent only when it changed and is not blank; otherwise the comment
 * reverts to its original text (null = nothing to send).
 */
export function commentEditContent(original: string, draft: string): string | null {
  const content = draft.trim();
  if (!content || content === original.trim()) return null;
  return content;
}

/** SPEC §6: only a comment's author, compared by username, may edit or delete it (usernames ignore case, API.md §4). */
export function isCommentAuthor(comment: Pick<Comment, 'owner'>, user: Pick<CurrentUser, 'username'> | null): boolean {
  const author = comment.owner?.username;
  return Boolean(user && author && author.toLowerCase() === user.username.toLowerCase());
}

/** SPEC §4: an added comment is appended with 0 likes, once (the live chat may have brought it already). */
export function appendComment(list: Comment[] | undefined, comment: Comment): Comment[] {
  if (list?.some((c) => c._id === comment._id)) return list;
  return [...(list ?? []), { ...comment, likes: 0, isLiked: false }];
}

export function replaceComment(list: Comment[], updated: Comment): Comment[] {
  return list.map((c) => (c._id === updated._id ? { ...c, ...updated } : c));
}

/** The orders of the comment list (API.md §14): the spec's oldest first, most liked, newest. */
export type CommentOrder = 'oldest' | 'top' | 'newest';

/**
 * The list in `order`, the pinned comment first whatever the order (as the server sends it).
 * Sorted here so that one cached list serves every order and every change patches it once.
 */
export function sortComments(list: Comment[], order: CommentOrder): Comment[] {
  const time = (c: Comment) => Date.parse(c.createdAt) || 0;
  const by: Record<CommentOrder, (a: Comment, b: Comment) => number> = {
    oldest: (a, b) => time(a) - time(b),
    newest: (a, b) => time(b) - time(a),
    top: (a, b) => b.likes - a.likes || time(b) - time(a),
  };
  return [...list].sort((a, b) => Number(Boolean(b.pinned)) - Number(Boolean(a.pinned)) || by[order](a, b));
}

/** A reply to a reply names whom it answers, as on YouTube; a reply to a top-level comment starts blank. */
export function replyDraft(comment: Pick<Comment, 'parentId' | 'owner'>): string {
  return comment.parentId && comment.owner?.username ? `@${comment.owner.username} ` : '';
}

/** A new reply is counted on its top-level comment in the cached list. */
export function countReply(list: Comment[], topId: string, by = 1): Comment[] {
  return list.map((c) => (c._id === topId ? { ...c, replyCount: Math.max(0, (c.replyCount ?? 0) + by) } : c));
}
