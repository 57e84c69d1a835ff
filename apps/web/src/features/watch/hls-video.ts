import { Hls, HlsVideoElement } from 'hls-video-element';

/**
 * media-chrome's HLS element (`hls-video-element`, hls.js inside), loaded only when a page plays
 * HLS through MSE. Our subclass tells the page when its hls.js instance exists, so the page can
 * listen to its errors (MP4 fallback, refreshed URLs after a 403) and bandwidth estimates.
 */
export class StreamHubHlsVideo extends HlsVideoElement {
  override async load(): Promise<void> {
    await super.load();
    if (this.api) this.dispatchEvent(new CustomEvent<Hls>('hlsinstance', { detail: this.api }));
  }
}

if (!customElements.get('streamhub-hls-video')) customElements.define('streamhub-hls-video', StreamHubHlsVideo);

export { Hls };
