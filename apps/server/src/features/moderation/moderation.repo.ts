import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Moderation's SQL beyond hiding content (removals.repo.ts): suspending accounts, and what a takedown asks first. */
export function createModerationRepo(db: Db) {
  return {
    /** The account and its role, locked for the transaction (two staff acting at once take turns). */
    async lockUser(id: string) {
      return db
        .selectFrom('users')
        .select(['id', 'role', 'suspended_reason'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async suspend(id: string, reason: string) {
      await db
        .updateTable('users')
        .set({ suspended_reason: reason, suspended_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    async unsuspend(id: string) {
      await db.updateTable('users').set({ suspended_reason: null, suspended_at: null }).where('id', '=', id).execute();
    },

    /** Whether an item exists at all (a refused takedown or restore: 404, or 409 when it is in another state). */
    async itemExists(type: 'video' | 'comment' | 'post' | 'playlist', id: string): Promise<boolean> {
      const table = { video: 'videos', comment: 'comments', post: 'posts', playlist: 'playlists' } as const;
      return Boolean(await db.selectFrom(table[type]).select('id').where('id', '=', id).executeTakeFirst());
    },

    /** Who owns an item, with their role (staff's content is an admin's to take down); undefined when missing. */
    async itemOwner(type: 'video' | 'comment' | 'post' | 'playlist', id: string) {
      const table = { video: 'videos', comment: 'comments', post: 'posts', playlist: 'playlists' } as const;
      return db
        .selectFrom(`${table[type]} as item` as 'videos as item')
        .innerJoin('users', 'users.id', 'item.owner_id')
        .select(['users.id', 'users.role'])
        .where('item.id', '=', id)
        .executeTakeFirst();
    },

    /** A playlist's exclusivity, for its refunds. */
    async isExclusive(type: 'video' | 'playlist', id: string): Promise<boolean> {
      const row =
        type === 'video'
          ? await db.selectFrom('videos').select('is_exclusive').where('id', '=', id).executeTakeFirst()
          : await db.selectFrom('playlists').select('is_exclusive').where('id', '=', id).executeTakeFirst();
      return row?.is_exclusive ?? false;
    },
  };
}
export type ModerationRepo = ReturnType<typeof createModerationRepo>;
