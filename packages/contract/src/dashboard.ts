import { z } from 'zod';

/** GET /api/dashboard/more/:ownerId item: the "More videos" side list (API.md §5). */
export const MoreVideo = z.object({
  _id: z.string(),
  title: z.string(),
  thumbnail: z.string(),
  views: z.number(),
  createdAt: z.string(),
  duration: z.number(),
});
export type MoreVideo = z.infer<typeof MoreVideo>;

export const MORE_VIDEOS_LIMIT = 12;
