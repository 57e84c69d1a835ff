import { z } from 'zod';
import { Id } from './common.ts';
import { multiLineText, singleLineText } from './text.ts';

/** What a moderator can take down (API.md §12, and exclusive playlists: docs/moderation.md). */
export const RemovableType = z.enum(['video', 'comment', 'post', 'playlist']);
export type RemovableType = z.infer<typeof RemovableType>;

export const MODERATION_REASON_MAX = 1000;
/** Why: shown to the owner, in the audit log, and (a video) in its 410. */
/** Text first, so a control character is named as such (like every text field), then the value. */
const targetType = singleLineText().pipe(RemovableType);
const targetId = singleLineText().pipe(Id);
const reason = multiLineText().trim().min(1, 'is required').max(MODERATION_REASON_MAX);

/** POST /api/admin/takedown. */
export const Takedown = z.object({ targetType, targetId, reason }).strict();
export type Takedown = z.infer<typeof Takedown>;

/** POST /api/admin/restore. */
export const Restore = z.object({ targetType, targetId }).strict();
export type Restore = z.infer<typeof Restore>;

/** POST /api/admin/users/:id/suspend; the reason is what their login answers. */
export const Suspend = z.object({ reason }).strict();
export type Suspend = z.infer<typeof Suspend>;

/** POST /api/admin/users/:id/unsuspend: a reason is kept in the audit log when given. */
export const Unsuspend = z.object({ reason: reason.optional() }).strict();
export type Unsuspend = z.infer<typeof Unsuspend>;
