import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The SQL of account exports (migration 0040) and of the data an export holds. */
export function createAccountExportRepo(db: Db) {
  return {
    async insert(id: string, userId: string) {
      await db.insertInto('account_exports').values({ id, user_id: userId }).execute();
    },
    /** The newest export of the user that is not failed, made since `since` (the one-a-day rule). */
    async latestSince(userId: string, since: Date) {
      return db
        .selectFrom('account_exports')
        .selectAll()
        .where('user_id', '=', userId)
        .where('state', '<>', 'failed')
        .where('created_at', '>', since)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    async find(id: string) {
      return db.selectFrom('account_exports').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async latest(userId: string) {
      return db
        .selectFrom('account_exports')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    async markReady(id: string, storageKey: string, sizeBytes: number, expiresAt: Date): Promise<boolean> {
      const r = await db
        .updateTable('account_exports')
        .set({ state: 'ready', storage_key: storageKey, size_bytes: sizeBytes, ready_at: new Date(), expires_at: expiresAt })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    async markFailed(id: string) {
      await db
        .updateTable('account_exports')
        .set({ state: 'failed' })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .execute();
    },
    /** Exports past their 7 days: their rows go, their keys are answered for the files to go. */
    async removeExpired(now: Date): Promise<string[]> {
      const rows = await db.deleteFrom('account_exports').where('expires_at', '<=', now).returning('storage_key').execute();
      return rows.flatMap((r) => (r.storage_key ? [r.storage_key] : []));
    },

    // What an export holds (API.md §19), each as its owner would read it.
    account: (userId: string) =>
      db
        .selectFrom('users')
        .select(['id', 'username', 'fullname', 'email', 'role', 'created_at', 'email_verified_at'])
        .where('id', '=', userId)
        .executeTakeFirst(),
    videos: (userId: string) =>
      db
        .selectFrom('videos')
        .select([
          'id',
          'title',
          'description',
          'duration',
          'views',
          'visibility',
          'is_exclusive',
          'price_minor',
          'status',
          'created_at',
          'media_key',
          'has_mp4',
        ])
        .where('owner_id', '=', userId)
        .orderBy('created_at')
        .execute(),
    comments: (userId: string) =>
      db
        .selectFrom('comments')
        .select(['id', 'content', 'video_id', 'post_id', 'parent_id', 'created_at'])
        .where('owner_id', '=', userId)
        .orderBy('created_at')
        .execute(),
    posts: (userId: string) =>
      db
        .selectFrom('posts')
        .select(['id', 'content', 'created_at'])
        .where('owner_id', '=', userId)
        .orderBy('created_at')
        .execute(),
    playlists: (userId: string) =>
      db
        .selectFrom('playlists')
        .select([
          'id',
          'name',
          'description',
          'kind',
          'visibility',
          sql<
            string[]
          >`coalesce((SELECT array_agg(pv.video_id ORDER BY pv.position) FROM playlist_videos pv WHERE pv.playlist_id = playlists.id), '{}')`.as(
            'video_ids',
          ),
          'created_at',
        ])
        .where('owner_id', '=', userId)
        .orderBy('created_at')
        .execute(),
    likes: (userId: string) =>
      db
        .selectFrom('video_likes')
        .select(['video_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
    history: (userId: string) =>
      db
        .selectFrom('watch_history')
        .select(['video_id', 'watched_at'])
        .where('user_id', '=', userId)
        .orderBy('watched_at')
        .execute(),
    subscriptions: (userId: string) =>
      db
        .selectFrom('subscriptions')
        .innerJoin('users as c', 'c.id', 'subscriptions.channel_id')
        .select(['c.id as channel_id', 'c.username', 'subscriptions.created_at'])
        .where('subscriptions.subscriber_id', '=', userId)
        .orderBy('subscriptions.created_at')
        .execute(),
    purchases: (userId: string) =>
      db
        .selectFrom('purchases')
        .select(['id', 'kind', 'video_id', 'playlist_id', 'amount_minor', 'status', 'created_at', 'refunded_at'])
        .where('buyer_id', '=', userId)
        .orderBy('created_at')
        .execute(),
    earnings: (userId: string) =>
      db
        .selectFrom('journal_lines as l')
        .innerJoin('journal_entries as e', 'e.id', 'l.entry_id')
        .select(['e.purchase_id', 'e.kind', sql<number>`-l.amount_minor`.as('amount_minor'), 'l.created_at'])
        .where('l.account', '=', 'creator_earnings')
        .where('l.user_id', '=', userId)
        .orderBy('l.created_at')
        .execute(),
  };
}
export type AccountExportRepo = ReturnType<typeof createAccountExportRepo>;
