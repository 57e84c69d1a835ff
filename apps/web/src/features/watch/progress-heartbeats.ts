import { useEffect } from 'react';
import { HEARTBEAT_INTERVAL_SECONDS } from '@streamhub/contract';
import { sendProgress } from './api/send-progress';

/** What the heartbeats read of a player (a <video> or hls.js's element). */
type Playback = Pick<HTMLMediaElement, 'currentTime' | 'paused' | 'addEventListener' | 'removeEventListener'>;

/**
 * The studio's analytics come from these (docs/studio.md): while the video plays, a heartbeat
 * every 15 s; one when it starts or resumes (so the time after a pause counts), one on pause (the
 * end of a video pauses it too) and one when the page goes (pagehide). The server samples away
 * what comes too close together.
 */
export function useProgressHeartbeats(media: Playback | null, videoId: string | undefined) {
  useEffect(() => {
    if (!media || !videoId) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const send = (playing: boolean) => {
      const position = media.currentTime;
      if (Number.isFinite(position) && position >= 0) sendProgress(videoId, { position, playing });
    };
    const stopTimer = () => clearInterval(timer);
    const onPlaying = () => {
      send(true);
      stopTimer();
      timer = setInterval(() => send(!media.paused), HEARTBEAT_INTERVAL_SECONDS * 1000);
    };
    const onPause = () => {
      stopTimer();
      send(false);
    };
    const onPageHide = () => {
      if (!media.paused) send(false);
    };
    media.addEventListener('playing', onPlaying);
    media.addEventListener('pause', onPause);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      stopTimer();
      media.removeEventListener('playing', onPlaying);
      media.removeEventListener('pause', onPause);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [media, videoId]);
}
