import type { LikedVideo, LikeToggle } from '@streamhub/contract';
import { NotFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import type { WatchGate } from '../videos/videos.service.ts';
import { toVideoCard } from '../videos/video-card.ts';
import type { LikesRepo } from './likes.repo.ts';

const NO_VIDEO = 'Video not found';

export function createLikesService(repo: LikesRepo, videos: WatchGate) {
  return {
    /** API.md §7: toggles the viewer's like; the answer is the state after the toggle. */
    async toggleVideoLike(viewer: Viewer, videoId: string): Promise<LikeToggle> {
      await videos.assertWatchable(videoId, viewer);
      const result = await repo.toggleVideoLike(viewer._id, videoId, newId());
      if (!result) throw new NotFound(NO_VIDEO);
      return result;
    },

    async likedVideos(viewer: Viewer): Promise<LikedVideo[]> {
      const rows = await repo.likedVideos(viewer._id);
      return rows.map((row) => ({ _id: row.like_id, videos: [toVideoCard(row)] }));
    },
  };
}
export type LikesService = ReturnType<typeof createLikesService>;
