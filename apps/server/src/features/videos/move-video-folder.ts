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
export function mediaFolderFor(video: {
  id: string;
  status: string;
  is_exclusive: boolean;
  members_only: boolean;
  visibility: string;
}): string {
  // A members-only video's files are as closed as an exclusive one's; a private one's leave the public prefix too.
  return video.status === 'removed'
    ? mediaKeys.removedFolder(video.id)
    : mediaKeys.videoFolder(video.id, video.is_exclusive || video.members_only, video.visibility === 'private');
}

/**
 * Moves a video's files to the folder its state names (the `video.media.move` job of a takedown, a
 * restore or a change to or from private, and the transcode job once a video removed or made
 * private while it encoded is finished); nothing while it encodes: its
 * encoder writes into its folder, and the media gate refuses its files while it is removed.
 */
export async function moveToStateFolder(parts: FolderMoveParts, videoId: string): Promise<void> {
  const video = await parts.repo.findById(videoId);
  if (!video) return;
  const encoding = !video.has_mp4 && (video.status_before_removal ?? video.status) === 'processing';
  // A live being streamed: its ingest writes into its folder (a visibility change waits for its end).
  const streaming = video.live_state === 'waiting' || video.live_state === 'live';
  const target = mediaFolderFor(video);
  if (encoding || streaming || video.media_key === target) return;
  await moveVideoFolder(parts, video.id, video.media_key, target);
}
