import type { Listener } from '../../db/listener.ts';
import { mediaKeys } from '../../storage/media-keys.ts';
import type { Storage } from '../../storage/storage.ts';
import type { MediaFiles } from './media-files.ts';
import type { MediaGate } from './media-gate.ts';

/** Notified on commit, with the video's id, when a video's files go: deleted, or moved to another folder (migration 0012-media-gone). */
export const MEDIA_GONE_CHANNEL = 'video_media_gone';

/**
 * How long a file kept in memory is served without asking the disk while this process hears of
 * every video whose files go: only files removed behind the database's back (by hand) wait this
 * long to stop being served. Not listening, the disk is asked every time.
 */
const TRUSTED_REVALIDATE_MS = 5_000;

/** How often a kept file is checked against the disk: rarely while `gone` is heard, else on every request. */
export const keptFileRevalidation = (gone: Listener | undefined) => () => (gone?.listening() ? TRUSTED_REVALIDATE_MS : 0);

/**
 * A video deleted or moved (in any process): its kept files and its open/closed answer are
 * forgotten, so the next request asks the database, which no longer has it. Null (listening
 * again after a lost connection): anything may have gone meanwhile. Returns the unsubscribe.
 */
export function forgetGoneMedia(
  gone: Listener,
  { gate, files, storage }: { gate: Pick<MediaGate, 'forget'>; files: MediaFiles; storage: Storage },
): () => void {
  return gone.subscribe((videoId) => {
    gate.forget(videoId || null);
    if (!videoId) return files.clear();
    for (const exclusive of [false, true]) {
      const folder = storage.localPath(mediaKeys.videoFolder(videoId, exclusive));
      if (folder) files.forget(folder);
    }
  });
}
