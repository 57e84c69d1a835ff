import type { JobHandlers } from '../../jobs/registry.ts';
import { moveToStateFolder, type FolderMoveParts } from '../videos/move-video-folder.ts';

/**
 * `video.media.move`: a removed video's files leave the public `videos/` prefix (so the nginx
 * profile, a bucket policy or a CDN cannot hand them out) and come back on restore. Reads the
 * row and moves the folder to where its state says, then points the row there
 * (move-video-folder.ts: a stop in between leaves the row on an empty folder, whose files answer
 * 404, until the retry). A video still encoding is left alone: its encoder writes into its
 * folder, and the media gate refuses its files while it is removed.
 */
export function createRemovedMediaHandler(parts: FolderMoveParts): JobHandlers['video.media.move'] {
  return async ({ videoId }) => moveToStateFolder(parts, videoId);
}
