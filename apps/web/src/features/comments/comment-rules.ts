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

/** SPEC §4: an added comment is appended with 0 likes. */
export function appendComment(list: Comment[] | undefined, comment: Comment): Comment[] {
  return [...(list ?? []), { ...comment, likes: 0, isLiked: false }];
}

export function replaceComment(list: Comment[], updated: Comment): Comment[] {
  return list.map((c) => (c._id === updated._id ? { ...c, ...updated } : c));
}
