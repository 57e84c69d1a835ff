/**
 * A thumbnail wider than a card needs is stored with a card copy, 640 px wide, beside it: the
 * server names the thumbnail `…-full.webp` and the copy `…-640.webp` (apps/server,
 * storage/media-keys.ts). Its `srcset` lets a card take the copy: a third of the bytes on a phone.
 * Undefined for any other thumbnail (no copy: the browser takes `src`).
 */
export function thumbnailSrcSet(url: string | null | undefined): string | undefined {
  const match = url ? /^([^\s,]*)-full\.webp(\?[^\s,#]*)?$/.exec(url) : null;
  if (!match) return undefined;
  return `${match[1]}-640.webp${match[2] ?? ''} 640w, ${url} 1280w`;
}

/** How wide a grid card's thumbnail shows (VideoGrid: one column, then two, three and four). */
export const GRID_CARD_SIZES = '(min-width: 1536px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/** A row card's thumbnail (up next, side lists): 160 CSS pixels (`w-40`). */
export const ROW_CARD_SIZES = '160px';
