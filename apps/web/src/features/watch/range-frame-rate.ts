import { RangeAnimation } from 'media-chrome/dist/utils/range-animation.js';

/**
 * The seek bar's progress moves on between time updates by an animation of its own, 60 times a
 * second by default: every frame of playback then restyled, laid out and painted the control bar
 * (about a tenth of a core on the watch page, all on the main thread, competing with everything a
 * phone does there). At 30 a second the bar moves as smoothly to the eye (less than a pixel a step
 * for any video over a minute long on a phone's screen) for half the work.
 */
export const SEEK_BAR_FPS = 30;

let capped = false;

/** Caps media-chrome's seek bar animation (its `fps`, read on every frame) at SEEK_BAR_FPS, once. */
export function capSeekBarFrameRate(): void {
  if (capped) return;
  capped = true;
  const start = RangeAnimation.prototype.start;
  RangeAnimation.prototype.start = function (this: RangeAnimation) {
    this.fps = Math.min(this.fps, SEEK_BAR_FPS);
    return start.call(this);
  };
}
