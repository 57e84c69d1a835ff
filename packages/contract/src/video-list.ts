import { z } from 'zod';
import { VideoCard } from './videos.ts';

/** GET /api/video: one page of cards and the number of all matches (API.md §6). */
export const VideoListPage = z.object({
  videos: z.array(VideoCard),
  total: z.number(),
});
export type VideoListPage = z.infer<typeof VideoListPage>;
