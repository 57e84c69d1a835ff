import { useCallback, useEffect, useRef, useState } from 'react';
import type Hls from 'hls.js';
import { browserDownlinkMbps, readSavedBandwidth } from './bandwidth-store';
import { handOver } from './handover';
import { shouldMoveToRung } from './player-engine';
import { createHlsElement, startHlsPlayback, type HlsPlayback } from './hls-player';
import { mixInMediaTracks } from './media-tracks';
import { loadHlsVideo } from './preload-player';
import { playingSource, type ProgressiveSource } from './progressive-sources';
import { chooseStartLevel, estimateBandwidth } from './start-level';

/**
 * When the watch page leaves the progressive file it started on (progressive-sources.ts) for
 * adaptive playback (hls.js), handing over without a seam (handover.ts). The file plays as long as
 * it is the right one; the player moves when:
 * - the rung the player would choose now is sharper than the file's (the player's size and pixel
 *   density, and the connection as measured on earlier visits or the browser's estimate, known
 *   only in the browser; after the first frame and whenever the player is resized, full screen
 *   included), or the file's peak rate is more than the whole estimate;
 * - playback stalls for a second (the connection cannot carry the file): hls.js's adaptive bitrate
 *   steps down;
 * - the viewer picks a quality (or Auto) in the settings menu, which lists the rungs already.
 * Nothing moves in a browser without Media Source Extensions: the file plays to its end there.
 */

/** A rung of `sources` by its index, or hls.js's own choice. */
export type UpgradeTarget = number | 'auto';

/** A second try after a failed hand-over at most; then the file plays on. */
const MAX_ATTEMPTS = 2;
/** Waiting this long for data while playing is a stall. */
const STALL_MS = 1000;
/** After the first frame or a resize, the fit is checked once the page has had this long to settle. */
const FIT_CHECK_DELAY_MS = 1000;

type Options = {
  controller: HTMLElement | null;
  /** The `<video>` playing a progressive source; null once handed over or when there is none. */
  media: HTMLVideoElement | null;
  sources: readonly ProgressiveSource[];
  hlsUrl: string | null;
  poster?: string;
  storyboardUrl: string | null;
  /** This browser can play hls.js (Media Source Extensions). */
  enabled: boolean;
  /** hls.js's requests were refused (403: a token ran out): new URLs, and the move is made again with them. */
  onRefused: () => void;
};

/** The hls.js playback the page moved to, or null while the progressive file plays. */
export function useAdaptiveUpgrade(options: Options) {
  const { controller, media, sources, hlsUrl, poster, storyboardUrl, enabled } = options;
  const [upgraded, setUpgraded] = useState<HlsPlayback | null>(null);
  const running = useRef<AbortController | null>(null);
  const attempts = useRef(0);
  const refreshedOnce = useRef(false);
  // A move refused for its URLs waits for new ones (a new hlsUrl), then is made again.
  const [waitingForUrls, setWaitingForUrls] = useState<{ target: UpgradeTarget; hlsUrl: string } | null>(null);
  const refused = useRef(options.onRefused);
  useEffect(() => {
    refused.current = options.onRefused;
  }, [options.onRefused]);

  const upgrade = useCallback(
    async (target: UpgradeTarget) => {
      if (!enabled || !controller || !media || !hlsUrl || running.current || attempts.current >= MAX_ATTEMPTS) return;
      attempts.current += 1;
      const abort = new AbortController();
      running.current = abort;
      try {
        const { Hls } = await loadHlsVideo();
        if (abort.signal.aborted) return;
        const next = createHlsElement({ poster, storyboardUrl });
        const first = target === 'auto' ? undefined : sources[target];
        let playback: HlsPlayback | null = null;
        let refusedStatus = false;
        // A fatal hls.js error ends the move at once (a refused request first of all).
        next.addEventListener('hlsinstance', (event) => {
          (event as CustomEvent<Hls>).detail.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal && data.response?.code !== 403) return;
            refusedStatus ||= data.response?.code === 403;
            abort.abort();
          });
        });
        const done = await handOver(controller, media, next, {
          signal: abort.signal,
          start: (startAt) => (playback = startHlsPlayback(Hls, next, hlsUrl, startAt, first)),
        });
        if (!done || !playback) {
          // Once: URLs refused again are refused for good.
          if (refusedStatus && !refreshedOnce.current) {
            refreshedOnce.current = true;
            attempts.current -= 1;
            setWaitingForUrls({ target, hlsUrl });
            refused.current();
          }
          return;
        }
        if (first) keepRendition(next, first);
        setUpgraded(playback);
      } finally {
        if (running.current === abort) running.current = null;
      }
    },
    [enabled, controller, media, hlsUrl, poster, storyboardUrl, sources],
  );
  useEffect(() => () => running.current?.abort(), []);
  // New URLs came after a refusal: the same move again, with them.
  useEffect(() => {
    if (!waitingForUrls || !hlsUrl || hlsUrl === waitingForUrls.hlsUrl) return;
    setWaitingForUrls(null);
    void upgrade(waitingForUrls.target);
  }, [waitingForUrls, hlsUrl, upgrade]);

  // The file is the wrong rung for this player and connection (checked after the first frame and
  // on every resize): move to the right one.
  useEffect(() => {
    if (!enabled || !media || !controller || sources.length < 2) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const box = controller.getBoundingClientRect();
        if (box.width === 0 || media.currentTime === 0) return;
        const bandwidth = estimateBandwidth(readSavedBandwidth(), Date.now(), browserDownlinkMbps());
        const wanted = chooseStartLevel(sources, {
          playerWidth: box.width,
          playerHeight: box.height,
          pixelRatio: window.devicePixelRatio,
          bandwidthBps: bandwidth,
        });
        const playing = playingSource(sources, media.currentSrc, location.href);
        if (wanted < 0 || !playing) return;
        if (shouldMoveToRung(sources[wanted]!, playing, bandwidth)) void upgrade(wanted);
      }, FIT_CHECK_DELAY_MS);
    };
    const onTime = () => {
      if (media.currentTime === 0) return;
      media.removeEventListener('timeupdate', onTime);
      check();
    };
    media.addEventListener('timeupdate', onTime);
    let resized = 0;
    const observer = new ResizeObserver(() => {
      // The first call reports the size the player already had; later ones are checked once settled.
      if (resized++ > 0) check();
    });
    observer.observe(controller);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      media.removeEventListener('timeupdate', onTime);
    };
  }, [enabled, media, controller, sources, upgrade]);

  // A stall: the connection does not carry the file. A wait that ends within STALL_MS (the decoder
  // catching up at the start, a seek) is none.
  useEffect(() => {
    if (!enabled || !media) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onWaiting = () => {
      if (media.currentTime === 0 || media.seeking) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!media.paused && media.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) void upgrade('auto');
      }, STALL_MS);
    };
    const onGoing = () => clearTimeout(timer);
    media.addEventListener('waiting', onWaiting);
    media.addEventListener('playing', onGoing);
    media.addEventListener('seeking', onGoing);
    return () => {
      clearTimeout(timer);
      media.removeEventListener('waiting', onWaiting);
      media.removeEventListener('playing', onGoing);
      media.removeEventListener('seeking', onGoing);
    };
  }, [enabled, media, upgrade]);

  // The settings menu's Quality lists the rungs (media-chrome reads the element's renditions); a
  // choice moves to hls.js on that rung, or on its own choice for Auto.
  useEffect(() => {
    if (!enabled || !media || sources.length === 0) return;
    let cancelled = false;
    let stop = () => {};
    void listRenditions(media, sources).then((renditions) => {
      if (cancelled) return;
      const onChange = () => {
        const index = renditions.selectedIndex;
        void upgrade(index < 0 ? 'auto' : index);
      };
      renditions.addEventListener('change', onChange);
      stop = () => renditions.removeEventListener('change', onChange);
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [enabled, media, sources, upgrade]);

  return upgraded;
}

type Renditions = EventTarget & { selectedIndex: number; length: number; [index: number]: { width?: number; height?: number } };
type WithTracks = HTMLMediaElement & {
  videoTracks: { getTrackById(id: string): unknown };
  videoRenditions: Renditions;
  addVideoTrack(kind: string): {
    id?: string;
    selected: boolean;
    addRendition(src: string, width?: number, height?: number, codec?: string, bitrate?: number): { id?: string };
  };
};

/** Gives `media` one video track with a rendition per source (media-tracks, as hls-video-element does for its levels). */
async function listRenditions(media: HTMLMediaElement, sources: readonly ProgressiveSource[]): Promise<Renditions> {
  await mixInMediaTracks();
  const element = media as WithTracks;
  if (!element.videoTracks.getTrackById('main')) {
    const track = element.addVideoTrack('main');
    track.id = 'main';
    track.selected = true;
    // media-chrome's menu names a rendition by its height and selects it by its id.
    sources.forEach((source, i) => {
      track.addRendition(source.url, source.width, source.height, undefined, source.bitrate).id = String(i);
    });
  }
  return element.videoRenditions;
}

/** Holds hls.js on `rung` (the viewer chose it): the element's rendition of that size is selected. */
function keepRendition(element: HTMLElement, rung: ProgressiveSource) {
  const renditions = (element as unknown as WithTracks).videoRenditions;
  for (let i = 0; i < renditions.length; i++) {
    if (renditions[i]?.width === rung.width && renditions[i]?.height === rung.height) {
      renditions.selectedIndex = i;
      return;
    }
  }
}
