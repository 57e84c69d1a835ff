import { z } from 'zod';
import { Owner } from './common.ts';
import { blankAsAbsent } from './videos.ts';
import { multiLineText } from './text.ts';
import { COMMENT_MAX_LENGTH } from './limits.ts';

/** POST /api/comment/video/:videoId, /api/comment/post/:postId and /api/comment/c/:commentId (API.md §7). */
export const CommentBody = z.object({
  content: multiLineText({ message: 'Content is required' })
    .trim()
    .min(1, 'Comment cannot be blank')
    .max(COMMENT_MAX_LENGTH, `Comment cannot be longer than ${COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters`),
});
export type CommentBody = z.infer<typeof CommentBody>;

/** Optional paging of a comment list; without it, every comment (oldest first). */
export const CommentPaging = z.object({
  page: z.coerce.number().int().min(1).max(100000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type CommentPaging = z.infer<typeof CommentPaging>;

/**
 * The top-level list of a video or a post (API.md §7, §14): paging and an optional order, `top`
 * (most liked, then newest) or `newest`; without it oldest first. A pinned comment comes first.
 */
export const CommentListQuery = CommentPaging.extend({
  sortBy: blankAsAbsent(z.enum(['top', 'newest']).optional()),
});
export type CommentListQuery = z.infer<typeof CommentListQuery>;

/** The fields of a comment on a video or a post, with the viewer's like state. */
export const CommentFields = z.object({
  _id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  likes: z.number(),
  isLiked: z.boolean(),
  owner: Owner,
  /** Its author is an active member of the channel (API.md §20): the member badge. Absent otherwise. */
  isMember: z.boolean().optional(),
  /** Holds a blocked word of the channel: seen by its author and the channel only, until the channel approves it. */
  held: z.boolean().optional(),
  /** Only its author sees a comment taken down (or hidden by their suspension), with the reason. */
  removedReason: z.string().optional(),
});

/** A comment and its place in a thread (API.md §14): replies hang under one top-level comment. */
export const Comment = CommentFields.extend({
  /** The top-level comment a reply belongs to; null for a top-level comment. */
  parentId: z.string().nullable(),
  /** Replies everyone may read; 0 for a reply. */
  replyCount: z.number(),
  /** Pinned by the owner of the video or post (at most one per video or post, top level only). */
  pinned: z.boolean(),
});
export type Comment = z.infer<typeof Comment>;
