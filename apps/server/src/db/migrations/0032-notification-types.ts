import { sql, type Kysely } from 'kysely';

/**
 * Two notification types (docs/notifications.md): `report.created` (staff hear of new reports)
 * and `live.started` (a channel I subscribe to went live), and the partial index on unread
 * notifications that the unread count is counted on (it follows the visibility rule, so a
 * notification whose target was taken down since no longer counts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
    ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN ('video.published', 'comment.created',
      'comment.reply', 'purchase.sold', 'video.ready', 'video.failed', 'moderation.takedown', 'moderation.restored',
      'report.resolved', 'report.created', 'live.started'));
    CREATE INDEX notifications_unread ON notifications (recipient_id) WHERE NOT read;
  `.execute(db);
}
