/**
 * The media-chrome elements the watch page player uses, one module each (not the whole library),
 * defined one per task: run as one, their code and the upgrades of the player's elements held the
 * main thread for ~130 ms (~500 ms on a phone's CPU), which a tap or key press had to wait out.
 * The controller first, so each control registers with it as soon as it is defined.
 */
const ELEMENTS = [
  () => import('media-chrome/dist/media-controller.js'),
  () => import('media-chrome/dist/media-loading-indicator.js'),
  () => import('media-chrome/dist/media-control-bar.js'),
  () => import('media-chrome/dist/media-play-button.js'),
  () => import('media-chrome/dist/media-mute-button.js'),
  () => import('media-chrome/dist/media-volume-range.js'),
  () => import('media-chrome/dist/media-time-display.js'),
  () => import('media-chrome/dist/media-time-range.js'),
  () => import('media-chrome/dist/media-pip-button.js'),
  () => import('media-chrome/dist/media-fullscreen-button.js'),
  () => import('media-chrome/dist/media-live-button.js'),
  () => import('media-chrome/dist/menu/media-settings-menu-item.js'),
  () => import('media-chrome/dist/menu/media-settings-menu-button.js'),
  () => import('media-chrome/dist/menu/media-settings-menu.js'),
  () => import('media-chrome/dist/menu/media-playback-rate-menu.js'),
  () => import('media-chrome/dist/menu/media-rendition-menu.js'),
  () => import('media-chrome/dist/menu/media-captions-menu.js'),
  () => import('media-chrome/dist/menu/media-captions-menu-button.js'),
];

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let defined: Promise<void> | null = null;

/** Defines the player's elements, once; resolves when all are. */
export function definePlayerChrome(): Promise<void> {
  defined ??= (async () => {
    for (const element of ELEMENTS) {
      await element();
      await nextTask();
    }
  })();
  return defined;
}
