import type { LikedVideo, LikeToggle } from '@streamhub/contract';
import { NotFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { CommentsService } from '../comments/comments.service.ts';
import type { PostsService } from '../posts/posts.service.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import type { WatchGate } from '../access/access.service.ts';
import { toVideoCard } from '../access/video-card.ts';
import type { LikesRepo, LikeTarget } from './likes.repo.ts';

/** The rule of each like target's parent: liking needs the same right as reading. */
export interface LikeGates {
  /** Videos: missing or unready → 404, exclusive without access → 401. */
  watch: WatchGate;
  /** Comments: the rule of the comment's video or post. */
  comments: Pick<CommentsService, 'assertReachable'>;
  /** Posts: public, so only "does it exist". */
  posts: Pick<PostsService, 'assertExists'>;
}

const MISSING: Record<LikeTarget, string> = {
  video: 'Video not found',
  comment: 'Comment not found',
  post: 'Post not found',
};

/** API.md §7: every like toggles the same way; the answer is the state after the toggle. */
export function createLikesService(repo: LikesRepo, gates: LikeGates) {
  async function toggle(target: LikeTarget, viewer: Viewer, targetId: string): Promise<LikeToggle> {
    const result = await repo.toggle(target, viewer._id, targetId, newId());
    // Deleted between the gate and the toggle.
    if (!result) throw new NotFound(MISSING[target]);
    return result;
  }

  return {
    async toggleVideoLike(viewer: Viewer, videoId: string): Promise<LikeToggle> {
      await gates.watch.assertWatchable(videoId, viewer);
      return toggle('video', viewer, videoId);
    },

    async toggleCommentLike(viewer: Viewer, commentId: string): Promise<LikeToggle> {
      await gates.comments.assertReachable(commentId, viewer);
      return toggle('comment', viewer, commentId);
    },

    async togglePostLike(viewer: Viewer, postId: string): Promise<LikeToggle> {
      await gates.posts.assertExists(postId);
      return toggle('post', viewer, postId);
    },

    async likedVideos(viewer: Viewer): Promise<LikedVideo[]> {
      const rows = await repo.likedVideos(viewer._id);
      return rows.map((row) => ({ _id: row.like_id, videos: [toVideoCard(row)] }));
    },
  };
}
export type LikesService = ReturnType<typeof createLikesService>;
