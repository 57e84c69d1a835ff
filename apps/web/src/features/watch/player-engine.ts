/** Which engine plays a video in this browser (pure, unit-tested). */

/**
 * `progressive`: a `<video>` on a rung's own file, named in the page's HTML (progressive-sources.ts),
 * until adaptive playback takes over (use-adaptive-upgrade.ts); the others once the page runs.
 */
export type PlayerEngine = 'progressive' | 'hls' | 'native' | 'mp4';

export type PlaybackSupport = {
  /** Media Source Extensions (or Apple's ManagedMediaSource): what hls.js needs. */
  mse: boolean;
  /** `<video>` says it can play an HLS playlist itself. */
  nativeHls: boolean;
  /** A Chromium browser, whose native HLS is recent and has no quality choice. */
  chromium: boolean;
};

/**
 * hls.js where it can run, except in Safari (macOS and iOS), whose own HLS player is the better
 * one there (its own ABR, AirPlay, no extra JavaScript); native HLS wherever MSE is missing; the
 * MP4 file when there is no stream.
 */
export function chooseEngine(
  media: { hlsUrl: string | null; videoFile: string | null },
  support: PlaybackSupport,
): PlayerEngine | null {
  if (media.hlsUrl) {
    if (support.nativeHls && (!support.mse || !support.chromium)) return 'native';
    if (support.mse) return 'hls';
  }
  return media.videoFile ? 'mp4' : null;
}

export function detectPlaybackSupport(): PlaybackSupport {
  const probe = document.createElement('video');
  return {
    mse: 'MediaSource' in window || 'ManagedMediaSource' in window,
    nativeHls: probe.canPlayType('application/vnd.apple.mpegurl') !== '',
    // navigator.userAgentData exists in Chromium browsers only.
    chromium: 'userAgentData' in navigator,
  };
}
