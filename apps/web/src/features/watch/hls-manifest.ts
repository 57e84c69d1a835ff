/** The little of HLS the watch page's preloads need to read (pure, unit-tested); hls.js reads the rest. */

export type Variant = { url: string; width: number; height: number; bitrate: number };

/** Variants of a master playlist in their order, with absolute URLs. */
export function parseMasterPlaylist(text: string, baseUrl: string): Variant[] {
  const variants: Variant[] = [];
  let pending: Omit<Variant, 'url'> | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      const attrs = line.slice('#EXT-X-STREAM-INF:'.length);
      const [width, height] = (/RESOLUTION=(\d+)x(\d+)/.exec(attrs) ?? []).slice(1).map(Number);
      pending = { width: width ?? 0, height: height ?? 0, bitrate: Number(/(?:^|,)BANDWIDTH=(\d+)/.exec(attrs)?.[1] ?? 0) };
    } else if (line && !line.startsWith('#') && pending) {
      variants.push({ ...pending, url: new URL(line, baseUrl).href });
      pending = null;
    }
  }
  return variants;
}

/**
 * The initialisation section and the first segment of a media playlist, as absolute URLs. Nothing
 * for a single-file rung (its playlist names byte ranges of one file): a preload cannot ask for
 * a range, and would fetch the whole file.
 */
export function firstMediaUris(text: string, baseUrl: string): { init: string | null; segment: string | null } {
  let init: string | null = null;
  let afterInf = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-BYTERANGE:') || (line.startsWith('#EXT-X-MAP:') && line.includes('BYTERANGE='))) {
      return { init: null, segment: null };
    }
    if (line.startsWith('#EXT-X-MAP:')) {
      const uri = /URI="([^"]+)"/.exec(line)?.[1];
      if (uri) init = new URL(uri, baseUrl).href;
    } else if (line.startsWith('#EXTINF:')) {
      afterInf = true;
    } else if (afterInf && line && !line.startsWith('#')) {
      return { init, segment: new URL(line, baseUrl).href };
    }
  }
  return { init, segment: null };
}
