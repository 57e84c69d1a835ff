// Reading HLS playlists (RFC 8216), the one parser the server and the web share. Pure text in,
// plain values out; no zod, so the web app may import it (contract-imports.test.ts).

/** A variant of a master playlist: its URI as written (or resolved against a base), size and peak bit rate. */
export type Variant = { url: string; width: number; height: number; bitrate: number };

/**
 * The variants of a master playlist in their order. With `baseUrl`, their URIs are resolved to
 * absolute URLs (a tokenised prefix carries over); without, they stay as written.
 */
export function parseMasterPlaylist(text: string, baseUrl?: string): Variant[] {
  const variants: Variant[] = [];
  let pending: Omit<Variant, 'url'> | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      const attrs = line.slice('#EXT-X-STREAM-INF:'.length);
      const [width, height] = (/RESOLUTION=(\d+)x(\d+)/.exec(attrs) ?? []).slice(1).map(Number);
      pending = { width: width ?? 0, height: height ?? 0, bitrate: Number(/(?:^|,)BANDWIDTH=(\d+)/.exec(attrs)?.[1] ?? 0) };
    } else if (line && !line.startsWith('#') && pending) {
      variants.push({ ...pending, url: baseUrl === undefined ? line : new URL(line, baseUrl).href });
      pending = null;
    }
  }
  return variants;
}

/** Bytes `length` from `offset` of a file (`#EXT-X-BYTERANGE`, `BYTERANGE=` of `#EXT-X-MAP`). */
export type ByteRange = { offset: number; length: number };

/** A whole file (separate segment files), or a byte range of one (single-file rungs). */
export type MediaSegment = {
  uri: string;
  durationSec: number;
  range?: ByteRange;
  /** Its `#EXT-X-PROGRAM-DATE-TIME` (the wall clock of its first frame), as written. */
  programDateTime?: string;
};

export type MediaPlaylist = {
  initUri: string | null;
  /** The init section's bytes of `initUri`; absent when the init section is the whole file. */
  initRange?: ByteRange;
  segments: MediaSegment[];
  /** #EXT-X-ENDLIST seen: the rung is complete. */
  ended: boolean;
};

/**
 * `length[@offset]` (RFC 8216 §4.3.2.2); without an offset the range follows the previous one of
 * the same file. Null for anything else.
 */
export function parseByteRange(text: string, previous: ByteRange | undefined): ByteRange | null {
  const m = /^(\d+)(?:@(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const length = Number(m[1]);
  const offset = m[2] !== undefined ? Number(m[2]) : previous ? previous.offset + previous.length : 0;
  return { offset, length };
}

/** Reads a rung (media) playlist, of either layout; tolerant of a playlist that is still growing. */
export function parseMediaPlaylist(text: string): MediaPlaylist {
  const segments: MediaSegment[] = [];
  let initUri: string | null = null;
  let initRange: ByteRange | undefined;
  let ended = false;
  let pendingDuration: number | null = null;
  let pendingRange: ByteRange | undefined;
  let pendingDateTime: string | undefined;
  let lastRange: ByteRange | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) {
      pendingDuration = Number.parseFloat(line.slice('#EXTINF:'.length));
    } else if (line.startsWith('#EXT-X-BYTERANGE:')) {
      pendingRange = parseByteRange(line.slice('#EXT-X-BYTERANGE:'.length), lastRange) ?? undefined;
    } else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) {
      pendingDateTime = line.slice('#EXT-X-PROGRAM-DATE-TIME:'.length);
    } else if (line.startsWith('#EXT-X-MAP:')) {
      initUri = /URI="([^"]*)"/.exec(line)?.[1] ?? null;
      const range = /BYTERANGE="([^"]*)"/.exec(line)?.[1];
      initRange = range === undefined ? undefined : (parseByteRange(range, { offset: 0, length: 0 }) ?? undefined);
    } else if (line === '#EXT-X-ENDLIST') {
      ended = true;
    } else if (line && !line.startsWith('#') && pendingDuration !== null) {
      const segment: MediaSegment = { uri: line, durationSec: Number.isFinite(pendingDuration) ? pendingDuration : 0 };
      if (pendingRange) segment.range = pendingRange;
      if (pendingDateTime) segment.programDateTime = pendingDateTime;
      segments.push(segment);
      lastRange = pendingRange;
      pendingDuration = null;
      pendingRange = undefined;
      pendingDateTime = undefined;
    }
  }
  return { initUri, ...(initRange ? { initRange } : {}), segments, ended };
}

/**
 * The one file a finished single-file rung's byte ranges all point into (its init section named
 * with a range, every segment in the same file), as written; null for separate segment files or
 * a playlist still growing.
 */
export function singleFileName(playlist: MediaPlaylist): string | null {
  const file = playlist.initUri;
  if (!file || !playlist.initRange || !playlist.ended) return null;
  return playlist.segments.every((segment) => segment.uri === file) ? file : null;
}
