import type { Events } from '../../events/events.ts';
import { mediaKeys } from '../../storage/media-keys.ts';
import type { Storage } from '../../storage/storage.ts';
import type { VideosRepo } from './videos.repo.ts';

/** What moving a video's files takes: its row, its storage, and the events that announce the move. */
export interface FolderMoveParts {
  repo: VideosRepo;
  storage: Storage;
  events: Pick<Events, 'publish'>;
}

/**
 * Moves a video's files from the folder `from` to `to`: the files first, then, in one transaction,
 * the row pointed there (if it still names `from`) and `video.media.gone` announced, so every
 * process forgets what it kept of the old folder once the row names the new one. A stop in between
 * leaves the row on an empty folder, whose files answer 404 (never to the wrong viewer), until a
 * retry moves nothing and points the row. The one way a video's folder changes.
 */
export async function moveVideoFolder({ repo, storage, events }: FolderMoveParts, videoId: string, from: string, to: string) {
  await storage.movePrefix(from, to);
  await repo.transaction(async (tx, trx) => {
    await tx.moveMediaKey(videoId, from, to);
    await events.publish(trx, 'video.media.gone', { videoId });
  });
}

/** Where a video's files belong in its current state: `removed/<id>` while removed, else its own folder. */
export function mediaFolderFor(video: { id: string; status: string; is_exclusive: boolean; members_only: boolean }): string {
  // A members-only video's files are as private as an exclusive one's (never in a public prefix).
  return video.status === 'removed'
    ? mediaKeys.removedFolder(video.id)
    : mediaKeys.videoFolder(video.id, video.is_exclusive || video.members_only);
}

/**
 * Moves a video's files to the folder its state names (a takedown's `video.media.move` job, and the
 * transcode job once a video removed while it encoded is finished); nothing while it encodes: its
 * encoder writes into its folder, and the media gate refuses its files while it is removed.
 */
export async function moveToStateFolder(parts: FolderMoveParts, videoId: string): Promise<void> {
  const video = await parts.repo.findById(videoId);
  if (!video) return;
  const encoding = !video.has_mp4 && (video.status_before_removal ?? video.status) === 'processing';
  const target = mediaFolderFor(video);
  if (encoding || video.media_key === target) return;
  await moveVideoFolder(parts, video.id, video.media_key, target);
}
