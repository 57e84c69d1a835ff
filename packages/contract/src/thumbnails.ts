/**
 * How a thumbnail and its card copy are named, the same for the server that stores them
 * (apps/server storage/media-keys.ts) and the web app whose cards offer both (lib/thumbnails.ts).
 * A thumbnail is stored at up to THUMBNAIL_WIDTH; one wider than THUMBNAIL_CARD_WIDTH is named
 * `<name>-full.webp` and has its copy, THUMBNAIL_CARD_WIDTH wide, at `<name>-720.webp`. Any
 * other thumbnail (a frame the server picked, a small upload, one stored before copies) has none.
 */
export const THUMBNAIL_WIDTH = 1280;
export const THUMBNAIL_CARD_WIDTH = 720;
export const FULL_THUMBNAIL_SUFFIX = '-full.webp';

const FULL = /-full\.webp(\?[^#]*)?$/;

/** The card copy's key or URL for a thumbnail's key or URL (a query string kept), or null when it has none. */
export function thumbnailCardOf(keyOrUrl: string): string | null {
  return FULL.test(keyOrUrl) ? keyOrUrl.replace(FULL, `-${THUMBNAIL_CARD_WIDTH}.webp$1`) : null;
}
