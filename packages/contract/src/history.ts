import { z } from 'zod';
import { VideoCard } from './videos.ts';

/** A watch history entry (API.md §7); at most one per user, video and UTC day. */
export const HistoryEntry = z.object({
  _id: z.string(),
  watchedAt: z.string(),
  videoId: z.string(),
  video: VideoCard,
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;
