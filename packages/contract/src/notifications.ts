import { z } from 'zod';
import { Owner } from './common.ts';
import { singleLineText } from './text.ts';

/** What a notification is about (API.md §13); each one can be turned off in the settings. */
export const NotificationType = z.enum([
  'video.published',
  'comment.created',
  'comment.reply',
  'purchase.sold',
  'video.ready',
  'video.failed',
  'moderation.takedown',
  'moderation.restored',
  'report.resolved',
  'report.created',
  'live.started',
  'export.ready',
]);
export type NotificationType = z.infer<typeof NotificationType>;

/** Most ids one POST /api/notifications/read may name. */
export const MARK_READ_MAX_IDS = 100;

/**
 * A notification's id: a decimal number as text, increasing with time, so "the ones after this id"
 * is what a reconnecting stream missed (unlike other ids, it is not a UUID).
 */
export const NotificationId = z.string().regex(/^[1-9][0-9]{0,17}$/, 'Invalid notification id');

/**
 * One notification. `_id` (a NotificationId) increases with time (it is the SSE event id, and `Last-Event-ID`
 * replays the ones after it). `text` is a ready-to-show sentence made by the server; the item
 * links to its video, comment (under its video or post) or post when one is set.
 */
export const NotificationItem = z.object({
  _id: z.string(),
  type: NotificationType,
  read: z.boolean(),
  createdAt: z.string(),
  actor: Owner.optional(),
  video: z.object({ _id: z.string(), title: z.string(), thumbnail: z.string() }).optional(),
  comment: z.object({ _id: z.string(), content: z.string() }).optional(),
  post: z.object({ _id: z.string() }).optional(),
  text: z.string(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

/** GET /api/notifications: 20 a page, newest first, with the unread count. */
export const NotificationsPage = z.object({ items: z.array(NotificationItem), unread: z.number() });
export type NotificationsPage = z.infer<typeof NotificationsPage>;

export const NotificationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).optional(),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

/** GET /api/notifications/unread, and the answer of POST /api/notifications/read. */
export const Unread = z.object({ unread: z.number() });
export type Unread = z.infer<typeof Unread>;

/** POST /api/notifications/read: these (at most 100), or all when `ids` is absent. */
export const MarkNotificationsRead = z
  .object({
    ids: z
      .array(singleLineText().pipe(NotificationId))
      .max(MARK_READ_MAX_IDS, `At most ${MARK_READ_MAX_IDS} ids at once`)
      .optional(),
  })
  .strict();
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsRead>;

/**
 * GET /api/notifications/settings: every type, on (true) or off, in the app (`types`, all on by
 * default) and by mail (`email`, API.md §19: all off by default, sent as a digest).
 */
export const NotificationSettings = z.object({
  types: z.record(NotificationType, z.boolean()),
  email: z.record(NotificationType, z.boolean()),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** PATCH /api/notifications/settings: the types to change, in the app or by mail; the others keep their value. */
export const NotificationSettingsPatch = z
  .object({
    types: z.partialRecord(NotificationType, z.boolean()).optional(),
    email: z.partialRecord(NotificationType, z.boolean()).optional(),
  })
  .strict()
  .refine((p) => p.types !== undefined || p.email !== undefined, { message: 'Nothing to change' });
export type NotificationSettingsPatch = z.infer<typeof NotificationSettingsPatch>;

/** GET /api/notifications/stream: `lastEventId` for clients that reconnect by hand (else the `Last-Event-ID` header). */
export const NotificationsStreamQuery = z.object({ lastEventId: singleLineText().pipe(NotificationId).optional() });
export type NotificationsStreamQuery = z.infer<typeof NotificationsStreamQuery>;

/** GET /api/notifications/unsubscribe/:token (RFC 8058 link of a digest): what a POST to it turns off, and whether it is on now. */
export const UnsubscribeView = z.object({
  email: z.string(),
  types: z.array(z.object({ type: NotificationType, on: z.boolean() })),
});
export type UnsubscribeView = z.infer<typeof UnsubscribeView>;
