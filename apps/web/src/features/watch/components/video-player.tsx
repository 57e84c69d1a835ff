import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type Hls from 'hls.js';
import type { ErrorData, LoaderContext, XhrLoader } from 'hls.js';
import { browserDownlinkMbps, readSavedBandwidth, saveBandwidth } from '../bandwidth-store';
import { parseMasterPlaylist } from '../hls-manifest';
import { isTokenizedMediaUrl, mediaFailureAction, type MediaFailure } from '../media-refresh';
import { chooseEngine, detectPlaybackSupport, type PlayerEngine } from '../player-engine';
import { loadHlsVideo, loadPlayerChrome } from '../preload-player';
import { chooseStartLevel, estimateBandwidth, hlsLevelIndex } from '../start-level';
import { withWarmResponses } from '../warm-loader';
import { takeWarmMedia, warmLevelUrl } from '../warm-start';
import type { StreamHubHlsVideo } from '../hls-video';

// media-chrome's elements upgrade whenever their module arrives; the video itself does not wait.
void loadPlayerChrome();

export const PLAYBACK_RATES = '0.5 0.75 1 1.25 1.5 1.75 2';
const SEEK_STEP = 5;
const BANDWIDTH_SAVE_EVERY_MS = 2000;

type VideoPlayerProps = {
  videoId: string;
  hlsUrl: string | null;
  videoFile: string | null;
  /** WebVTT track of scrub previews (sprite sheets with #xywh= fragments). */
  storyboardUrl: string | null;
  poster?: string;
  title: string;
  duration?: number;
  /** A media request was refused (403): fetch new URLs; the player resumes where it was. */
  onMediaRefused: () => void;
};

/** Starts playback; a browser may refuse autoplay, which leaves the controls to the viewer. */
function playQuietly(el: HTMLMediaElement) {
  void el.play().catch(() => undefined);
}

/**
 * The watch page player: media-chrome's controls (seek bar with scrub previews, quality and speed
 * menus, keyboard shortcuts, picture-in-picture, full screen) around hls.js (`hls-video-element`)
 * where MSE works, the browser's own HLS in Safari, else the MP4 file. Muted autoplay, no download.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const { videoId, hlsUrl, videoFile, storyboardUrl, poster, title, duration, onMediaRefused } = props;
  const support = useMemo(detectPlaybackSupport, []);
  const [fellBack, setFellBack] = useState(false);
  const [failed, setFailed] = useState(false);
  const engine: PlayerEngine | null = fellBack ? (videoFile ? 'mp4' : null) : chooseEngine({ hlsUrl, videoFile }, support);
  const [media, setMedia] = useState<HTMLVideoElement | StreamHubHlsVideo | null>(null);
  const keysHintId = useId();

  // Where to resume when the source changes (new token, MP4 fallback); when the last refresh was.
  const resumeAt = useRef(0);
  const lastRefreshAt = useRef<number | null>(null);
  // The source new URLs were asked for; its own later errors are expected until they come.
  const refreshedSrc = useRef<string | null>(null);
  const refusedRef = useRef(onMediaRefused);
  useEffect(() => {
    refusedRef.current = onMediaRefused;
  }, [onMediaRefused]);

  const src = engine === 'hls' || engine === 'native' ? hlsUrl : engine === 'mp4' ? videoFile : null;

  useEffect(() => {
    if (!media || !engine || !src) return;
    let cancelled = false;
    const startAt = resumeAt.current;
    const cleanups: Array<() => void> = [];

    /** One decision for every failure: refresh the URLs, fall back to the MP4 file, or stop. */
    function onFailure(failure: MediaFailure) {
      const action = mediaFailureAction(failure, {
        tokenized: isTokenizedMediaUrl(src),
        refreshPending: refreshedSrc.current === src,
        lastRefreshAt: lastRefreshAt.current,
        now: Date.now(),
        canFallBack: engine !== 'mp4' && Boolean(videoFile),
      });
      if (action === 'ignore') return;
      resumeAt.current = media!.currentTime || resumeAt.current;
      if (action === 'refresh') {
        lastRefreshAt.current = Date.now();
        refreshedSrc.current = src;
        refusedRef.current();
      } else if (action === 'fallback') setFellBack(true);
      else setFailed(true);
    }

    if (engine === 'hls') {
      const el = media as StreamHubHlsVideo;
      void loadHlsVideo().then(({ Hls: HlsClass }) => {
        if (cancelled) return;
        let hls: Hls | null = null;
        const warmLevel = warmLevelUrl(videoId);
        /** Before hls.js reads the master playlist: the first rung, as the warm start chose it or from the player's size. */
        const chooseFirstRung = (text: string, url: string) => {
          const variants = parseMasterPlaylist(text, new URL(url, location.href).href);
          const warmIndex = variants.findIndex((v) => v.url === warmLevel);
          const box = el.getBoundingClientRect();
          const index =
            warmIndex >= 0
              ? warmIndex
              : chooseStartLevel(variants, {
                  playerWidth: box.width,
                  playerHeight: box.height,
                  pixelRatio: window.devicePixelRatio,
                  bandwidthBps: estimateBandwidth(readSavedBandwidth(), Date.now(), browserDownlinkMbps()),
                });
          const level = hlsLevelIndex(variants, index);
          if (hls && level >= 0) hls.startLevel = level;
        };
        const Base = withWarmResponses(HlsClass.DefaultConfig.loader as unknown as typeof XhrLoader, takeWarmMedia);
        el.config = {
          // Event playlists may still grow while the video is processing: start at the beginning.
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
        const onInstance = (event: Event) => {
          hls = (event as CustomEvent<Hls>).detail;
          let savedAt = 0;
          hls.on(HlsClass.Events.FRAG_LOADED, () => {
            if (!hls || Date.now() - savedAt < BANDWIDTH_SAVE_EVERY_MS) return;
            savedAt = Date.now();
            saveBandwidth(hls.bandwidthEstimate);
          });
          // A media error gets one recovery from hls.js; everything else goes through onFailure.
          let mediaRecovered = false;
          hls.on(HlsClass.Events.ERROR, (_event, data: ErrorData) => {
            if (data.fatal && data.type === HlsClass.ErrorTypes.MEDIA_ERROR && !mediaRecovered) {
              mediaRecovered = true;
              hls?.recoverMediaError();
              return;
            }
            onFailure({ status: data.response?.code ?? null, fatal: data.fatal });
          });
        };
        el.addEventListener('hlsinstance', onInstance);
        el.src = src;
        cleanups.push(() => el.removeEventListener('hlsinstance', onInstance));
      });
    } else {
      const el = media as HTMLVideoElement;
      const onError = () => onFailure({ status: null, fatal: true });
      el.addEventListener('error', onError);
      el.src = src;
      if (startAt > 0) el.currentTime = startAt;
      playQuietly(el);
      cleanups.push(() => el.removeEventListener('error', onError));
    }

    return () => {
      cancelled = true;
      for (const cleanup of cleanups) cleanup();
      resumeAt.current = media.currentTime || resumeAt.current;
      media.removeAttribute('src');
      if (engine !== 'hls') media.load();
    };
  }, [media, engine, src, videoFile, videoId]);

  const mediaProps = {
    slot: 'media',
    poster: poster || undefined,
    autoplay: true,
    muted: true,
    playsinline: true,
    controlslist: 'nodownload',
  };
  // The thumbnails track: media-chrome's seek bar shows the cue's sprite region on hover and drag.
  const track = storyboardUrl ? <track kind="metadata" label="thumbnails" src={storyboardUrl} default /> : null;

  return (
    <div className="overflow-hidden rounded-xl bg-black">
      <media-controller
        data-testid="video-player"
        data-engine={engine ?? undefined}
        tabIndex={0}
        aria-label={`Video player: ${title}`}
        aria-describedby={keysHintId}
        aria-keyshortcuts="Space K ArrowLeft ArrowRight ArrowUp ArrowDown M F P"
        keyboardforwardseekoffset={SEEK_STEP}
        keyboardbackwardseekoffset={SEEK_STEP}
        defaultduration={duration || undefined}
        onContextMenu={(e) => e.preventDefault()}
        class="streamhub-player block aspect-video w-full bg-black outline-none focus-visible:ring-2 focus-visible:ring-brand"
      >
        {engine === 'hls' ? (
          <streamhub-hls-video key="hls" ref={setMedia as (el: HTMLElement | null) => void} {...mediaProps}>
            {track}
          </streamhub-hls-video>
        ) : (
          <video
            key="video"
            ref={setMedia}
            slot="media"
            poster={poster || undefined}
            autoPlay
            muted
            playsInline
            controlsList="nodownload"
            disablePictureInPicture={false}
          >
            {track}
          </video>
        )}
        <media-loading-indicator slot="centered-chrome" noautohide="" />
        <media-settings-menu hidden anchor="auto">
          {engine === 'hls' ? (
            <media-settings-menu-item>
              Quality
              <media-rendition-menu slot="submenu" hidden>
                <div slot="title">Quality</div>
              </media-rendition-menu>
            </media-settings-menu-item>
          ) : null}
          <media-settings-menu-item>
            Speed
            <media-playback-rate-menu slot="submenu" hidden rates={PLAYBACK_RATES}>
              <div slot="title">Speed</div>
            </media-playback-rate-menu>
          </media-settings-menu-item>
        </media-settings-menu>
        <media-control-bar>
          <media-play-button />
          <media-mute-button />
          <media-volume-range class="max-sm:hidden" />
          {/* Shown, not announced: the seek bar tells screen readers the same ("1 minute of 3 minutes"). */}
          <media-time-display showduration="" notoggle="" aria-hidden="true" class="max-sm:hidden" />
          <media-time-range />
          <media-settings-menu-button />
          <media-pip-button />
          <media-fullscreen-button />
        </media-control-bar>
      </media-controller>
      <p id={keysHintId} className="sr-only">
        Keys: Space or K play and pause, arrow left and right seek 5 seconds, arrow up and down change the volume, M mutes, F
        toggles full screen, P picture-in-picture, Shift and question mark lists all shortcuts.
      </p>
      {failed ? (
        <p role="alert" className="p-3 text-sm text-red-400">
          This video cannot be played right now.
        </p>
      ) : null}
    </div>
  );
}
