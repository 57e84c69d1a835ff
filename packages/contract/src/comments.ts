import { z } from 'zod';
import { Owner } from './common.ts';
import { multiLineText } from './text.ts';

export const COMMENT_MAX_LENGTH = 5000;

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

/** A comment on a video or a post, with the viewer's like state. */
export const Comment = z.object({
  _id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  likes: z.number(),
  isLiked: z.boolean(),
  owner: Owner,
  /** Holds a blocked word of the channel: seen by its author and the channel only, until the channel approves it. */
  held: z.boolean().optional(),
  /** Only its author sees a comment taken down (or hidden by their suspension), with the reason. */
  removedReason: z.string().optional(),
});
export type Comment = z.infer<typeof Comment>;
