import type { Db } from '../../db/database.ts';
import { toggleLink, type LinkKind } from '../../db/toggle-link.ts';
import { selectCards, type CardRow } from '../access/video-card.ts';
import { listed } from '../access/access.sql.ts';

export type LikeTarget = 'video' | 'comment' | 'post';

/**
 * One like table per target (video_likes, comment_likes, post_likes) rather than one table with a
 * nullable column per target: each keeps a plain unique (user, target) pair and a foreign key that
 * deletes the likes with their target, and the video counter keeps its sort index.
 */
const LIKES: Record<LikeTarget, LinkKind> = {
  video: { target: 'videos', counter: 'likes', links: 'video_likes', userColumn: 'user_id', targetColumn: 'video_id' },
  comment: { target: 'comments', counter: 'likes', links: 'comment_likes', userColumn: 'user_id', targetColumn: 'comment_id' },
  post: { target: 'posts', counter: 'likes', links: 'post_likes', userColumn: 'user_id', targetColumn: 'post_id' },
};

export function createLikesRepo(db: Db) {
  return {
    /** Likes or unlikes (db/toggle-link.ts); null when the target no longer exists. */
    async toggle(target: LikeTarget, userId: string, targetId: string, likeId: string) {
      const toggled = await toggleLink(db, LIKES[target], userId, targetId, likeId);
      return toggled && { isLiked: toggled.on, likes: toggled.count! };
    },

    /** The user's liked ready videos as cards, newest like first. */
    async likedVideos(userId: string): Promise<(CardRow & { like_id: string })[]> {
      return selectCards(db)
        .innerJoin('video_likes', 'video_likes.video_id', 'videos.id')
        .select('video_likes.id as like_id')
        .where('video_likes.user_id', '=', userId)
        .where(listed())
        .orderBy('video_likes.created_at', 'desc')
        .orderBy('video_likes.id', 'desc')
        .execute();
    },
  };
}
export type LikesRepo = ReturnType<typeof createLikesRepo>;
