import { THUMBNAIL_CARD_WIDTH, THUMBNAIL_WIDTH, thumbnailCardOf } from '@streamhub/contract';

/**
 * A thumbnail wider than a card needs is stored with a card copy beside it (@streamhub/contract
 * names both). Its `srcset` lets a card take the copy: a third of the pixels on a phone.
 * Undefined for any other thumbnail (no copy: the browser takes `src`), and for a URL a srcset
 * cannot hold (a space or a comma in it).
 */
export function thumbnailSrcSet(url: string | null | undefined): string | undefined {
  const copy = url && !/[\s,]/.test(url) ? thumbnailCardOf(url) : null;
  return copy ? `${copy} ${THUMBNAIL_CARD_WIDTH}w, ${url} ${THUMBNAIL_WIDTH}w` : undefined;
}

/**
 * How wide a grid card's thumbnail shows (VideoGrid: one column, then two, three and four; a
 * phone's one is the screen but the page's 16 px sides). Wider than the cards where a sidebar
 * takes room: the browser then errs on the sharp side.
 */
export const GRID_CARD_SIZES = '(min-width: 1536px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, calc(100vw - 32px)';

/** A row card's thumbnail (up next, side lists): 160 CSS pixels (`w-40`). */
export const ROW_CARD_SIZES = '160px';

/**
 * How wide the watch page's player shows its poster: a phone's screen but the page's 16 px sides;
 * the whole screen from 640 px (a wider guess than the player beside its sidebar: sharp first).
 */
export const PLAYER_POSTER_SIZES = '(min-width: 640px) 100vw, calc(100vw - 32px)';
