import { z } from 'zod';
import { VideoCard } from './videos.ts';

/** The state after a like toggle (API.md §7). */
export const LikeToggle = z.object({
  isLiked: z.boolean(),
  likes: z.number(),
});
export type LikeToggle = z.infer<typeof LikeToggle>;

/** GET /api/like/likedVideos item: `_id` is the like's id; `videos` is a one-element list. */
export const LikedVideo = z.object({
  _id: z.string(),
  videos: z.array(VideoCard),
});
export type LikedVideo = z.infer<typeof LikedVideo>;
