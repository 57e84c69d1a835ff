import { parseMasterPlaylist, parseMediaPlaylist, type WatchVideo } from '@streamhub/contract';
import { chooseStartLevel, DEFAULT_BANDWIDTH_BPS, predictPlayerSize } from '@/features/watch/start-level';
import { escapeHtml as escape } from '@/lib/escape-html';
import { PLAYER_POSTER_SIZES, thumbnailSrcSet } from '@/lib/thumbnails';

/**
 * What a watch page's HTML asks the browser to fetch first (pure but for `fetchText`; the server
 * renderer calls it, entry-server.tsx): the poster, the page's largest paint, then the stream's
 * master playlist and the playlist of the rung the player will start on, with that rung's init
 * section and first segment when they are files of their own (a `<link rel=preload>` cannot ask
 * for a byte range: a single-file rung's ranges are asked by hls.js once it has the playlist), so
 * the first frame waits for neither the app's code nor hls.js. The player starts on
 * that rung (features/watch/hls-player.ts reads it from `data-hls-level`). Only for a video the
 * visitor may watch: the watch call answered, its URLs carry their tokens when it is exclusive.
 */

export type Preload = {
  href: string;
  as: 'image' | 'fetch';
  highPriority?: boolean;
  hlsLevel?: boolean;
  /** An image's `srcset` and `sizes`, as its `<img>` has them: the browser preloads the copy the image will show. */
  srcset?: string;
  sizes?: string;
};

/** A phone: most visitors, and the screen the first rung must start fastest on. */
const FIRST_SCREEN = { ...predictPlayerSize(412), pixelRatio: 2, bandwidthBps: DEFAULT_BANDWIDTH_BPS };

/**
 * The poster alone: the page's largest paint (a page playing a rung's own file needs nothing more),
 * with the player's `srcset` and `sizes` (a phone takes the card copy, as the player's image does).
 */
export const posterPreload = (video: WatchVideo): Preload[] => thumbnailPreload(video.thumbnail, PLAYER_POSTER_SIZES);

/**
 * A page's largest paint when it is a thumbnail, at high priority, with its copies' `srcset` and the
 * `sizes` its `<img>` has (none without copies); nothing without a thumbnail.
 */
export function thumbnailPreload(thumbnail: string | null | undefined, sizes: string): Preload[] {
  if (!thumbnail) return [];
  const srcset = thumbnailSrcSet(thumbnail);
  return [{ href: thumbnail, as: 'image', highPriority: true, ...(srcset && { srcset, sizes }) }];
}

export async function watchPreloads(
  video: WatchVideo,
  origin: string,
  fetchText: (url: string) => Promise<string | null>,
): Promise<Preload[]> {
  const preloads = posterPreload(video);
  // A live's playlists change every segment: hls.js asks for them itself, at the live edge.
  if (!video.hlsUrl || video.isLive) return preloads;
  const master = await fetchText(video.hlsUrl);
  if (master === null) return preloads;
  preloads.push({ href: video.hlsUrl, as: 'fetch' });
  const masterUrl = new URL(video.hlsUrl, origin);
  const variants = parseMasterPlaylist(master, masterUrl.href);
  const variant = variants[chooseStartLevel(variants, FIRST_SCREEN)];
  if (!variant) return preloads;
  const levelUrl = samePlace(variant.url, masterUrl);
  const levelText = await fetchText(levelUrl);
  if (levelText === null) return preloads;
  preloads.push({ href: levelUrl, as: 'fetch', hlsLevel: true });
  // None for a single-file rung (firstMediaUris: byte ranges cannot be preloaded).
  const { init, segment } = firstMediaUris(levelText, variant.url);
  for (const url of [init, segment]) if (url) preloads.push({ href: samePlace(url, masterUrl), as: 'fetch' });
  return preloads;
}

/**
 * The initialisation section and the first segment of a media playlist, as absolute URLs. Nothing
 * for a single-file rung (its playlist names byte ranges of one file): a preload cannot ask for
 * a range, and would fetch the whole file.
 */
export function firstMediaUris(text: string, baseUrl: string): { init: string | null; segment: string | null } {
  const playlist = parseMediaPlaylist(text);
  if (playlist.initRange || playlist.segments.some((segment) => segment.range)) return { init: null, segment: null };
  const first = playlist.segments[0];
  return {
    init: playlist.initUri ? new URL(playlist.initUri, baseUrl).href : null,
    segment: first ? new URL(first.uri, baseUrl).href : null,
  };
}

/** `url` as the page names it: path-absolute when it is on the master's origin (hls.js resolves the same). */
function samePlace(url: string, master: URL): string {
  const parsed = new URL(url);
  return parsed.origin === master.origin ? parsed.pathname + parsed.search : parsed.href;
}

/** The preloads as `<link>` tags for the head (the player finds its rung there). */
export function preloadTags(preloads: Preload[]): string {
  return preloads
    .map(
      ({ href, as, highPriority, hlsLevel, srcset, sizes }) =>
        `<link rel="preload" href="${escape(href)}" as="${as}"` +
        (srcset ? ` imagesrcset="${escape(srcset)}"` + (sizes ? ` imagesizes="${escape(sizes)}"` : '') : '') +
        (as === 'fetch' ? ' crossorigin' : '') +
        (highPriority ? ' fetchpriority="high"' : '') +
        (hlsLevel ? ' data-hls-level' : '') +
        '>',
    )
    .join('');
}

/** The same as a `Link` header's values, read as the headers arrive; URLs that would need quoting are left out. */
export function preloadHeaders(preloads: Preload[]): string[] {
  const plain = (text: string) => /^[\w:/.%~?=&+-]+$/.test(text);
  // A srcset or sizes is a quoted parameter: its characters are the URLs' and `, ()`.
  const quotable = (text: string | undefined) => text === undefined || /^[\w:/.%~?=&+\-, ()]+$/.test(text);
  return preloads
    .filter(({ href, srcset, sizes }) => plain(href) && quotable(srcset) && quotable(sizes))
    .map(
      ({ href, as, highPriority, srcset, sizes }) =>
        `<${href}>; rel=preload; as=${as}` +
        (srcset ? `; imagesrcset="${srcset}"` + (sizes ? `; imagesizes="${sizes}"` : '') : '') +
        (as === 'fetch' ? '; crossorigin' : '') +
        (highPriority ? '; fetchpriority=high' : ''),
    );
}
