import {
  NOTIFICATIONS_PAGE_SIZE,
  NotificationType,
  type NotificationItem,
  type NotificationSettings,
  type NotificationSettingsPatch,
  type NotificationsPage,
  type Unread,
} from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { Events } from '../../events/events.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import { notificationText } from './notification-text.ts';
import { createNotificationsRepo, type NewNotification, type NotificationRow } from './notifications.repo.ts';
import { createNotificationMailRepo } from './notification-mail.repo.ts';

interface Deps {
  db: Db;
  /** Announces what was written (`notifications.created`), for every process's open streams. */
  events: Pick<Events, 'publish'>;
}

/** A notification on the wire (API.md §13); media fields are storage keys until the response is made. */
export function toNotificationItem(r: NotificationRow): NotificationItem {
  return {
    _id: String(r.id),
    type: r.type,
    read: r.read,
    createdAt: r.created_at.toISOString(),
    ...(r.actor_id
      ? { actor: { _id: r.actor_id, fullname: r.actor_fullname!, username: r.actor_username!, avatar: r.actor_avatar! } }
      : {}),
    ...(r.video_id ? { video: { _id: r.video_id, title: r.video_title!, thumbnail: r.video_thumbnail! } } : {}),
    ...(r.comment_id ? { comment: { _id: r.comment_id, content: r.comment_content! } } : {}),
    ...(r.post_id ? { post: { _id: r.post_id } } : {}),
    text: notificationText({
      type: r.type,
      actor: r.actor_username,
      videoTitle: r.video_title,
      onPost: r.post_id !== null && r.video_id === null,
      details: r.details,
    }),
  };
}

/**
 * Notifications (API.md §13, docs/notifications.md): a user reads, counts and marks their own,
 * and chooses the types they get; durable subscribers write them (`notify`, `fanOutBatch`), each
 * write announced in its own transaction so that streams in every process hear of it.
 */
export function createNotificationsService({ db, events }: Deps) {
  const repo = createNotificationsRepo(db);
  const mailRepo = createNotificationMailRepo(db);
  const inTransaction = unitOfWork(db, (q) => ({ q, repo: createNotificationsRepo(q) }));

  const unread = async (userId: string): Promise<Unread> => ({ unread: await repo.unread(userId) });

  return {
    /** A page of the viewer's notifications, newest first, with their unread count. */
    async page(viewer: Viewer, page = 1): Promise<NotificationsPage> {
      const rows = await repo.page(viewer._id, NOTIFICATIONS_PAGE_SIZE, (page - 1) * NOTIFICATIONS_PAGE_SIZE);
      return { items: rows.map(toNotificationItem), unread: await repo.unread(viewer._id) };
    },

    unread: (viewer: Viewer) => unread(viewer._id),

    /** Marks these of the viewer's notifications read (ids of others' are ignored), or all of them. */
    async markRead(viewer: Viewer, ids: readonly string[] | undefined): Promise<Unread> {
      await repo.markRead(viewer._id, ids?.map(Number));
      return unread(viewer._id);
    },

    /** Every type with whether the viewer gets it in the app (on unless turned off) and by mail (off unless turned on). */
    async settings(viewer: Viewer): Promise<NotificationSettings> {
      const [inApp, byMail] = await Promise.all([repo.settings(viewer._id), mailRepo.settings(viewer._id)]);
      const all = (rows: typeof inApp, byDefault: boolean) => {
        const changed = new Map(rows.map((s) => [s.type, s.enabled]));
        return Object.fromEntries(
          NotificationType.options.map((t) => [t, changed.get(t) ?? byDefault]),
        ) as NotificationSettings['types'];
      };
      return { types: all(inApp, true), email: all(byMail, false) };
    },

    /** Changes the types named in `patch`, in the app and by mail; the others keep their value. */
    async updateSettings(viewer: Viewer, patch: NotificationSettingsPatch): Promise<NotificationSettings> {
      const list = (record: NotificationSettingsPatch['types']) =>
        Object.entries(record ?? {}).map(([type, enabled]) => ({ type: type as NotificationType, enabled: enabled! }));
      await repo.saveSettings(viewer._id, list(patch.types));
      await mailRepo.saveSettings(viewer._id, list(patch.email));
      return this.settings(viewer);
    },

    /**
     * Writes one notification, with its announcement, unless the rules say no (the recipient
     * turned the type off, is the actor, may not see what it is about, or already has it for this
     * event). True when written.
     */
    async notify(n: NewNotification): Promise<boolean> {
      return inTransaction(async ({ q, repo }) => {
        const id = await repo.insert(n);
        if (id !== undefined) await events.publish(q, 'notifications.created', { fromId: id, toId: id });
        return id !== undefined;
      });
    },

    /**
     * One batch of a published video's fan-out, in its own transaction with its announcement (see
     * the repo's `fanOutBatch`). `last` null: no subscriber was left.
     */
    async fanOutBatch(eventId: string, videoId: string, after: string | null, limit: number) {
      return inTransaction(async ({ q, repo }) => {
        const batch = await repo.fanOutBatch(eventId, videoId, after, limit);
        if (batch.fromId !== null && batch.toId !== null) {
          await events.publish(q, 'notifications.created', { fromId: batch.fromId, toId: batch.toId });
        }
        return batch;
      });
    },

    /** A new report: its waiting notification to each moderator and admin, with its announcement (the repo's `notifyStaffOfReport`). */
    async notifyStaffOfReport(eventId: string, reportId: string): Promise<void> {
      await inTransaction(async ({ q, repo }) => {
        const ids = await repo.notifyStaffOfReport(eventId, reportId);
        if (ids.length > 0)
          await events.publish(q, 'notifications.created', { fromId: Math.min(...ids), toId: Math.max(...ids) });
      });
    },

    /** A deleted video's notifications go (until then reads skip them). */
    forgetVideo: (videoId: string) => repo.deleteForVideo(videoId),

    /** Where an interrupted fan-out of this event resumes. */
    lastNotified: (eventId: string) => repo.lastNotified(eventId),

    /** The new notifications of these users among ids [fromId, toId], for their open streams. */
    async news(userIds: readonly string[], fromId: number, toId: number) {
      return (await repo.range(userIds, fromId, toId)).map((r) => ({ userId: r.recipient_id, item: toNotificationItem(r) }));
    },

    /** The user's notifications after `afterId`, oldest first (a reconnecting stream's replay). */
    async after(userId: string, afterId: number, limit: number): Promise<NotificationItem[]> {
      return (await repo.after(userId, afterId, limit)).map(toNotificationItem);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
