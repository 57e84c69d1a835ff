/**
 * The player's code: media-chrome's controls (after the first frame, VideoPlayer), its menus (when
 * the viewer goes for one, player-menus.ts), and hls.js only for a stream played through MSE
 * (prepareHlsPlayer loads it as soon as the watch call answers).
 */
export function loadPlayerChrome() {
  return import('./player-chrome').then(({ definePlayerChrome }) => definePlayerChrome());
}

export function loadPlayerMenus() {
  return import('./player-chrome').then(({ definePlayerMenus }) => definePlayerMenus());
}

export function loadHlsVideo() {
  return import('./hls-video');
}
