import { mediaKeys } from '../../storage/media-keys.ts';
import { moveVideoFolder, type FolderMoveParts } from './move-video-folder.ts';

/**
 * Exclusive videos uploaded before migration 0009 keep their files under `videos/<id>`, a public
 * prefix: a bucket policy, a CDN or the nginx profile may hand anything there to anyone. These
 * move them to `exclusive/<id>`, so `videos/` holds open videos only, as the storage layout says
 * (media-keys.ts).
 *
 * One video: its folder moves first, then its row points there (move-video-folder.ts). A stop in
 * between leaves the row on the old folder, which is empty: its files answer 404 (never to the
 * wrong viewer) until the next pass moves nothing and points the row. Only the transcode job and the start-up pass call
 * this, and never for the same video (the pass takes finished videos, which the job skips).
 */
export async function moveLegacyExclusiveFolder(parts: FolderMoveParts, videoId: string): Promise<string> {
  const to = mediaKeys.videoFolder(videoId, true);
  await moveVideoFolder(parts, videoId, mediaKeys.videoFolder(videoId, false), to);
  return to;
}

/** Whether a video row is an exclusive one still in the public folder. */
export const isLegacyExclusive = (video: { id: string; is_exclusive: boolean; media_key: string }) =>
  video.is_exclusive && video.media_key === mediaKeys.videoFolder(video.id, false);

/** The start-up pass over every finished (or failed) exclusive video still in `videos/`; returns how many moved. */
export async function moveLegacyExclusiveFolders(parts: FolderMoveParts): Promise<number> {
  const ids = await parts.repo.legacyExclusiveFinished();
  for (const id of ids) await moveLegacyExclusiveFolder(parts, id);
  return ids.length;
}
