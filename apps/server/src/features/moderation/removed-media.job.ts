import type { JobHandlers } from '../../jobs/registry.ts';
import { mediaKeys } from '../../storage/media-keys.ts';
import type { Storage } from '../../storage/storage.ts';
import type { VideosRepo } from '../videos/videos.repo.ts';

/** Where a video's files belong in its current state: `removed/<id>` while removed, else its own folder. */
export function mediaFolderFor(video: { id: string; status: string; is_exclusive: boolean }): string {
  return video.status === 'removed' ? mediaKeys.removedFolder(video.id) : mediaKeys.videoFolder(video.id, video.is_exclusive);
}

/**
 * `video.media.move`: a removed video's files leave the public `videos/` prefix (so the nginx
 * profile, a bucket policy or a CDN cannot hand them out) and come back on restore. Reads the
 * row and moves the folder to where its state says, then points the row there (as
 * legacy-folders.ts does: a stop in between leaves the row on an empty folder, whose files answer
 * 404, until the retry). A video still encoding is left alone: its encoder writes into its
 * folder, and the media gate refuses its files while it is removed.
 */
export function createRemovedMediaHandler({
  repo,
  storage,
}: {
  repo: VideosRepo;
  storage: Storage;
}): JobHandlers['video.media.move'] {
  return async ({ videoId }) => moveToStateFolder(repo, storage, videoId);
}

/**
 * Moves a video's files to the folder its state names (see above); nothing while it encodes. The
 * transcode job calls it once the video is finished, for a video removed while it encoded.
 */
export async function moveToStateFolder(repo: VideosRepo, storage: Storage, videoId: string): Promise<void> {
  const video = await repo.findById(videoId);
  if (!video) return;
  const encoding = !video.has_mp4 && (video.status_before_removal ?? video.status) === 'processing';
  const target = mediaFolderFor(video);
  if (encoding || video.media_key === target) return;
  await storage.movePrefix(video.media_key, target);
  await repo.moveMediaKey(video.id, video.media_key, target);
}
