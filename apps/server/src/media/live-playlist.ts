import { LIVE_SEGMENT_SEC } from './live-args.ts';

// Pure HLS text of a live rung as viewers get it: the last segments of everything encoded so
// far, across the live's publishes (a publisher that dropped and came back within the grace
// period), without #EXT-X-ENDLIST while the stream arrives.

/** One segment of a rung, as stored: its key relative to the rung's folder, length and wall clock. */
export interface LiveSegment {
  uri: string;
  durationSec: number;
  programDateTime?: string;
  /** The init segment of the publish it belongs to. */
  initUri: string;
  /** Which publish wrote it (1, 2, …): a change is a discontinuity. */
  publish: number;
}

/**
 * The rung's playlist: the last `window` segments (the DVR window), numbered from the first
 * segment ever (EXT-X-MEDIA-SEQUENCE), with EXT-X-DISCONTINUITY and the new init segment
 * (EXT-X-MAP) where a publish starts, and EXT-X-DISCONTINUITY-SEQUENCE counting those that left
 * the window, so a player refreshing it follows. `ended` closes it (#EXT-X-ENDLIST).
 */
export function buildLivePlaylist(all: readonly LiveSegment[], window: number, ended = false): string {
  const first = Math.max(0, all.length - window);
  const shown = all.slice(first);
  const target = Math.max(LIVE_SEGMENT_SEC, ...shown.map((segment) => Math.ceil(segment.durationSec)));
  const discontinuitiesBefore = countPublishChanges(all.slice(0, first + 1));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuitiesBefore}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  shown.forEach((segment, index) => {
    const previous = index === 0 ? undefined : shown[index - 1];
    if (previous && previous.publish !== segment.publish) lines.push('#EXT-X-DISCONTINUITY');
    if (!previous || previous.initUri !== segment.initUri) lines.push(`#EXT-X-MAP:URI="${segment.initUri}"`);
    if (segment.programDateTime) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${segment.programDateTime}`);
    lines.push(`#EXTINF:${segment.durationSec.toFixed(6)},`, segment.uri);
  });
  if (ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

function countPublishChanges(segments: readonly LiveSegment[]): number {
  let changes = 0;
  for (let i = 1; i < segments.length; i++) if (segments[i]!.publish !== segments[i - 1]!.publish) changes++;
  return changes;
}
