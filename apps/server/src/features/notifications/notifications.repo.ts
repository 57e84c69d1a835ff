import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NotificationDetails, NotificationKind } from '../../db/schema.ts';
import { listed, visibleTo } from '../access/access.sql.ts';

/** A notification to write: who gets it, for which event, and what it points at. */
export interface NewNotification {
  recipientId: string;
  type: NotificationKind;
  eventId: string;
  actorId?: string | null;
  videoId?: string | null;
  commentId?: string | null;
  postId?: string | null;
  details?: NotificationDetails;
}

/** A notification as read, with what it points at (null where nothing, or nothing left). */
export interface NotificationRow {
  id: number;
  recipient_id: string;
  type: NotificationKind;
  read: boolean;
  created_at: Date;
  details: NotificationDetails;
  actor_id: string | null;
  actor_fullname: string | null;
  actor_username: string | null;
  actor_avatar: string | null;
  video_id: string | null;
  video_title: string | null;
  video_thumbnail: string | null;
  comment_id: string | null;
  comment_content: string | null;
  post_id: string | null;
}

/** Types about the recipient's own content changing state: shown whatever that state is now. */
const ABOUT_OWN_CONTENT = sql`('moderation.takedown', 'moderation.restored')`;

/**
 * THE visibility rule of notifications (docs/notifications.md), on a row aliased `n`: the video it
 * points at is visible to its recipient (access.sql.ts: listed, or theirs and not removed), the
 * comment and post are not taken down, and a held comment shows only under its channel. Asked when
 * a notification is written and again whenever it is read, so a target hidden since drops out.
 */
function shownToRecipient(n: string): RawBuilder<boolean> {
  const col = (c: string) => sql.ref(`${n}.${c}`);
  return sql<boolean>`(${col('type')} IN ${ABOUT_OWN_CONTENT} OR (
    (${col('video_id')} IS NULL OR EXISTS (SELECT 1 FROM videos sv WHERE sv.id = ${col('video_id')} AND ${visibleTo(col('recipient_id') as RawBuilder<string>, 'sv')}))
    AND (${col('comment_id')} IS NULL OR EXISTS (SELECT 1 FROM comments sc WHERE sc.id = ${col('comment_id')} AND sc.removed_reason IS NULL AND (NOT sc.held OR ${col('type')} = 'comment.created')))
    AND (${col('post_id')} IS NULL OR EXISTS (SELECT 1 FROM posts sp WHERE sp.id = ${col('post_id')} AND sp.removed_reason IS NULL))))`;
}

/** The recipient has not turned this type off (a missing settings row means on). */
function enabledFor(recipient: RawBuilder<unknown>, type: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM notification_settings ns WHERE ns.user_id = ${recipient} AND ns.type = ${type} AND NOT ns.enabled)`;
}

/** Notifications' SQL: writing (one, or a channel's subscribers in batches), reading, marking read, settings. */
export function createNotificationsRepo(db: Db) {
  return {
    /**
     * Writes one notification unless its recipient turned the type off, is its actor, may not see
     * what it points at, or already has it for this event (a redelivery). Its id when written.
     */
    async insert(n: NewNotification): Promise<number | undefined> {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO notifications (recipient_id, type, event_id, actor_id, video_id, comment_id, post_id, details)
        SELECT n.recipient_id, n.type, n.event_id, n.actor_id, n.video_id, n.comment_id, n.post_id, n.details
        FROM (VALUES (${n.recipientId}::uuid, ${n.type}::text, ${n.eventId}::uuid, ${n.actorId ?? null}::uuid,
                      ${n.videoId ?? null}::uuid, ${n.commentId ?? null}::uuid, ${n.postId ?? null}::uuid,
                      ${JSON.stringify(n.details ?? {})}::jsonb))
          AS n (recipient_id, type, event_id, actor_id, video_id, comment_id, post_id, details)
        WHERE n.recipient_id IS DISTINCT FROM n.actor_id
          AND ${enabledFor(sql.ref('n.recipient_id'), sql.ref('n.type'))}
          AND ${shownToRecipient('n')}
        ON CONFLICT (event_id, recipient_id) DO NOTHING
        RETURNING id`.execute(db);
      return rows[0]?.id;
    },

    /**
     * One batch of a video's fan-out: notifies up to `limit` of its channel's subscribers after
     * `after` (subscriber id order), skipping those who turned the type off, while the video is
     * listed (every subscriber may see a listed video's card, exclusive or not). A live that has
     * started is `live.started` ("X is live now"), any other video `video.published`. `last`:
     * the last subscriber of the batch (null when none was left); `fromId`/`toId`: the ids written.
     */
    async fanOutBatch(eventId: string, videoId: string, after: string | null, limit: number) {
      const { rows } = await sql<{ last: string | null; from_id: number | null; to_id: number | null; written: number }>`
        WITH v AS (
          SELECT id, owner_id, CASE WHEN live_state IS NULL THEN 'video.published' ELSE 'live.started' END AS type
          FROM videos WHERE id = ${videoId} AND ${listed('videos')}
        ),
        batch AS (
          SELECT s.subscriber_id FROM subscriptions s, v
          WHERE s.channel_id = v.owner_id AND (${after}::uuid IS NULL OR s.subscriber_id > ${after}::uuid)
          ORDER BY s.subscriber_id LIMIT ${limit}
        ),
        written AS (
          INSERT INTO notifications (recipient_id, type, event_id, video_id)
          SELECT b.subscriber_id, v.type, ${eventId}::uuid, v.id FROM batch b, v
          WHERE ${enabledFor(sql.ref('b.subscriber_id'), sql.ref('v.type'))}
          ORDER BY b.subscriber_id
          ON CONFLICT (event_id, recipient_id) DO NOTHING
          RETURNING id
        )
        SELECT (SELECT subscriber_id FROM batch ORDER BY subscriber_id DESC LIMIT 1) AS last,
               (SELECT min(id) FROM written) AS from_id, (SELECT max(id) FROM written) AS to_id,
               (SELECT count(*) FROM written)::int AS written`.execute(db);
      const r = rows[0]!;
      return { last: r.last, fromId: r.from_id, toId: r.to_id, written: r.written };
    },

    /** Where an interrupted fan-out of this event resumes: the last subscriber it notified (batches commit in order). */
    async lastNotified(eventId: string): Promise<string | null> {
      const row = await db
        .selectFrom('notifications')
        .select('recipient_id')
        .where('event_id', '=', eventId)
        .orderBy('recipient_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.recipient_id ?? null;
    },

    /** A user's notifications that pass the visibility rule, newest first. */
    async page(recipientId: string, limit: number, offset: number): Promise<NotificationRow[]> {
      return read(sql`n.recipient_id = ${recipientId}`, sql`ORDER BY n.id DESC LIMIT ${limit} OFFSET ${offset}`);
    },

    /** Notifications of these recipients with ids in [fromId, toId] (a stream's news), oldest first. */
    async range(recipientIds: readonly string[], fromId: number, toId: number): Promise<NotificationRow[]> {
      if (recipientIds.length === 0) return [];
      return read(
        sql`n.recipient_id = ANY(${[...recipientIds]}::uuid[]) AND n.id BETWEEN ${fromId} AND ${toId}`,
        sql`ORDER BY n.id LIMIT 10000`,
      );
    },

    /** A user's notifications after `afterId` (what a reconnecting stream missed), oldest first, at most `limit`. */
    async after(recipientId: string, afterId: number, limit: number): Promise<NotificationRow[]> {
      return read(sql`n.recipient_id = ${recipientId} AND n.id > ${afterId}`, sql`ORDER BY n.id LIMIT ${limit}`);
    },

    /** Deletes the notifications about a deleted video (the unread counts follow, by trigger). */
    async deleteForVideo(videoId: string): Promise<void> {
      await db.deleteFrom('notifications').where('video_id', '=', videoId).execute();
    },

    /**
     * The unread notifications the list shows (the visibility rule: one whose target was taken down
     * or hidden since does not count). The count the triggers of migration 0016 keep answers "none"
     * without counting; otherwise the unread rows are counted on their partial index (0032).
     */
    async unread(userId: string): Promise<number> {
      const { rows } = await sql<{ n: number }>`
        SELECT CASE WHEN coalesce((SELECT unread FROM notification_counts WHERE user_id = ${userId}), 0) = 0 THEN 0
          ELSE (SELECT count(*) FROM notifications n WHERE n.recipient_id = ${userId} AND NOT n.read AND ${shownToRecipient('n')})
        END::int AS n`.execute(db);
      return rows[0]?.n ?? 0;
    },

    /**
     * `report.created` → every moderator and admin but the reporter, in one statement: batched, so
     * a burst of reports is one waiting notification each (none is written while they have an unread
     * one), and never to those who turned the type off. The report's reason and what it is about go
     * in its details.
     */
    async notifyStaffOfReport(eventId: string, reportId: string): Promise<number[]> {
      const { rows } = await sql<{ id: number }>`
        WITH r AS (SELECT id, reporter_id, target_type, reason FROM reports WHERE id = ${reportId})
        INSERT INTO notifications (recipient_id, type, event_id, details)
        SELECT u.id, 'report.created', ${eventId}::uuid, jsonb_build_object('targetType', r.target_type, 'reason', r.reason)
        FROM users u, r
        WHERE u.role IN ('moderator', 'admin') AND u.suspended_at IS NULL AND u.id <> r.reporter_id
          AND ${enabledFor(sql.ref('u.id'), sql`'report.created'`)}
          AND NOT EXISTS (SELECT 1 FROM notifications w WHERE w.recipient_id = u.id AND w.type = 'report.created' AND NOT w.read)
        ORDER BY u.id
        ON CONFLICT (event_id, recipient_id) DO NOTHING
        RETURNING id`.execute(db);
      return rows.map((r) => Number(r.id));
    },

    /** Marks the user's notifications read: these ids (others' ids are ignored), or all. */
    async markRead(userId: string, ids: readonly number[] | undefined): Promise<void> {
      let q = db.updateTable('notifications').set({ read: true }).where('recipient_id', '=', userId).where('read', '=', false);
      if (ids) q = q.where('id', 'in', ids.length ? [...ids] : [-1]);
      await q.execute();
    },

    /** Unread notifications after `afterId` of the types the user gets by mail, oldest first (a digest's). */
    async mailable(recipientId: string, afterId: number, limit: number): Promise<NotificationRow[]> {
      return read(
        sql`n.recipient_id = ${recipientId} AND n.id > ${afterId} AND NOT n.read AND EXISTS (
          SELECT 1 FROM notification_mail_settings s WHERE s.user_id = n.recipient_id AND s.type = n.type AND s.enabled)`,
        sql`ORDER BY n.id LIMIT ${limit}`,
      );
    },

    /** The types the user changed, with their value. */
    async settings(userId: string) {
      return db.selectFrom('notification_settings').select(['type', 'enabled']).where('user_id', '=', userId).execute();
    },

    async saveSettings(userId: string, types: readonly { type: NotificationKind; enabled: boolean }[]): Promise<void> {
      if (types.length === 0) return;
      await db
        .insertInto('notification_settings')
        .values(types.map((t) => ({ user_id: userId, type: t.type, enabled: t.enabled })))
        .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet((eb) => ({ enabled: eb.ref('excluded.enabled') })))
        .execute();
    },
  };

  async function read(where: RawBuilder<unknown>, tail: RawBuilder<unknown>): Promise<NotificationRow[]> {
    const { rows } = await sql<NotificationRow>`
      SELECT n.id, n.recipient_id, n.type, n.read, n.created_at, n.details,
             a.id AS actor_id, a.fullname AS actor_fullname, a.username AS actor_username, a.avatar AS actor_avatar,
             v.id AS video_id, v.title AS video_title, v.thumbnail AS video_thumbnail,
             c.id AS comment_id, c.content AS comment_content, n.post_id
      FROM notifications n
      LEFT JOIN videos v ON v.id = n.video_id
      -- A published video's (or started live's) actor is its channel (not stored: see migration 0016).
      LEFT JOIN users a ON a.id = coalesce(n.actor_id, CASE WHEN n.type IN ('video.published', 'live.started') THEN v.owner_id END)
      LEFT JOIN comments c ON c.id = n.comment_id
      WHERE ${where} AND ${shownToRecipient('n')}
      ${tail}`.execute(db);
    return rows;
  }
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
