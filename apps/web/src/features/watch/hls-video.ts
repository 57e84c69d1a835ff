import { Hls, HlsVideoElement } from 'hls-video-element';

/**
 * media-chrome's HLS element (`hls-video-element`, hls.js inside), loaded only when a page plays
 * HLS through MSE. Our subclass tells the page when its hls.js instance exists, so the page can
 * choose the first rung and listen to its errors (MP4 fallback, refreshed URLs after a 403) and
 * bandwidth estimates.
 */
export class StreamHubHlsVideo extends HlsVideoElement {
  /**
   * media-chrome's reading of a live stream's window: Infinity for a live with DVR (the player
   * sets it); NaN, media-chrome's "unknown", otherwise.
   */
  targetLiveWindow = Number.NaN;
}

const instances = new WeakMap<StreamHubHlsVideo, Hls | null>();

// The element assigns `this.api = new Hls(…)` and asks for the master playlist on the next line.
// The page hears of the instance at that assignment, so it is known by the time the playlist
// arrives and the first rung can still be chosen (hls.startLevel); an event after load() resolves
// came too late when the playlist was already in memory (preloaded with the page), and hls.js then
// started on a rung of its own choosing.
Object.defineProperty(StreamHubHlsVideo.prototype, 'api', {
  configurable: true,
  get(this: StreamHubHlsVideo): Hls | null {
    return instances.get(this) ?? null;
  },
  set(this: StreamHubHlsVideo, value: Hls | null) {
    instances.set(this, value);
    if (value) this.dispatchEvent(new CustomEvent<Hls>('hlsinstance', { detail: value }));
  },
});

if (!customElements.get('streamhub-hls-video')) customElements.define('streamhub-hls-video', StreamHubHlsVideo);

export { Hls };
