import type Hls from 'hls.js';
import type { ErrorData, HlsConfig, LoaderContext, XhrLoader } from 'hls.js';
import { browserDownlinkMbps, readSavedBandwidth } from './bandwidth-store';
import { parseMasterPlaylist } from '@streamhub/contract';
import type { StreamHubHlsVideo } from './hls-video';
import { chooseStartLevel, estimateBandwidth, hlsLevelIndex, predictPlayerSize, type Rendition } from './start-level';

type HlsClass = typeof Hls;

/**
 * The rung the server preloaded with the page (its `<link rel="preload" data-hls-level>`, see
 * app/page-preloads.ts): starting there, the player finds its playlist and first segment loaded.
 */
function preloadedLevelUrl(): string | null {
  const link = document.querySelector<HTMLLinkElement>('link[rel="preload"][data-hls-level]');
  return link ? link.href : null;
}

/** The watch page's stream element, made by the player; `live`: a live stream with its window to seek in. */
export type HlsMediaOptions = { poster?: string; storyboardUrl: string | null; live?: boolean };

/**
 * media-chrome's HLS element, muted and inline, with the storyboard as its thumbnails track
 * (media-chrome's seek bar shows the cue's sprite region on hover and drag). It is not in the
 * page yet and does not play by itself: the player puts it in its controller and starts it.
 */
export function createHlsElement({ poster, storyboardUrl, live = false }: HlsMediaOptions): StreamHubHlsVideo {
  const element = document.createElement('streamhub-hls-video') as StreamHubHlsVideo;
  // media-chrome's DVR mark: the whole window may be sought, and play resumes where it paused.
  if (live) element.targetLiveWindow = Number.POSITIVE_INFINITY;
  // Muted first: the element reads it once, when it sets itself up on its first attribute.
  element.setAttribute('muted', '');
  element.setAttribute('playsinline', '');
  element.setAttribute('slot', 'media');
  element.setAttribute('controlslist', 'nodownload');
  if (poster) element.setAttribute('poster', poster);
  if (storyboardUrl) {
    const track = document.createElement('track');
    track.kind = 'metadata';
    track.label = 'thumbnails';
    track.src = storyboardUrl;
    track.default = true;
    element.append(track);
  }
  return element;
}

/**
 * A live stream (docs/live.md): started this many seconds behind its newest segment (two 2 s
 * segments: a segment in flight never stalls the player). Nothing pulls the viewer back to the
 * edge by itself (no `liveMaxLatencyDuration`, no faster catch-up): they may seek back through
 * the playlist's window (DVR) and stay there; "go to live" (media-chrome's live button) brings
 * them back.
 */
export const LIVE_SYNC_SECONDS = 4;
const liveConfig: Partial<HlsConfig> = { startPosition: -1, liveSyncDuration: LIVE_SYNC_SECONDS };

/**
 * hls.js's configuration for a video: start at `startAt` (event playlists may still grow while
 * the video is processing, so 0 is the beginning; a live starts at its live edge), the bandwidth
 * estimate saved from earlier views, and the first rung chosen before hls.js reads the master
 * playlist (the one the page preloaded, or from the player's size and the estimate).
 */
function hlsConfig(
  HlsClass: HlsClass,
  element: StreamHubHlsVideo,
  startAt: number | 'live',
  whenHls: () => Hls | null,
  first?: Rendition,
): Partial<HlsConfig> {
  const preloaded = preloadedLevelUrl();
  const chooseFirstRung = (text: string, url: string) => {
    const variants = parseMasterPlaylist(text, new URL(url, location.href).href);
    const preloadedIndex = first
      ? variants.findIndex((v) => v.width === first.width && v.height === first.height)
      : variants.findIndex((v) => v.url === preloaded);
    const box = element.getBoundingClientRect();
    // Not in the page yet (made early): the size the page will give it.
    const size = box.width > 0 ? { playerWidth: box.width, playerHeight: box.height } : predictPlayerSize(window.innerWidth);
    const index =
      preloadedIndex >= 0
        ? preloadedIndex
        : chooseStartLevel(variants, {
            ...size,
            pixelRatio: window.devicePixelRatio,
            bandwidthBps: estimateBandwidth(readSavedBandwidth(), Date.now(), browserDownlinkMbps()),
          });
    const level = hlsLevelIndex(variants, index);
    const hls = whenHls();
    if (hls && level >= 0) hls.startLevel = level;
  };
  const Base = HlsClass.DefaultConfig.loader as unknown as typeof XhrLoader;
  return {
    ...(startAt === 'live' ? liveConfig : { startPosition: startAt }),
    abrEwmaDefaultEstimate: estimateBandwidth(readSavedBandwidth(), Date.now(), browserDownlinkMbps()),
    loader: class extends Base {
      protected override loadInternal(): void {
        const context = this.context as LoaderContext | null;
        const callbacks = this.callbacks;
        if (context?.type === 'manifest' && callbacks) {
          this.callbacks = {
            ...callbacks,
            onSuccess: (response, ...rest) => {
              if (typeof response.data === 'string') chooseFirstRung(response.data, response.url);
              callbacks.onSuccess(response, ...rest);
            },
          };
        }
        super.loadInternal();
      }
    },
  };
}

/**
 * An element playing a stream through hls.js, with its instance and the fatal errors it had
 * before anyone listened (`listened` then stops the keeping).
 */
export type HlsPlayback = {
  element: StreamHubHlsVideo;
  src: string;
  hls: Hls | null;
  fatalErrors: ErrorData[];
  listened: boolean;
};

/**
 * Points `element` at `src` with hls.js, from `startAt` seconds or at the live edge (`'live'`): the
 * instance is known as soon as the element makes it (hls-video.ts), in time to choose the first
 * rung (`first` when given, the size of a rung of the master); fatal errors are kept until someone
 * handles them.
 */
export function startHlsPlayback(
  HlsClass: HlsClass,
  element: StreamHubHlsVideo,
  src: string,
  startAt: number | 'live',
  first?: Rendition,
) {
  const playback: HlsPlayback = { element, src, hls: null, fatalErrors: [], listened: false };
  element.config = hlsConfig(HlsClass, element, startAt, () => playback.hls, first);
  const onInstance = (event: Event) => {
    const hls = (event as CustomEvent<Hls>).detail;
    playback.hls = hls;
    hls.on(HlsClass.Events.ERROR, (_event, data) => {
      if (data.fatal && !playback.listened) playback.fatalErrors.push(data);
    });
  };
  element.addEventListener('hlsinstance', onInstance);
  element.src = src;
  return playback;
}
