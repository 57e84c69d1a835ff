import { z } from 'zod';

/**
 * Chapters and timestamps of a video's texts (API.md §16), shared by the server (the watch call's
 * `chapters`) and the web app (chapter list, seek-bar marks, `?t=` links), so both read a
 * description the same way. Rules and their reasons: docs/chapters-and-scheduling.md.
 */

export const Chapter = z.object({
  /** Seconds from the start of the video. */
  start: z.number(),
  title: z.string(),
});
export type Chapter = z.infer<typeof Chapter>;
