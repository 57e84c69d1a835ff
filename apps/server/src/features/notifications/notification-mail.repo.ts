import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NotificationKind } from '../../db/schema.ts';

/** Notification mail's own tables: the types a user gets by mail, and where their digest is. */
export function createNotificationMailRepo(db: Db) {
  return {
    /** The types the user turned on or off for mail (a missing row: off). */
    async settings(userId: string) {
      return db.selectFrom('notification_mail_settings').select(['type', 'enabled']).where('user_id', '=', userId).execute();
    },

    async saveSettings(userId: string, types: readonly { type: NotificationKind; enabled: boolean }[]): Promise<void> {
      if (types.length === 0) return;
      await db
        .insertInto('notification_mail_settings')
        .values(types.map((t) => ({ user_id: userId, type: t.type, enabled: t.enabled })))
        .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet((eb) => ({ enabled: eb.ref('excluded.enabled') })))
        .execute();
      // Mail starts with what comes next: notifications from before the first type was turned on are never mailed.
      if (types.some((t) => t.enabled)) {
        await sql`
          INSERT INTO notification_mail_digests (user_id, mailed_up_to)
          SELECT ${userId}, coalesce(max(id), 0) FROM notifications WHERE recipient_id = ${userId}
          ON CONFLICT (user_id) DO NOTHING`.execute(db);
      }
    },

    /** Users whose digest is due: the last one went DIGEST ago or never, and something mailable came since. */
    async due(digestMs: number, limit: number): Promise<string[]> {
      const { rows } = await sql<{ user_id: string }>`
        SELECT d.user_id FROM notification_mail_digests d
        WHERE (d.last_sent_at IS NULL OR d.last_sent_at <= now() - make_interval(secs => ${digestMs / 1000}))
          AND EXISTS (
            SELECT 1 FROM notifications n
            JOIN notification_mail_settings s ON s.user_id = n.recipient_id AND s.type = n.type AND s.enabled
            WHERE n.recipient_id = d.user_id AND n.id > d.mailed_up_to AND NOT n.read)
        LIMIT ${limit}`.execute(db);
      return rows.map((r) => r.user_id);
    },

    /** The user's digest state, locked for this transaction, if it is due now. */
    async lockIfDue(userId: string, digestMs: number) {
      const { rows } = await sql<{ mailed_up_to: number }>`
        SELECT mailed_up_to FROM notification_mail_digests
        WHERE user_id = ${userId}
          AND (last_sent_at IS NULL OR last_sent_at <= now() - make_interval(secs => ${digestMs / 1000}))
        FOR UPDATE`.execute(db);
      return rows[0];
    },

    async markSent(userId: string, upTo: number) {
      await db
        .updateTable('notification_mail_digests')
        .set({ mailed_up_to: upTo, last_sent_at: new Date() })
        .where('user_id', '=', userId)
        .execute();
    },

    async recipient(userId: string) {
      return db.selectFrom('users').select(['email', 'fullname', 'locale']).where('id', '=', userId).executeTakeFirst();
    },
  };
}
export type NotificationMailRepo = ReturnType<typeof createNotificationMailRepo>;
