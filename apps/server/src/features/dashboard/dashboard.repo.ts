import type { Db } from '../../db/database.ts';
import { listed } from '../access/access.sql.ts';

export function createDashboardRepo(db: Db) {
  return {
    /** The owner's newest ready videos (index videos_ready_owner_newest). */
    async newestReadyVideos(ownerId: string, limit: number) {
      return db
        .selectFrom('videos')
        .select(['id', 'title', 'thumbnail', 'views', 'created_at', 'duration'])
        .where('owner_id', '=', ownerId)
        .where(listed())
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Counts and sums over the channel's ready videos; zeros, never null. */
    async channelTotals(channelId: string) {
      return db
        .selectFrom('videos')
        .select((eb) => [
          eb.fn.countAll<number>().as('videos'),
          eb.fn.coalesce(eb.fn.sum<number>('likes'), eb.lit(0)).as('likes'),
          eb.fn.coalesce(eb.fn.sum<number>('views'), eb.lit(0)).as('views'),
        ])
        .where('owner_id', '=', channelId)
        .where(listed())
        .executeTakeFirstOrThrow();
    },
  };
}
export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
