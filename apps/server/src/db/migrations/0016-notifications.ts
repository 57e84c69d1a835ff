import { sql, type Kysely } from 'kysely';

/**
 * Notifications (API.md §13, docs/notifications.md), written by durable subscribers of events.
 *
 * - `id` increases with time: it is the stream's event id, and "the ones after this id" is what a
 *   reconnecting stream missed. `(event_id, recipient_id)` is unique, so an event delivered again
 *   (at least once) never notifies anyone twice: writers insert with ON CONFLICT DO NOTHING.
 * - What a notification is about is referenced (video, comment, post, actor), never copied, and
 *   goes with it when deleted (a video's: on its \`video.deleted\` event, see below); `details` holds what has no row to read (a sale's amount and title,
 *   a takedown's reason, a report's target).
 * - `notification_counts.unread` is kept by statement triggers in the transaction that inserts,
 *   marks read or deletes (a cascade too), so the bell never counts rows: one row per user.
 * - `notification_settings` holds the types a user changed; a missing row means on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      recipient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('video.published', 'comment.created', 'comment.reply', 'purchase.sold',
        'video.ready', 'video.failed', 'moderation.takedown', 'moderation.restored', 'report.resolved')),
      event_id uuid NOT NULL,
      -- Who acted; a published video's is its channel, read from the video (fan-outs stay small).
      actor_id uuid REFERENCES users(id) ON DELETE CASCADE,
      -- No foreign key: checking one per row of a 100,000-subscriber fan-out costs a fifth of its time.
      -- A deleted video's notifications are deleted by the subscriber of \`video.deleted\`, and reads
      -- skip a video that is gone meanwhile (the visibility rule).
      video_id uuid,
      comment_id uuid REFERENCES comments(id) ON DELETE CASCADE,
      post_id uuid REFERENCES posts(id) ON DELETE CASCADE,
      details jsonb NOT NULL DEFAULT '{}',
      read boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (event_id, recipient_id)
    );
    CREATE INDEX notifications_recipient ON notifications (recipient_id, id);
    -- Deletes of what notifications point at find them by index.
    CREATE INDEX notifications_video ON notifications (video_id) WHERE video_id IS NOT NULL;
    CREATE INDEX notifications_comment ON notifications (comment_id) WHERE comment_id IS NOT NULL;
    CREATE INDEX notifications_post ON notifications (post_id) WHERE post_id IS NOT NULL;
    CREATE INDEX notifications_actor ON notifications (actor_id) WHERE actor_id IS NOT NULL;

    -- The fan-out walks a channel's subscribers in batches, in subscriber order (keyset); it replaces
    -- the index on channel_id alone.
    CREATE INDEX subscriptions_channel_subscriber ON subscriptions (channel_id, subscriber_id);
    DROP INDEX subscriptions_channel;

    CREATE TABLE notification_counts (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      unread integer NOT NULL DEFAULT 0 CHECK (unread >= 0)
    );

    CREATE TABLE notification_settings (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      type text NOT NULL,
      enabled boolean NOT NULL,
      PRIMARY KEY (user_id, type)
    );

    CREATE FUNCTION notification_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO notification_counts AS c (user_id, unread)
        SELECT recipient_id, count(*) FROM new_rows WHERE NOT read GROUP BY recipient_id ORDER BY recipient_id
        ON CONFLICT (user_id) DO UPDATE SET unread = c.unread + EXCLUDED.unread;
      RETURN NULL;
    END $$;
    CREATE FUNCTION notification_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE notification_counts c SET unread = c.unread + d.delta
        FROM (SELECT n.recipient_id, sum((NOT n.read)::int - (NOT o.read)::int) AS delta
              FROM new_rows n JOIN old_rows o ON o.id = n.id GROUP BY n.recipient_id) d
        WHERE c.user_id = d.recipient_id AND d.delta <> 0;
      RETURN NULL;
    END $$;
    CREATE FUNCTION notification_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE notification_counts c SET unread = c.unread - d.gone
        FROM (SELECT recipient_id, count(*) AS gone FROM old_rows WHERE NOT read GROUP BY recipient_id) d
        WHERE c.user_id = d.recipient_id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER notification_counts_insert AFTER INSERT ON notifications
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_insert();
    CREATE TRIGGER notification_counts_update AFTER UPDATE ON notifications
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_update();
    CREATE TRIGGER notification_counts_delete AFTER DELETE ON notifications
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_delete();
  `.execute(db);
}
