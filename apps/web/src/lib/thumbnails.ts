/**
 * A thumbnail wider than a card needs is stored with a card copy, 720 px wide, beside it: the
 * server names the thumbnail `…-full.webp` and the copy `…-720.webp` (apps/server,
 * storage/media-keys.ts). Its `srcset` lets a card take the copy: a third of the bytes on a phone.
 * Undefined for any other thumbnail (no copy: the browser takes `src`).
 */
export function thumbnailSrcSet(url: string | null | undefined): string | undefined {
  const match = url ? /^([^\s,]*)-full\.webp(\?[^\s,#]*)?$/.exec(url) : null;
  if (!match) return undefined;
  return `${match[1]}-720.webp${match[2] ?? ''} 720w, ${url} 1280w`;
}

/**
 * How wide a grid card's thumbnail shows (VideoGrid: one column, then two, three and four; a
 * phone's one is the screen but the page's 16 px sides). Wider than the cards where a sidebar
 * takes room: the browser then errs on the sharp side.
 */
export const GRID_CARD_SIZES = '(min-width: 1536px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, calc(100vw - 32px)';

/** A row card's thumbnail (up next, side lists): 160 CSS pixels (`w-40`). */
export const ROW_CARD_SIZES = '160px';
