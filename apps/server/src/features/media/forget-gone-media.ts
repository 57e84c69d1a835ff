import type { Events } from '../../events/events.ts';
import { mediaKeys } from '../../storage/media-keys.ts';
import type { Storage } from '../../storage/storage.ts';
import type { MediaFiles } from './media-files.ts';
import type { MediaGate } from './media-gate.ts';

/**
 * How long a file kept in memory is served without asking the disk while this process hears every
 * event: only files removed behind the database's back (by hand) wait this long to stop being
 * served. Not listening, the disk is asked every time.
 */
const TRUSTED_REVALIDATE_MS = 5_000;

/** How often a kept file is checked against the disk: rarely while every `video.media.gone` is heard, else on every request. */
export const keptFileRevalidation = (events: Pick<Events, 'listening'>) => () => (events.listening() ? TRUSTED_REVALIDATE_MS : 0);

/** What this process keeps of videos' files: the gate's answers and the files themselves. */
interface Kept {
  gate: Pick<MediaGate, 'forget'>;
  files: Pick<MediaFiles, 'forget' | 'clear'>;
  storage: Pick<Storage, 'localPath'>;
}

/**
 * A video's files went (`video.media.gone`, from any process: deleted, taken down or restored, moved
 * to another folder): this process forgets its gate answer and the files it keeps of every folder
 * the video may have had, so the next request asks the database, which no longer names them. A
 * gap (not listening, or listening again after a lost connection): anything may have gone
 * meanwhile, so everything is forgotten. Returns the unsubscribe.
 */
export function forgetGoneMedia(events: Pick<Events, 'on' | 'onGap'>, { gate, files, storage }: Kept): () => void {
  const offGone = events.on('video.media.gone', ({ payload: { videoId } }) => {
    gate.forget(videoId);
    const folders = [
      mediaKeys.videoFolder(videoId, false),
      mediaKeys.videoFolder(videoId, true),
      mediaKeys.videoFolder(videoId, false, true),
      mediaKeys.removedFolder(videoId),
    ];
    for (const key of folders) {
      const folder = storage.localPath(key);
      if (folder) files.forget(folder);
    }
  });
  const offGap = events.onGap(() => {
    gate.forget(null);
    files.clear();
  });
  return () => {
    offGone();
    offGap();
  };
}
