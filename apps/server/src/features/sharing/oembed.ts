import { DEFAULT_PLAYER } from '@streamhub/contract';

const WATCH_PATH = /^\/video\/watch\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/**
 * The video id of a watch page URL on one of `origins` (`https://host/video/watch/<id>`, with or
 * without a trailing slash, any query such as `?t=`); null for anything else: another host, another
 * page, a URL that does not parse.
 */
export function watchedVideoId(url: string, origins: readonly string[]): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!origins.includes(parsed.origin)) return null;
  return WATCH_PATH.exec(parsed.pathname)?.[1]?.toLowerCase() ?? null;
}

/**
 * The largest 16:9 player within the consumer's `maxwidth` and `maxheight` (oEmbed 1.0 §2.2), no
 * larger than the default; never below 1 × 1.
 */
export function fitPlayer(maxWidth?: number, maxHeight?: number): { width: number; height: number } {
  const ratio = DEFAULT_PLAYER.width / DEFAULT_PLAYER.height;
  let width: number = Math.min(DEFAULT_PLAYER.width, maxWidth ?? Infinity);
  if (maxHeight !== undefined && width / ratio > maxHeight) width = maxHeight * ratio;
  width = Math.max(1, Math.floor(width));
  return { width, height: Math.max(1, Math.min(Math.round(width / ratio), maxHeight ?? Infinity)) };
}
