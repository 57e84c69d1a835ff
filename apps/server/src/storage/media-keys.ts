import { FULL_THUMBNAIL_SUFFIX, thumbnailCardOf } from '@streamhub/contract';
import { newId } from '../lib/ids.ts';

/**
 * The storage layout, in one place (the same for both drivers; docs/deploy.md, "Storage"):
 *
 * | prefix                  | what                                                | public |
 * |-------------------------|-----------------------------------------------------|--------|
 * | `avatars/`              | avatars, a new key per change                       | yes    |
 * | `thumbnails/`           | video thumbnails, a new key per change (a wide one with its card copy) | yes |
 * | `videos/<id>/`          | HLS ladder and MP4 of a public video                | yes    |
 * | `exclusive/<id>/`       | HLS ladder and MP4 of an exclusive video            | never  |
 * | `private/<id>/`         | HLS ladder and MP4 of a private (not exclusive) video | never  |
 * | `sources/<id>`          | an upload waiting for its transcode                 | never  |
 * | `uploads/`              | resumable (tus) uploads in progress (S3 driver)     | never  |
 * | `removed/<id>/`         | files of a video taken down or hidden by a suspension | never  |
 *
 * A bucket policy (or CDN origin, or the nginx profile) grants anonymous reads on exactly the
 * public prefixes. Whether a video is exclusive never changes after upload (exclusive videos from
 * before migration 0009 moved once, see legacy-folders.ts); a video made private, or public or
 * unlisted again, moves between `videos/<id>` and `private/<id>` (the `video.media.move` job,
 * docs/visibility.md). Rows hold the keys.
 */
export const PUBLIC_PREFIXES = ['avatars/', 'thumbnails/', 'videos/'] as const;

export const mediaKeys = {
  /** A new key on every change keeps every public URL immutable (cacheable forever). */
  avatar: (userId: string) => `avatars/${userId}-${newId()}.webp`,
  /** `withCardCopy`: a thumbnail wider than a card needs, stored with its card copy beside it (`thumbnailCardKey`). */
  thumbnail: (videoId: string, withCardCopy = false) =>
    `thumbnails/${videoId}-${newId()}${withCardCopy ? FULL_THUMBNAIL_SUFFIX : '.webp'}`,
  /** An exclusive video's folder never changes; a private one's files stay out of the public `videos/`. */
  videoFolder: (videoId: string, isExclusive: boolean, isPrivate = false) =>
    isExclusive ? `exclusive/${videoId}` : isPrivate ? `private/${videoId}` : `videos/${videoId}`,
  source: (videoId: string) => `sources/${videoId}`,
  /** Where a removed video's files wait for a restore, outside every public prefix (docs/moderation.md). */
  removedFolder: (videoId: string) => `removed/${videoId}`,
};

/**
 * The card copy of a thumbnail stored with one: its key says so (`…-full.webp` → `…-720.webp`,
 * @streamhub/contract's naming, which the web app's `srcset` follows). Null for a thumbnail no
 * wider than a card (a frame the transcode picked, a small upload) and for older ones.
 */
export function thumbnailCardKey(key: string): string | null {
  return key.startsWith('thumbnails/') ? thumbnailCardOf(key) : null;
}

/** Every file a thumbnail's key stands for: itself and its card copy when it has one (deleted together). */
export function thumbnailFiles(key: string): string[] {
  const card = thumbnailCardKey(key);
  return card ? [key, card] : [key];
}

export function isPublicKey(key: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix));
}
