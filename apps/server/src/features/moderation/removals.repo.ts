import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { RemovedBy } from '../../db/schema.ts';
import { moveSql } from '../videos/video-lifecycle.ts';

/** What staff can hide: one item of these tables (a channel is hidden by suspending its owner). */
export type RemovableType = 'video' | 'comment' | 'post' | 'playlist';

const TABLE = { comment: 'comments', post: 'posts', playlist: 'playlists' } as const;

/** A removed or restored item: its owner, and for a video what a buyer paid for. */
export interface RemovedItem {
  id: string;
  ownerId: string;
}

/**
 * The SQL of hiding and showing content (migration 0014's `removed_*` columns). A video hides as
 * `status = 'removed'` and keeps the status a restore puts back; comments, posts and playlists
 * hide by their `removed_reason`. `removed_by` says why: a takedown (of one item) or the
 * suspension of its owner (all their items); each undo only undoes its own kind, so lifting a
 * suspension never shows what a moderator took down.
 */
export function createRemovalsRepo(db: Db) {
  return {
    /**
     * Takes one item down (also one hidden by its owner's suspension: it then stays down after
     * the suspension ends). Undefined when it does not exist or is already taken down, so two
     * moderators acting at once change it once.
     */
    async takeDown(type: RemovableType, id: string, reason: string): Promise<RemovedItem | undefined> {
      if (type === 'video') {
        return db
          .updateTable('videos')
          .set(moveSql('takeDown', reason).set)
          .where('id', '=', id)
          .where(moveSql('takeDown').when)
          .returning(['id', 'owner_id as ownerId'])
          .executeTakeFirst();
      }
      return db
        .updateTable(TABLE[type])
        .set({ removed_reason: reason, removed_by: 'takedown' })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('removed_by', 'is', null), eb('removed_by', '<>', 'takedown')]))
        .returning(['id', 'owner_id as ownerId'])
        .executeTakeFirst();
    },

    /**
     * Undoes a takedown. While the owner is suspended the item stays hidden, as their other
     * content is (`removed_by` becomes `suspension`, so lifting the suspension shows it).
     * Undefined when it does not exist or was not taken down.
     */
    async restore(type: RemovableType, id: string): Promise<RemovedItem | undefined> {
      const suspension = sql<string | null>`(SELECT u.suspended_reason FROM users u WHERE u.id = owner_id)`;
      const hiddenBy = sql<RemovedBy | null>`CASE WHEN ${suspension} IS NULL THEN NULL ELSE 'suspension' END`;
      if (type === 'video') {
        return db
          .updateTable('videos')
          .set(moveSql('restore').set)
          .where('id', '=', id)
          .where(moveSql('restore').when)
          .returning(['id', 'owner_id as ownerId'])
          .executeTakeFirst();
      }
      return db
        .updateTable(TABLE[type])
        .set({ removed_reason: suspension, removed_by: hiddenBy })
        .where('id', '=', id)
        .where('removed_by', '=', 'takedown')
        .returning(['id', 'owner_id as ownerId'])
        .executeTakeFirst();
    },

    /** Hides everything of a suspended user that is not hidden already; returns the videos it hid. */
    async hideOwner(ownerId: string, reason: string): Promise<string[]> {
      const videos = await db
        .updateTable('videos')
        .set(moveSql('suspend', reason).set)
        .where('owner_id', '=', ownerId)
        .where(moveSql('suspend').when)
        .returning('id')
        .execute();
      for (const table of Object.values(TABLE)) {
        await db
          .updateTable(table)
          .set({ removed_reason: reason, removed_by: 'suspension' })
          .where('owner_id', '=', ownerId)
          .where('removed_by', 'is', null)
          .execute();
      }
      return videos.map((v) => v.id);
    },

    /** Shows again exactly what a suspension hid (never what was taken down); returns the videos. */
    async showOwner(ownerId: string): Promise<string[]> {
      const videos = await db
        .updateTable('videos')
        .set(moveSql('unsuspend').set)
        .where('owner_id', '=', ownerId)
        .where(moveSql('unsuspend').when)
        .returning('id')
        .execute();
      for (const table of Object.values(TABLE)) {
        await db
          .updateTable(table)
          .set({ removed_reason: null, removed_by: null })
          .where('owner_id', '=', ownerId)
          .where('removed_by', '=', 'suspension')
          .execute();
      }
      return videos.map((v) => v.id);
    },
  };
}
export type RemovalsRepo = ReturnType<typeof createRemovalsRepo>;
