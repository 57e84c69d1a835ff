import { rungPlaylistPath } from './ffmpeg-args.ts';
import type { Rung } from './ladder.ts';
import type { ByteRange, MediaPlaylist } from '@streamhub/contract';

// Pure HLS text we write (master, subtitles) and figures of the rung playlists ffmpeg writes;
// reading playlists is the contract's (packages/contract/src/hls.ts), shared with the web app.

/**
 * master.m3u8 listing the `available` rungs, smallest first. URIs are relative so that a
 * tokenised prefix (/media/t/<token>/videos/<id>/master.m3u8) carries over to every request.
 */
export function buildMasterPlaylist(
  rungs: readonly Rung[],
  available: readonly string[],
  playlistOf: (rung: Rung) => string = (rung) => rungPlaylistPath(rung, rungs),
): string {
  const listed = rungs.filter((rung) => available.includes(rung.name)).sort((a, b) => a.bandwidth - b.bandwidth);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rung of listed) {
    const attributes = [
      `BANDWIDTH=${Math.round(rung.bandwidth)}`,
      `AVERAGE-BANDWIDTH=${Math.round(rung.averageBandwidth)}`,
      `RESOLUTION=${rung.width}x${rung.height}`,
      `FRAME-RATE=${rung.fps.toFixed(3)}`,
      `CODECS="${rung.codecs}"`,
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, playlistOf(rung));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Every file a playlist names with the bytes of it that must exist before the playlist may be
 * served: a whole file (old layout: its size must be above 0) or the end of its last named range.
 */
export function bytesNamed(playlist: MediaPlaylist): Map<string, number> {
  const needed = new Map<string, number>();
  const need = (uri: string, range: ByteRange | undefined) =>
    needed.set(uri, Math.max(needed.get(uri) ?? 1, range ? range.offset + range.length : 1));
  if (playlist.initUri) need(playlist.initUri, playlist.initRange);
  for (const segment of playlist.segments) need(segment.uri, segment.range);
  return needed;
}

/**
 * BANDWIDTH (peak segment bit rate) and AVERAGE-BANDWIDTH of a finished rung, from its segments'
 * durations and byte sizes, as the HLS spec defines them. Null when there is nothing to measure.
 */
export function measureBandwidth(
  segments: readonly { durationSec: number; bytes: number }[],
): { bandwidth: number; averageBandwidth: number } | null {
  // Very short trailing segments inflate the peak without meaning anything for playback.
  const timed = segments.filter((segment) => segment.durationSec >= 0.5);
  const measured = timed.length > 0 ? timed : segments.filter((segment) => segment.durationSec > 0);
  if (measured.length === 0) return null;
  const peak = Math.max(...measured.map((segment) => (segment.bytes * 8) / segment.durationSec));
  const totalBits = segments.reduce((sum, segment) => sum + segment.bytes * 8, 0);
  const totalSec = segments.reduce((sum, segment) => sum + segment.durationSec, 0);
  return { bandwidth: Math.ceil(peak), averageBandwidth: Math.ceil(totalBits / totalSec) };
}

/** A caption track as the master playlist names it (API.md §16). */
export type SubtitleTrack = { language: string; label: string; uri: string };

/** The one group every variant refers to. */
export const SUBTITLES_GROUP = 'subs';

const quoted = (value: string) => value.replace(/["\r\n]/g, '');

/**
 * A subtitle media playlist naming one WebVTT file that covers the whole video (RFC 8216 §4.3.2.1:
 * a segment may be as long as the target duration says).
 */
export function buildSubtitlePlaylist(durationSec: number, vttUri: string): string {
  const length = Math.max(durationSec, 0.001);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(length)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${length.toFixed(3)},`,
    vttUri,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/**
 * The master playlist with a SUBTITLES group: one `#EXT-X-MEDIA` per track before the variants,
 * and `SUBTITLES="subs"` on every variant. No track is DEFAULT: captions start off until the
 * viewer picks one (AUTOSELECT lets a player offer the viewer's language). Without tracks: the
 * master as it is, any group of an earlier call removed.
 */
export function withSubtitles(master: string, tracks: readonly SubtitleTrack[]): string {
  const lines = master
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => !line.startsWith('#EXT-X-MEDIA:TYPE=SUBTITLES'))
    .map((line) => (line.startsWith('#EXT-X-STREAM-INF:') ? line.replace(/,SUBTITLES="[^"]*"/, '') : line));
  if (tracks.length === 0) return lines.join('\n');
  const media = tracks.map((track) =>
    [
      '#EXT-X-MEDIA:TYPE=SUBTITLES',
      `GROUP-ID="${SUBTITLES_GROUP}"`,
      `NAME="${quoted(track.label)}"`,
      `LANGUAGE="${quoted(track.language)}"`,
      'DEFAULT=NO',
      'AUTOSELECT=YES',
      'FORCED=NO',
      `URI="${quoted(track.uri)}"`,
    ].join(','),
  );
  const firstVariant = lines.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF:'));
  const at = firstVariant < 0 ? lines.length : firstVariant;
  const out = [...lines.slice(0, at), ...media, ...lines.slice(at)];
  return out.map((line) => (line.startsWith('#EXT-X-STREAM-INF:') ? `${line},SUBTITLES="${SUBTITLES_GROUP}"` : line)).join('\n');
}
