import type { LikedVideo, LikeToggle } from '@streamhub/contract';
import { NotFound, Unauthorized } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import { toVideoCard } from '../videos/video-card.ts';
import type { LikesRepo } from './likes.repo.ts';

const NO_VIDEO = 'Video not found';

/** The one rule for who may watch (and so like) a video: the videos service's. */
interface WatchCheck {
  canWatch(videoId: string, viewer: Viewer | null): Promise<boolean>;
}

export function createLikesService(repo: LikesRepo, videos: WatchCheck) {
  return {
    /** API.md §7: toggles the viewer's like; the answer is the state after the toggle. */
    async toggleVideoLike(viewer: Viewer, videoId: string): Promise<LikeToggle> {
      // Only listed videos can be liked, by their owner neither while processing: missing or not
      // ready → 404. Liking needs the right to watch: exclusive without access → 401, as the
      // watch call answers (API.md §1, §6).
      const video = await repo.findVideo(videoId);
      if (!video || video.status !== 'ready') throw new NotFound(NO_VIDEO);
      if (!(await videos.canWatch(videoId, viewer))) throw new Unauthorized('No access to this video');
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
