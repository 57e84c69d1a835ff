import { z } from 'zod';
import { Owner } from './common.ts';
import { CommentFields } from './comments.ts';
import { singleLineText } from './text.ts';
import { BLOCKED_WORDS_MAX, BLOCKED_WORD_MAX_LENGTH } from './limits.ts';

/** GET /api/channel/blocks: the users who may not comment on my videos and posts. */
export const ChannelBlock = z.object({ user: Owner, createdAt: z.string() });
export type ChannelBlock = z.infer<typeof ChannelBlock>;

/** GET, PUT /api/channel/blocked-words: matched case-insensitively as whole words (or phrases). */
export const BlockedWords = z.object({
  words: z
    .array(
      singleLineText()
        .trim()
        .min(1, 'A blocked word cannot be blank')
        .max(BLOCKED_WORD_MAX_LENGTH, `A blocked word cannot be longer than ${BLOCKED_WORD_MAX_LENGTH} characters`),
    )
    .max(BLOCKED_WORDS_MAX, `At most ${BLOCKED_WORDS_MAX} blocked words`),
});
export type BlockedWords = z.infer<typeof BlockedWords>;

/** GET /api/channel/held-comments: a held comment and what it was written under. */
export const HeldComment = CommentFields.extend({
  parent: z.object({ type: z.enum(['video', 'post']), _id: z.string(), title: z.string() }),
});
export type HeldComment = z.infer<typeof HeldComment>;
