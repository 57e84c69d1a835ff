import { useEffect } from 'react';
import { HEARTBEAT_INTERVAL_SECONDS, type ProgressBody } from '@streamhub/contract';
import { sendProgress } from './api/send-progress';

/** What the heartbeats read of a player (a <video> or hls.js's element). */
type Playback = Pick<HTMLMediaElement, 'currentTime' | 'paused' | 'addEventListener' | 'removeEventListener'>;
type Page = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * The studio's analytics come from these (docs/studio.md): while the video plays, a heartbeat
 * every 15 s; one when it starts or resumes (so the time after a pause counts), one on pause (the
 * end of a video pauses it too) and one when the page goes (pagehide). The server samples away
 * what comes too close together. Returns the function that stops them.
 */
export function startHeartbeats(media: Playback, send: (beat: ProgressBody, leaving: boolean) => void, page: Page): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const beat = (playing: boolean, leaving = false) => {
    const position = media.currentTime;
    if (Number.isFinite(position) && position >= 0) send({ position, playing }, leaving);
  };
  const onPlaying = () => {
    beat(true);
    clearInterval(timer);
    timer = setInterval(() => beat(!media.paused), HEARTBEAT_INTERVAL_SECONDS * 1000);
  };
  const onPause = () => {
    clearInterval(timer);
    beat(false);
  };
  const onPageHide = () => {
    if (!media.paused) beat(false, true);
  };
  media.addEventListener('playing', onPlaying);
  media.addEventListener('pause', onPause);
  page.addEventListener('pagehide', onPageHide);
  // Playing already (the server's page starts the video before this code runs): it started then.
  if (!media.paused && media.currentTime > 0) onPlaying();
  return () => {
    clearInterval(timer);
    media.removeEventListener('playing', onPlaying);
    media.removeEventListener('pause', onPause);
    page.removeEventListener('pagehide', onPageHide);
  };
}

/** The player's heartbeats for `videoId` while `media` is mounted. */
export function useProgressHeartbeats(media: Playback | null, videoId: string | undefined) {
  useEffect(() => {
    if (!media || !videoId) return;
    return startHeartbeats(media, (beat, leaving) => sendProgress(videoId, beat, leaving), window);
  }, [media, videoId]);
}
