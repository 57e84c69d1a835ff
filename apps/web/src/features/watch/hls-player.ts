import type Hls from 'hls.js';
import type { ErrorData, HlsConfig, LoaderContext, XhrLoader } from 'hls.js';
import { browserDownlinkMbps, readSavedBandwidth } from './bandwidth-store';
import { parseMasterPlaylist } from './hls-manifest';
import type { StreamHubHlsVideo } from './hls-video';
import { loadHlsVideo } from './preload-player';
import { chooseStartLevel, estimateBandwidth, hlsLevelIndex, predictPlayerSize } from './start-level';
import { withWarmResponses } from './warm-loader';
import { takeWarmMedia, warmLevelUrl } from './warm-start';

type HlsClass = typeof Hls;

/** The watch page's stream element: made by the player, or earlier by prepareHlsPlayer. */
export type HlsMediaOptions = { poster?: string; storyboardUrl: string | null };

/**
 * media-chrome's HLS element, muted and inline, with the storyboard as its thumbnails track
 * (media-chrome's seek bar shows the cue's sprite region on hover and drag). It is not in the
 * page yet and does not play by itself: the player puts it in its controller and starts it.
 */
export function createHlsElement({ poster, storyboardUrl }: HlsMediaOptions): StreamHubHlsVideo {
  const element = document.createElement('streamhub-hls-video') as StreamHubHlsVideo;
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
 * hls.js's configuration for a video: start at `startAt` (event playlists may still grow while
 * the video is processing, so 0 is the beginning), the bandwidth estimate saved from earlier
 * views, the warm start's responses first, and the first rung chosen before hls.js reads the
 * master playlist (the warm start's, or from the player's size and the estimate).
 */
function hlsConfig(
  HlsClass: HlsClass,
  element: StreamHubHlsVideo,
  videoId: string,
  startAt: number,
  whenHls: () => Hls | null,
): Partial<HlsConfig> {
  const warmLevel = warmLevelUrl(videoId);
  const chooseFirstRung = (text: string, url: string) => {
    const variants = parseMasterPlaylist(text, new URL(url, location.href).href);
    const warmIndex = variants.findIndex((v) => v.url === warmLevel);
    const box = element.getBoundingClientRect();
    // Not in the page yet (made early): the size the page will give it.
    const size = box.width > 0 ? { playerWidth: box.width, playerHeight: box.height } : predictPlayerSize(window.innerWidth);
    const index =
      warmIndex >= 0
        ? warmIndex
        : chooseStartLevel(variants, {
            ...size,
            pixelRatio: window.devicePixelRatio,
            bandwidthBps: estimateBandwidth(readSavedBandwidth(), Date.now(), browserDownlinkMbps()),
          });
    const level = hlsLevelIndex(variants, index);
    const hls = whenHls();
    if (hls && level >= 0) hls.startLevel = level;
  };
  const Base = withWarmResponses(HlsClass.DefaultConfig.loader as unknown as typeof XhrLoader, takeWarmMedia);
  return {
    startPosition: startAt,
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
 * Points `element` at `src` with hls.js: the instance is known as soon as the element makes it
 * (hls-video.ts), in time to choose the first rung; fatal errors are kept until someone handles them.
 */
export function startHlsPlayback(HlsClass: HlsClass, element: StreamHubHlsVideo, src: string, videoId: string, startAt: number) {
  const playback: HlsPlayback = { element, src, hls: null, fatalErrors: [], listened: false };
  element.config = hlsConfig(HlsClass, element, videoId, startAt, () => playback.hls);
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

const PREPARED_TTL_MS = 15_000;
let prepared: { videoId: string; playback: HlsPlayback } | null = null;

/**
 * Starts the stream of a watch page before the page has rendered its player: the element loads
 * the master playlist, the first rung and its first segment into its buffer while the rest of the
 * page renders, and the player then only has to show it and press play. One at a time.
 */
export function prepareHlsPlayer(videoId: string, src: string, media: HlsMediaOptions): void {
  const needed = () => !isShown(videoId, src) && !(prepared?.videoId === videoId && prepared.playback.src === src);
  if (!needed()) return;
  void loadHlsVideo().then(({ Hls: HlsClass }) => {
    // The page may have rendered its player first, with an element of its own.
    if (!needed()) return;
    discardPrepared();
    const playback = startHlsPlayback(HlsClass, createHlsElement(media), src, videoId, 0);
    prepared = { videoId, playback };
    playInPoster(playback.element);
    // Not taken in time (the viewer went elsewhere before the page rendered): stop loading.
    setTimeout(() => {
      if (prepared?.playback === playback) discardPrepared();
    }, PREPARED_TTL_MS);
  });
}

/**
 * While the page's poster is still up (index.html's, before React has rendered), the stream plays
 * in its place, muted: the first frame need not wait for the rest of the page. The player takes
 * the element when it renders. When React's first commit holds the player, it removes the poster
 * and the player's layout effect inserts the element in the same task, before the browser would
 * pause a media element that left the page; otherwise the element waits, paused, for the player.
 */
function playInPoster(element: StreamHubHlsVideo): void {
  const poster = document.querySelector('#root [data-poster] img');
  if (!poster) return;
  element.className = poster.className;
  poster.replaceWith(element);
  void element.play().catch(() => undefined);
}

/** The stream a mounted player shows: preparing it too would load it twice. */
let shown: { videoId: string; src: string } | null = null;
const isShown = (videoId: string, src: string) => shown?.videoId === videoId && shown.src === src;

/**
 * For a player that shows this stream from now on (until releaseHlsPlayer): the element
 * prepareHlsPlayer made for it, once; null when there is none.
 */
export function takePreparedHlsPlayer(videoId: string, src: string): HlsPlayback | null {
  shown = { videoId, src };
  if (prepared?.videoId !== videoId || prepared.playback.src !== src) return null;
  const { playback } = prepared;
  prepared = null;
  // Out of the poster's place (playInPoster): the player lays it out.
  playback.element.removeAttribute('class');
  return playback;
}

/** The player of this video is gone: the next visit may prepare its stream again. */
export function releaseHlsPlayer(videoId: string): void {
  if (shown?.videoId === videoId) shown = null;
}

/** A prepared stream nobody took (the viewer went elsewhere) stops loading. */
function discardPrepared(): void {
  prepared?.playback.element.removeAttribute('src');
  prepared = null;
}
