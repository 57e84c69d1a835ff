import { useEffect, useRef } from 'react';
import type { LiveState, WatchVideo, LiveInfo } from '@streamhub/contract';
import { useLive } from './api/get-live';

/** How often the watch call is asked again while its answer lags the live's state, or while a replay is being made. */
export const FOLLOW_MS = 2000;
export const REPLAY_CHECK_MS = 5000;

/**
 * Follows a live video's state for a page showing it (the watch page, the creator's page): asks
 * GET /api/live/:videoId every `steadyMs` (which counts this viewer as watching), and when that
 * state has moved past the watch call's answer (the stream started: `hlsUrl` is the live master
 * now; it ended), asks the watch call again until it agrees; once ended, asks it every
 * REPLAY_CHECK_MS until the replay is an ordinary video. Returns the state and viewers now (null
 * for an ordinary video).
 */
export function useFollowLive({
  video,
  steadyMs,
  refetchVideo,
}: {
  video: Pick<WatchVideo, '_id' | 'isLive' | 'status'>;
  steadyMs: number;
  refetchVideo: () => void;
}): { status: LiveState; viewers: number | undefined; refused: LiveInfo['refused'] } | null {
  const info = useLive(video._id, { enabled: video.isLive, steadyMs });
  const refetch = useRef(refetchVideo);
  useEffect(() => {
    refetch.current = refetchVideo;
  }, [refetchVideo]);

  const polled = info.data?.status;
  const lagging = video.isLive && polled !== undefined && polled !== video.status;
  const replaying = video.isLive && video.status === 'ended';
  useEffect(() => {
    if (!lagging && !replaying) return;
    if (lagging) refetch.current();
    const timer = setInterval(() => refetch.current(), lagging ? FOLLOW_MS : REPLAY_CHECK_MS);
    return () => clearInterval(timer);
  }, [lagging, replaying]);

  if (!video.isLive) return null;
  const status = (['waiting', 'live', 'ended'] as const).find((s) => s === video.status) ?? 'waiting';
  return { status, viewers: info.data?.viewers, refused: info.data?.refused ?? null };
}
