import { nextTask } from '@/lib/next-task';
import { mixInMediaTracks } from './media-tracks';

/**
 * The media-chrome elements the watch page player uses, one module each (not the whole library),
 * defined one per task: run as one, their code and the upgrades of the player's elements held the
 * main thread for ~130 ms (~500 ms on a phone's CPU), which a tap or key press had to wait out.
 * The controller first (after the media-tracks mixin it reads renditions through), so each control
 * registers with it as soon as it is defined.
 *
 * The menus (settings, speed, quality, captions) are defined only when the viewer goes for one
 * (player-menus.ts): each builds its items when upgraded, 15–20 ms of main thread apiece that a
 * page that is only watched never needs.
 */
const BAR = [
  mixInMediaTracks,
  () => import('media-chrome/dist/media-controller.js'),
  () => import('media-chrome/dist/media-loading-indicator.js'),
  () => import('media-chrome/dist/media-control-bar.js'),
  () => import('media-chrome/dist/media-play-button.js'),
  () => import('media-chrome/dist/media-mute-button.js'),
  () => import('media-chrome/dist/media-volume-range.js'),
  () => import('media-chrome/dist/media-time-display.js'),
  () => import('./range-frame-rate').then(({ capSeekBarFrameRate }) => capSeekBarFrameRate()),
  () => import('media-chrome/dist/media-time-range.js'),
  () => import('media-chrome/dist/media-pip-button.js'),
  () => import('media-chrome/dist/media-fullscreen-button.js'),
  () => import('media-chrome/dist/media-live-button.js'),
  () => import('media-chrome/dist/menu/media-settings-menu-button.js'),
  () => import('media-chrome/dist/menu/media-captions-menu-button.js'),
];

const MENUS = [
  () => import('media-chrome/dist/menu/media-settings-menu-item.js'),
  () => import('media-chrome/dist/menu/media-settings-menu.js'),
  () => import('media-chrome/dist/menu/media-playback-rate-menu.js'),
  () => import('media-chrome/dist/menu/media-rendition-menu.js'),
  () => import('media-chrome/dist/menu/media-captions-menu.js'),
];

async function defineEach(elements: ReadonlyArray<() => Promise<unknown>>) {
  for (const element of elements) {
    await element();
    await nextTask();
  }
}

let bar: Promise<void> | null = null;
let menus: Promise<void> | null = null;

/** Defines the player's controls (not its menus), once; resolves when all are. */
export function definePlayerChrome(): Promise<void> {
  bar ??= defineEach(BAR);
  return bar;
}

/** Defines the player's menus, once (after the controls they open from). */
export function definePlayerMenus(): Promise<void> {
  menus ??= definePlayerChrome().then(() => defineEach(MENUS));
  return menus;
}
