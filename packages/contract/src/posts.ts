import { z } from 'zod';
import { Owner } from './common.ts';
import { multiLineText } from './text.ts';
import { POST_MAX_LENGTH } from './limits.ts';

/** POST /api/post/new and POST /api/post/:postId (API.md §10). */
export const PostBody = z.object({
  content: multiLineText({ message: 'Content is required' })
    .trim()
    .min(1, 'Post cannot be blank')
    .max(POST_MAX_LENGTH, `Post cannot be longer than ${POST_MAX_LENGTH.toLocaleString('en-US')} characters`),
});
export type PostBody = z.infer<typeof PostBody>;

/** A post: `owner` is a one-element array (as in the spec), `comments` the number of its comments. */
export const Post = z.object({
  _id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  likes: z.number(),
  isLiked: z.boolean(),
  comments: z.number(),
  owner: z.array(Owner),
  /** Only its author sees a post taken down (or hidden by their suspension), with the reason. */
  removedReason: z.string().optional(),
});
export type Post = z.infer<typeof Post>;
