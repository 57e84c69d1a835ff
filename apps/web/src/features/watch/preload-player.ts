import { chooseEngine, detectPlaybackSupport } from './player-engine';

/** The player's code: media-chrome's controls, and hls.js only for a stream played through MSE. */
export function loadPlayerChrome() {
  return import('./player-chrome');
}

export function loadHlsVideo() {
  return import('./hls-video');
}

/**
 * Starts loading what the player needs to show this video, before the page renders it: hls.js
 * where it plays the stream. The controls (loadPlayerChrome) wait for the first frame (VideoPlayer).
 */
export function preloadPlayer(media: { hlsUrl: string | null; videoFile: string | null }): void {
  if (chooseEngine(media, detectPlaybackSupport()) === 'hls') void loadHlsVideo();
}
