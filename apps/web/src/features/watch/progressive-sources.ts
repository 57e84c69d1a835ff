import { parseMasterPlaylist, parseMediaPlaylist, singleFileName, type Variant } from '@streamhub/contract';
import { chooseStartLevel, predictPlayerSize, type Rendition } from './start-level';

/**
 * The files a plain `<video>` can start on at once (pure, unit-tested). Every rung of a finished
 * video is one fragmented MP4 that its playlist names by byte ranges (docs/decisions.md, "One copy
 * of every video"): the same bytes play progressively, without hls.js. The watch page's HTML names
 * them as `<source>` elements chosen by the viewport, so the first frame needs none of the app's
 * code; adaptive playback (hls.js) takes over later when it is worth it (use-adaptive-upgrade.ts).
 */

/** A rung's own file, playable as it is. `url` is written as the master names it (path-absolute on its origin). */
export type ProgressiveSource = Rendition & { url: string };

/**
 * The one file a rung playlist's byte ranges all point into, resolved against `playlistUrl`;
 * null when the rung is of separate segment files (the old layout) or still growing (no
 * `#EXT-X-ENDLIST`: a video still processing), which only hls.js plays.
 */
export function singleFileOf(playlist: string, playlistUrl: string): string | null {
  const file = singleFileName(parseMediaPlaylist(playlist));
  return file === null ? null : new URL(file, playlistUrl).href;
}

/**
 * The progressive files of the rungs of the master playlist `masterText` (at `masterUrl`, as the
 * watch call names it, on a page of `pageOrigin`), smallest first; `readPlaylist` answers a rung
 * playlist's text (null when it cannot be read). Rungs that are not one finished file are left out.
 */
export async function progressiveSources(
  masterText: string,
  masterUrl: string,
  pageOrigin: string,
  readPlaylist: (url: string) => Promise<string | null>,
): Promise<ProgressiveSource[]> {
  const page = new URL(pageOrigin);
  const variants = parseMasterPlaylist(masterText, new URL(masterUrl, page).href).filter((v) => v.width > 0 && v.height > 0);
  const files = await Promise.all(
    variants.map(async (variant: Variant) => {
      const text = await readPlaylist(asNamed(variant.url, page));
      return text === null ? null : singleFileOf(text, variant.url);
    }),
  );
  return variants
    .map((variant, i) => ({ variant, file: files[i] }))
    .filter((entry): entry is { variant: Variant; file: string } => Boolean(entry.file))
    .map(({ variant, file }) => ({
      url: asNamed(file, page),
      width: variant.width,
      height: variant.height,
      bitrate: variant.bitrate,
    }))
    .sort((a, b) => a.bitrate - b.bitrate);
}

/** `url` as the page names it: path-absolute when it is on the page's origin (as hls.js resolves it too). */
function asNamed(url: string, page: URL): string {
  const parsed = new URL(url);
  return parsed.origin === page.origin ? parsed.pathname + parsed.search : parsed.href;
}

/** A `<source>` of the watch page's video: the browser plays the first whose `media` matches. */
export type SourceChoice = { url: string; media?: string };

/** Classes of viewport width the choice is made for: below each bound (CSS px), and any wider (as 2560). */
const VIEWPORT_BOUNDS = [360, 420, 480, 640, 768, 1024, 1280, 1536, 1920];
const WIDEST = 2560;
/** Device pixels per CSS pixel: screens of 1.5 and more count as 2 (chooseStartLevel stops at 2). */
const HIGH_DENSITY = '(min-resolution: 1.5dppx)';

/**
 * The `<source>` list for `sources` (smallest first): for each class of screen (its width and
 * whether it is dense), the smallest rung that fills the player at the class's widest (chosen by
 * size alone: the server's HTML knows nothing of the connection). In the browser the player moves
 * to hls.js when the connection turns out not to carry it (use-adaptive-upgrade.ts); a player
 * narrower than its class's widest already has a sharp enough picture, so nothing moves for that.
 */
export function sourceChoices(sources: readonly ProgressiveSource[]): SourceChoice[] {
  if (sources.length === 0) return [];
  const choices: SourceChoice[] = [];
  for (const [pixelRatio, density] of [
    [2, HIGH_DENSITY],
    [1, null],
  ] as const) {
    // Each class as its widest viewport (the page's layout changes at the bounds themselves).
    const picks = [...VIEWPORT_BOUNDS.map((bound) => bound - 1), WIDEST].map((width) => {
      const index = chooseStartLevel(sources, {
        ...predictPlayerSize(width),
        pixelRatio,
        bandwidthBps: Number.POSITIVE_INFINITY,
      });
      return sources[Math.max(index, 0)]!;
    });
    // One source per run of classes with the same file; the widest class's has no width limit.
    picks.forEach((source, i) => {
      const next = picks[i + 1];
      if (next && next.url === source.url) return;
      const width = next ? `(max-width: ${VIEWPORT_BOUNDS[i]! - 0.02}px)` : null;
      const media = [density, width].filter(Boolean).join(' and ');
      choices.push(media ? { url: source.url, media } : { url: source.url });
    });
  }
  return choices;
}

/** Which of `sources` the element is playing (its `currentSrc`, absolute; a `#t=` start aside), or null. */
export function playingSource(sources: readonly ProgressiveSource[], currentSrc: string, base: string): ProgressiveSource | null {
  const playing = currentSrc.replace(/#.*$/, '');
  return sources.find((source) => new URL(source.url, base).href === playing) ?? null;
}

/** A source's URL starting at `startAt` seconds (a media fragment), so a `?t=` link starts there without code. */
export const startingAt = (url: string, startAt: number) => (startAt > 0 ? `${url}#t=${startAt}` : url);
