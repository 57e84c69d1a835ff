import { rungPlaylistPath } from './ffmpeg-args.ts';
import type { Rung } from './ladder.ts';

// Pure HLS text: the master playlist we write, and the rung playlists ffmpeg writes.

/**
 * master.m3u8 listing the `available` rungs, smallest first. URIs are relative so that a
 * tokenised prefix (/media/t/<token>/videos/<id>/master.m3u8) carries over to every request.
 */
export function buildMasterPlaylist(rungs: readonly Rung[], available: readonly string[]): string {
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
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, rungPlaylistPath(rung));
  }
  return `${lines.join('\n')}\n`;
}

export type MediaSegment = { uri: string; durationSec: number };

export type MediaPlaylist = {
  initUri: string | null;
  segments: MediaSegment[];
  /** #EXT-X-ENDLIST seen: the rung is complete. */
  ended: boolean;
};

/** Reads a rung (media) playlist; tolerant of a playlist that is still growing. */
export function parseMediaPlaylist(text: string): MediaPlaylist {
  const segments: MediaSegment[] = [];
  let initUri: string | null = null;
  let ended = false;
  let pendingDuration: number | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) {
      pendingDuration = Number.parseFloat(line.slice('#EXTINF:'.length));
    } else if (line.startsWith('#EXT-X-MAP:')) {
      initUri = /URI="([^"]*)"/.exec(line)?.[1] ?? null;
    } else if (line === '#EXT-X-ENDLIST') {
      ended = true;
    } else if (line && !line.startsWith('#') && pendingDuration !== null) {
      segments.push({ uri: line, durationSec: Number.isFinite(pendingDuration) ? pendingDuration : 0 });
      pendingDuration = null;
    }
  }
  return { initUri, segments, ended };
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
