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

/**
 * The player's course through its engines, as a reducer: it starts on a rung's own file
 * (`progressive`), moves to hls.js when adaptive playback is worth it (`upgraded`), and a failure
 * that the URLs' refresh cannot mend moves it on: the progressive file to the engine the browser
 * would choose (hls.js, native HLS or the MP4 file), hls.js or native HLS to the MP4 file, the MP4
 * file to "cannot be played". video-player.tsx binds it to the DOM.
 */
export type PlayerState = {
  /** The progressive file failed (not a refused token): adaptive playback from where it was. */
  progressiveFailed: boolean;
  /** The stream failed: the MP4 file. */
  fellBack: boolean;
  /** Nothing left to play. */
  failed: boolean;
};

export const INITIAL_PLAYER_STATE: PlayerState = { progressiveFailed: false, fellBack: false, failed: false };

/** A failure of `engine` that mediaFailureAction (media-refresh.ts) said to fall back from, or to stop on. */
export type PlayerEvent = { type: 'failed'; engine: PlayerEngine; action: 'fallback' | 'fail' };

export function playerReducer(state: PlayerState, event: PlayerEvent): PlayerState {
  if (event.action === 'fail') return { ...state, failed: true };
  if (event.engine === 'progressive') return { ...state, progressiveFailed: true };
  if (event.engine === 'mp4') return { ...state, failed: true };
  return { ...state, fellBack: true };
}

export type EngineInput = {
  hlsUrl: string | null;
  videoFile: string | null;
  live: boolean;
  /** The rungs' own files: undefined while they are being asked for, empty when there are none. */
  sources: readonly unknown[] | undefined;
  /** What this browser can play: null until the browser is asked (the server, hydration). */
  support: PlaybackSupport | null;
  /** The progressive file was handed over to hls.js (use-adaptive-upgrade.ts). */
  upgraded: boolean;
};

/** The engine playing now; null shows the poster (still choosing, or nothing to play). */
export function currentEngine(state: PlayerState, input: EngineInput): PlayerEngine | null {
  if (state.fellBack) return input.videoFile ? 'mp4' : null;
  if (input.upgraded) return 'hls';
  if (!input.live && !state.progressiveFailed && input.sources?.length) return 'progressive';
  // Still asking which files there are: the poster meanwhile.
  if (!input.live && input.sources === undefined) return null;
  return input.support ? chooseEngine(input, input.support) : null;
}

/** Whether the progressive file should be left for hls.js on the `wanted` rung (rates in bits per second). */
export function shouldMoveToRung(wanted: { bitrate: number }, playing: { bitrate: number }, bandwidthBps: number): boolean {
  // Up for a sharper picture the connection carries; down only when the file's peak rate is more
  // than the whole estimate (within it, what the browser has buffered ahead absorbs the rest, and
  // a real stall moves it). A smaller player than the file's is no reason to move.
  return wanted.bitrate > playing.bitrate || playing.bitrate > bandwidthBps;
}
