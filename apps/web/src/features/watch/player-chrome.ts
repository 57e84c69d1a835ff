// The media-chrome elements the watch page player uses, one module each (not the whole library).
import 'media-chrome/dist/media-controller.js';
import 'media-chrome/dist/media-control-bar.js';
import 'media-chrome/dist/media-play-button.js';
import 'media-chrome/dist/media-mute-button.js';
import 'media-chrome/dist/media-volume-range.js';
import 'media-chrome/dist/media-time-display.js';
import 'media-chrome/dist/media-time-range.js';
import 'media-chrome/dist/media-pip-button.js';
import 'media-chrome/dist/media-fullscreen-button.js';
import 'media-chrome/dist/media-loading-indicator.js';
import 'media-chrome/dist/menu/media-settings-menu.js';
import 'media-chrome/dist/menu/media-settings-menu-button.js';
import 'media-chrome/dist/menu/media-settings-menu-item.js';
import 'media-chrome/dist/menu/media-playback-rate-menu.js';
import 'media-chrome/dist/menu/media-rendition-menu.js';
