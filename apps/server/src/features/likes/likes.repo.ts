import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { selectCards, type CardRow } from '../videos/video-card.ts';

export function createLikesRepo(db: Db) {
  return {
    /**
     * Likes or unlikes in one transaction. The video row is locked first (the counter update
     * would lock it anyway), so concurrent toggles on a video run one after another and each
     * sees the previous one's result; the unique (user_id, video_id) constraint still backs the
     * rule. The counter moves by exactly the number of like rows inserted or deleted.
     * Returns null when the video no longer exists.
     */
    async toggleVideoLike(userId: string, videoId: string, likeId: string): Promise<{ isLiked: boolean; likes: number } | null> {
      return db.transaction().execute(async (trx) => {
        const video = await trx.selectFrom('videos').select('id').where('id', '=', videoId).forNoKeyUpdate().executeTakeFirst();
        if (!video) return null;
        const inserted = await trx
          .insertInto('video_likes')
          .values({ id: likeId, user_id: userId, video_id: videoId })
          .onConflict((oc) => oc.columns(['user_id', 'video_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        const deleted = inserted
          ? undefined
          : await trx
              .deleteFrom('video_likes')
              .where('user_id', '=', userId)
              .where('video_id', '=', videoId)
              .returning('id')
              .executeTakeFirst();
        const delta = inserted ? 1 : deleted ? -1 : 0;
        const row = await trx
          .updateTable('videos')
          .set({ likes: sql`likes + ${delta}` })
          .where('id', '=', videoId)
          .returning('likes')
          .executeTakeFirstOrThrow();
        return { isLiked: Boolean(inserted), likes: row.likes };
      });
    },

    /** The user's liked ready videos as cards, newest like first. */
    async likedVideos(userId: string): Promise<(CardRow & { like_id: string })[]> {
      return selectCards(db)
        .innerJoin('video_likes', 'video_likes.video_id', 'videos.id')
        .select('video_likes.id as like_id')
        .where('video_likes.user_id', '=', userId)
        .where('videos.status', '=', 'ready')
        .orderBy('video_likes.created_at', 'desc')
        .orderBy('video_likes.id', 'desc')
        .execute();
    },
  };
}
export type LikesRepo = ReturnType<typeof createLikesRepo>;
