import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { selectCards, type CardRow } from '../access/video-card.ts';
import { listed } from '../access/access.sql.ts';

export type HistoryRow = CardRow & { entry_id: string; watched_at: Date };

export function createHistoryRepo(db: Db) {
  const entries = (userId: string) =>
    selectCards(db)
      .innerJoin('watch_history', 'watch_history.video_id', 'videos.id')
      .select(['watch_history.id as entry_id', 'watch_history.watched_at'])
      .where('watch_history.user_id', '=', userId)
      .where(listed());

  return {
    /**
     * Records a view for today (UTC). The unique (user_id, video_id, watched_on) constraint
     * makes a repeat on the same day a no-op, even when two requests race; returns the new
     * entry's id, or null when today's entry already existed.
     */
    async track(userId: string, videoId: string, entryId: string): Promise<string | null> {
      const row = await db
        .insertInto('watch_history')
        .values({ id: entryId, user_id: userId, video_id: videoId, watched_on: sql<string>`(now() AT TIME ZONE 'UTC')::date` })
        .onConflict((oc) => oc.columns(['user_id', 'video_id', 'watched_on']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async entry(userId: string, entryId: string): Promise<HistoryRow | undefined> {
      return entries(userId).where('watch_history.id', '=', entryId).executeTakeFirst();
    },

    /** The user's entries of ready videos, newest first. */
    async list(userId: string): Promise<HistoryRow[]> {
      return entries(userId).orderBy('watch_history.watched_at', 'desc').orderBy('watch_history.id', 'desc').execute();
    },

    /** Whose entry this is; undefined when there is no such entry. */
    async ownerOf(entryId: string): Promise<string | undefined> {
      const row = await db.selectFrom('watch_history').select('user_id').where('id', '=', entryId).executeTakeFirst();
      return row?.user_id;
    },

    /** Deletes the entry only if it is the user's; true when something was deleted. */
    async remove(userId: string, entryId: string): Promise<boolean> {
      const row = await db
        .deleteFrom('watch_history')
        .where('id', '=', entryId)
        .where('user_id', '=', userId)
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}
export type HistoryRepo = ReturnType<typeof createHistoryRepo>;
