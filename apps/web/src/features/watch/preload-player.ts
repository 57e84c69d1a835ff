import { definePlayerChrome, definePlayerMenus } from './player-chrome';

/**
 * The player's code: media-chrome's controls (after the first frame, VideoPlayer), its menus (when
 * the viewer goes for one, player-menus.ts), and hls.js only for a stream played through MSE
 * (prepareHlsPlayer loads it as soon as the watch call answers). player-chrome.ts itself is a list
 * of imports, loaded with the page; each media-chrome module is a chunk of its own.
 */
export const loadPlayerChrome = () => definePlayerChrome();

export const loadPlayerMenus = () => definePlayerMenus();

export function loadHlsVideo() {
  return import('./hls-video');
}
