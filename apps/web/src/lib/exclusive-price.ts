import { MIN_VIDEO_PRICE } from '@streamhub/contract';

/**
 * SPEC §5: the price an exclusive video (an upload, a live) is sent with: only when exclusive, and
 * only a number of at least 5 typed in the field; otherwise none (the server's default applies).
 */
export function exclusivePrice(isExclusive: boolean, raw: string): number | undefined {
  if (!isExclusive || raw.trim() === '') return undefined;
  const price = Number(raw);
  return Number.isFinite(price) && price >= MIN_VIDEO_PRICE ? price : undefined;
}
