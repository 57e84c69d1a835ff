import type { LiveState, VideoStatus } from '@streamhub/contract';
import { LIVE_FOLDER, LIVE_MASTER } from '../../media/live-args.ts';

/** What the watch call reads of a live (migration 0023). */
interface LiveRow {
  is_live: boolean;
  live_state: LiveState | null;
  has_mp4: boolean;
  status: VideoStatus;
}

/**
 * A live not yet replayed as an ordinary video: waiting, live, or ended while its replay encodes
 * (one that failed, nothing recorded, or was removed, answers with that status instead).
 */
export function isLiveNow(row: Pick<LiveRow, 'is_live' | 'has_mp4' | 'status'>): boolean {
  return row.is_live && !row.has_mp4 && row.status !== 'failed' && row.status !== 'removed';
}

/** The watch answer's `isLive` and `status`: a live's state while it is one, else the video's status. */
export function liveFields(row: LiveRow): { isLive: boolean; status: VideoStatus | LiveState } {
  const isLive = isLiveNow(row);
  return { isLive, status: isLive && row.live_state ? row.live_state : row.status };
}

/** The live master under the video's media base (public or token path) while its stream arrives. */
export function liveMasterUrl(row: LiveRow, base: string): string | null {
  return isLiveNow(row) && row.live_state === 'live' ? `${base}/${LIVE_FOLDER}/${LIVE_MASTER}` : null;
}
