import { z } from 'zod';
import { VideoCard, blankAsAbsent } from './videos.ts';

/** GET /api/feed/for-you and GET /api/video/trending (API.md §14): a page number, 12 cards a page. */
export const FeedQuery = z.object({
  page: blankAsAbsent(z.coerce.number().int().min(1).max(100000).default(1)),
});
export type FeedQuery = z.infer<typeof FeedQuery>;

/** One page of a feed and the number of cards the whole feed holds. */
export const FeedPage = z.object({
  videos: z.array(VideoCard),
  total: z.number(),
});
export type FeedPage = z.infer<typeof FeedPage>;

/** GET /api/video/v/:videoId/up-next: at most this many cards. */
export const UP_NEXT_SIZE = 12;
export const UpNext = z.array(VideoCard);
export type UpNext = z.infer<typeof UpNext>;
