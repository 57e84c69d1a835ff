import { useEffect, useId, useLayoutEffect, useReducer, useRef, useState } from 'react';
import type Hls from 'hls.js';
import { useLocation } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { thumbnailCardOf, type Chapter } from '@streamhub/contract';
import { useBrowserValue } from '@/lib/use-browser-value';
import { PLAYER_POSTER_SIZES, thumbnailSrcSet } from '@/lib/thumbnails';
import type { ErrorData } from 'hls.js';
import { saveBandwidth } from '../bandwidth-store';
import { createHlsElement, LIVE_SYNC_SECONDS, startHlsPlayback } from '../hls-player';
import { isTokenizedMediaUrl, mediaFailureAction, type MediaFailure } from '../media-refresh';
import {
  currentEngine,
  detectPlaybackSupport,
  INITIAL_PLAYER_STATE,
  playerReducer,
  type PlaybackSupport,
} from '../player-engine';
import { defineMenusOnDemand } from '../player-menus';
import { loadHlsVideo, loadPlayerChrome } from '../preload-player';
import { useStartTime } from '../share-links';
import { useProgressHeartbeats } from '../progress-heartbeats';
import { useChaptersTrack } from '../chapters-track';
import type { StreamHubHlsVideo } from '../hls-video';
import type { Caption } from '@streamhub/contract';
import { useCaptionTracks } from '../caption-tracks';
import { CaptionOverlay } from './caption-overlay';
import { sourceChoices, startingAt, type ProgressiveSource } from '../progressive-sources';
import { useAdaptiveUpgrade } from '../use-adaptive-upgrade';
import { ARIA_KEYSHORTCUTS, ShortcutsDialog, usePlayerShortcuts } from './player-shortcuts';

export const PLAYBACK_RATES = '0.5 0.75 1 1.25 1.5 1.75 2';
const SEEK_STEP = 5;
const BANDWIDTH_SAVE_EVERY_MS = 2000;
/** The controls come after the first frame, or after this long when it does not come (autoplay refused). */
const CONTROLS_AT_THE_LATEST_MS = 1000;
/** Within this many seconds of a live stream's newest media the player counts as at the live edge. */
const LIVE_EDGE_SECONDS = 8;

type VideoPlayerProps = {
  hlsUrl: string | null;
  videoFile: string | null;
  /** WebVTT track of scrub previews (sprite sheets with #xywh= fragments). */
  storyboardUrl: string | null;
  poster?: string;
  title: string;
  duration?: number;
  /** The description's chapters: segments of the seek bar, named in its preview. */
  chapters?: readonly Chapter[];
  /** The video's caption tracks: the captions menu lists them (with Off). */
  captions?: readonly Caption[];
  /**
   * A live stream arriving now (API.md §17): hls.js at the live edge, the seek bar over the
   * playlist's window (DVR) and a "go to live" button; never the MP4 file.
   */
  live?: boolean;
  /** A media request was refused (403): fetch new URLs; the player resumes where it was. */
  onMediaRefused: () => void;
  /** The watched video: playback sends its progress heartbeats (the studio's analytics). */
  videoId?: string;
  /**
   * The rungs' own files a `<video>` starts on at once (features/watch/api/get-progressive-sources.ts):
   * empty when there are none (hls.js from the start), undefined while they are being asked for.
   */
  sources?: readonly ProgressiveSource[];
  /** Theater mode on or off (the T key and the control bar's button); none: no theater mode. */
  theater?: { on: boolean; toggle: () => void };
  /** Playback reached the end (a playlist played in order goes on to its next video). */
  onEnded?: () => void;
};

/** The label media-chrome finds the scrub previews' track by (read by code, never shown). */
const STORYBOARD_LABEL = 'thumbnails';

const NO_CHAPTERS: readonly Chapter[] = [];
const NO_SOURCES: readonly ProgressiveSource[] = [];

/**
 * A `?t=` link followed on this page (a chapter, a timestamp in the description or a comment):
 * the player seeks there and plays. The page's first `?t=` is where the source starts instead.
 */
function useSeekOnTimeLinks(media: HTMLMediaElement | null, startTime: number, resumeAt: { current: number }) {
  const { key } = useLocation();
  const seen = useRef(key);
  useEffect(() => {
    if (key === seen.current) return;
    seen.current = key;
    // No element yet: its source starts there.
    resumeAt.current = startTime;
    if (!media) return;
    media.currentTime = startTime;
    playQuietly(media);
  }, [key, media, startTime, resumeAt]);
}

let support: PlaybackSupport | undefined;
/** This browser's playback support, asked once. */
const browserSupport = () => (support ??= detectPlaybackSupport());

/**
 * What this browser can play; null on the server, while React hydrates its markup and in the first
 * render in the browser, so the server's poster stays until the browser has chosen an engine.
 */
const usePlaybackSupport = () => useBrowserValue<PlaybackSupport | null>(browserSupport, null);

/**
 * The poster's image chooses among the thumbnail's copies (its `srcset`: a phone takes the card
 * copy); `<video poster>` takes no `srcset`, so the media is given the copy the image chose once it
 * has (undefined until then, in the server's HTML too: the image shows meanwhile, the media is
 * transparent until its first frame). Without copies, the media has the poster from the start.
 */
function useChosenPoster(poster: string | undefined) {
  const posterSrcSet = thumbnailSrcSet(poster);
  // With the poster it was chosen for: another video's poster is chosen again.
  const [chosen, setChosen] = useState<{ poster: string | undefined; src: string | undefined } | null>(null);
  const image = useRef<HTMLImageElement>(null);
  useLayoutEffect(() => {
    const img = image.current;
    if (!posterSrcSet || !img) return;
    // The URL as the page names it (path-absolute), whichever of the two the image took.
    const copy = poster ? thumbnailCardOf(poster) : null;
    const take = () => setChosen({ poster, src: copy && img.currentSrc.endsWith(copy) ? copy : poster });
    if (img.complete && img.currentSrc) return take();
    img.addEventListener('load', take);
    img.addEventListener('error', take);
    return () => {
      img.removeEventListener('load', take);
      img.removeEventListener('error', take);
    };
  }, [poster, posterSrcSet]);
  const mediaPoster = !posterSrcSet ? (poster ?? '') : chosen && chosen.poster === poster ? chosen.src : undefined;
  return { posterImage: image, posterSrcSet, mediaPoster };
}

/** Starts playback; a browser may refuse autoplay, which leaves the controls to the viewer. */
function playQuietly(el: HTMLMediaElement) {
  void el.play().catch(() => undefined);
}

/**
 * The watch page player: media-chrome's controls (seek bar with scrub previews, quality and speed
 * menus, keyboard shortcuts, picture-in-picture, full screen) around a `<video>` on a rung's own
 * file, named in the server's HTML so the first frame needs no code, handed over to hls.js
 * (`hls-video-element`) when adaptive playback is worth it (use-adaptive-upgrade.ts). Without such
 * files (a live, a video still processing): hls.js where MSE works, the browser's own HLS in Safari,
 * else the MP4 file. Muted autoplay, no download.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const {
    hlsUrl,
    videoFile,
    storyboardUrl,
    poster,
    title,
    duration,
    chapters = NO_CHAPTERS,
    live = false,
    onMediaRefused,
    sources,
    theater,
    onEnded,
  } = props;
  const { t } = useTranslation();
  const support = usePlaybackSupport();
  // Where to resume when the source changes (new token, MP4 fallback); when the last refresh was.
  // A shared link's `?t=` is where the first source starts.
  const startTime = useStartTime();
  const resumeAt = useRef(startTime);
  const lastRefreshAt = useRef<number | null>(null);
  // The source new URLs were asked for; its own later errors are expected until they come.
  const refreshedSrc = useRef<string | null>(null);
  const refusedRef = useRef(onMediaRefused);
  useEffect(() => {
    refusedRef.current = onMediaRefused;
  }, [onMediaRefused]);
  // The progressive file's own request was refused: its new URLs are read by the same element.
  const reloadProgressive = useRef(false);
  const [state, dispatch] = useReducer(playerReducer, INITIAL_PLAYER_STATE);
  const [media, setMedia] = useState<HTMLVideoElement | StreamHubHlsVideo | null>(null);
  const [controller, setController] = useState<HTMLElement | null>(null);
  const { posterImage, posterSrcSet, mediaPoster } = useChosenPoster(poster);
  const progressive = !live && !state.progressiveFailed && Boolean(sources?.length);
  const upgraded = useAdaptiveUpgrade({
    controller,
    media: progressive && media?.localName === 'video' ? (media as HTMLVideoElement) : null,
    sources: sources ?? NO_SOURCES,
    hlsUrl,
    poster: mediaPoster ?? poster,
    storyboardUrl,
    enabled: Boolean(support?.mse),
    // hls.js's requests were refused while it prepared (an exclusive video's token ran out).
    onRefused: () => {
      lastRefreshAt.current = Date.now();
      refusedRef.current();
    },
  });
  const engine = currentEngine(state, { hlsUrl, videoFile, live, sources, support, upgraded: upgraded !== null });
  const keysHintId = useId();
  const endedRef = useRef(onEnded);
  useEffect(() => {
    endedRef.current = onEnded;
  }, [onEnded]);
  useEffect(() => {
    if (!media) return;
    const ended = () => endedRef.current?.();
    media.addEventListener('ended', ended);
    return () => media.removeEventListener('ended', ended);
  }, [media]);
  useProgressHeartbeats(media, props.videoId);

  const src =
    engine === 'hls' || engine === 'native'
      ? hlsUrl
      : engine === 'mp4'
        ? videoFile
        : engine === 'progressive'
          ? 'progressive'
          : null;

  // media-chrome's elements (~200 kB of code, preloaded but not run) are defined once the video
  // shows its first frame: run earlier, they held up React's commit of the player and hls.js's
  // start. Until then the media fills the controller's box and the rest is hidden (index.css);
  // they upgrade in place.
  useEffect(() => {
    if (!media) return;
    let loaded = false;
    const load = () => {
      if (loaded) return;
      loaded = true;
      void loadPlayerChrome();
    };
    // The first time update past 0: a frame is on screen (on 'playing' the code ran before it).
    const onTime = () => {
      if (media.currentTime > 0) load();
    };
    const timer = setTimeout(load, CONTROLS_AT_THE_LATEST_MS);
    media.addEventListener('timeupdate', onTime);
    media.addEventListener('error', load);
    return () => {
      clearTimeout(timer);
      media.removeEventListener('timeupdate', onTime);
      media.removeEventListener('error', load);
    };
  }, [media]);
  useEffect(() => {
    if (support && !engine) void loadPlayerChrome();
  }, [support, engine]);
  // The menus are defined when the viewer goes for one.
  useEffect(() => (controller ? defineMenusOnDemand(controller) : undefined), [controller]);

  // hls.js's element is made here, not by React (or by the hand-over from the progressive file,
  // already playing). Once per mount; later sources (new media tokens) go to the same element.
  const [firstHls] = useState(() => ({ poster, storyboardUrl, live }));
  useLayoutEffect(() => {
    if (engine !== 'hls' || !controller) return;
    const element = upgraded?.element ?? createHlsElement(firstHls);
    if (!upgraded) {
      controller.prepend(element);
      element.autoplay = true;
    }
    setMedia(element);
    return () => {
      element.removeAttribute('src');
      element.remove();
      setMedia(null);
    };
  }, [engine, controller, firstHls, upgraded]);
  // Leaving hls.js (MP4 fallback), its element goes before the <video> comes, in a commit of its
  // own: media-chrome's controller would otherwise take the removal for the new media's.
  const hlsShown = media?.localName === 'streamhub-hls-video';

  useEffect(() => {
    if (!media || !engine || !src) return;
    // The render that switches engines still holds the previous element; the next one brings the new.
    if ((engine === 'hls') !== (media.localName === 'streamhub-hls-video')) return;
    let cancelled = false;
    const startAt = resumeAt.current;
    const cleanups: Array<() => void> = [];

    /** One decision for every failure: refresh the URLs, fall back to the MP4 file, or stop. */
    function onFailure(failure: MediaFailure) {
      const url = engine === 'progressive' ? (media as HTMLVideoElement).currentSrc || hlsUrl : src;
      const action = mediaFailureAction(failure, {
        tokenized: isTokenizedMediaUrl(url),
        refreshPending: refreshedSrc.current === url,
        lastRefreshAt: lastRefreshAt.current,
        now: Date.now(),
        canFallBack: engine === 'progressive' || (engine !== 'mp4' && Boolean(videoFile)),
      });
      if (action === 'ignore') return;
      resumeAt.current = media!.currentTime || resumeAt.current;
      if (action === 'refresh') {
        lastRefreshAt.current = Date.now();
        refreshedSrc.current = url;
        if (engine === 'progressive') reloadProgressive.current = true;
        refusedRef.current();
      } else dispatch({ type: 'failed', engine: engine!, action });
    }

    if (engine === 'hls') {
      const el = media as StreamHubHlsVideo;
      void loadHlsVideo().then(({ Hls: HlsClass }) => {
        if (cancelled) return;
        // Handed over from the progressive file, it plays already; else it starts here.
        const playback =
          upgraded?.element === el && upgraded.src === src
            ? upgraded
            : startHlsPlayback(HlsClass, el, src, live ? 'live' : startAt);
        let attached: Hls | null = null;
        const attach = (hls: Hls) => {
          if (cancelled || attached === hls) return;
          attached = hls;
          let savedAt = 0;
          hls.on(HlsClass.Events.FRAG_LOADED, () => {
            if (Date.now() - savedAt < BANDWIDTH_SAVE_EVERY_MS) return;
            savedAt = Date.now();
            saveBandwidth(hls.bandwidthEstimate);
          });
          // A media error gets one recovery from hls.js; everything else goes through onFailure.
          let mediaRecovered = false;
          const onError = (data: ErrorData) => {
            if (data.fatal && data.type === HlsClass.ErrorTypes.MEDIA_ERROR && !mediaRecovered) {
              mediaRecovered = true;
              hls.recoverMediaError();
              return;
            }
            onFailure({ status: data.response?.code ?? null, fatal: data.fatal });
          };
          // What went wrong before the page was listening (a prepared stream), then what comes.
          playback.listened = true;
          for (const data of playback.fatalErrors.splice(0)) onError(data);
          hls.on(HlsClass.Events.ERROR, (_event, data) => onError(data));
        };
        if (playback.hls) attach(playback.hls);
        const onInstance = (event: Event) => attach((event as CustomEvent<Hls>).detail);
        el.addEventListener('hlsinstance', onInstance);
        cleanups.push(() => el.removeEventListener('hlsinstance', onInstance));
        el.autoplay = true;
        playQuietly(el);
      });
    } else if (engine === 'progressive') {
      // Its <source> elements came with the page (the browser plays the first that matches, from a
      // `?t=` given there); an error of one of them is heard here too (capture: they do not bubble).
      const el = media as HTMLVideoElement;
      const onError = () => onFailure({ status: null, fatal: true });
      el.addEventListener('error', onError, true);
      if (startAt > 0 && el.currentTime + 0.5 < startAt) el.currentTime = startAt;
      // Paused after it had played: the viewer paused it (before the app had the page, or before
      // this effect ran again), and it stays paused.
      if (!(el.paused && el.played.length > 0)) playQuietly(el);
      cleanups.push(() => el.removeEventListener('error', onError, true));
    } else {
      const el = media as HTMLVideoElement;
      const onError = () => onFailure({ status: null, fatal: true });
      el.addEventListener('error', onError);
      el.src = src;
      if (startAt > 0 && !live) el.currentTime = startAt;
      playQuietly(el);
      cleanups.push(() => el.removeEventListener('error', onError));
    }

    return () => {
      cancelled = true;
      for (const cleanup of cleanups) cleanup();
      resumeAt.current = media.currentTime || resumeAt.current;
      // The progressive <video> leaves with its element (React's), its download with it.
      if (engine === 'progressive') return;
      media.removeAttribute('src');
      if (engine !== 'hls') media.load();
    };
  }, [media, engine, src, videoFile, live, hlsUrl, upgraded]);

  // New URLs of the file (a refreshed token, after its own request was refused): the element reads
  // its new <source>s again and goes on where it was. (A refresh for hls.js's sake leaves it be: what
  // it has loaded plays on.)
  const sourcesKey = sources?.map((source) => source.url).join(' ');
  useEffect(() => {
    if (engine !== 'progressive' || media?.localName !== 'video' || !reloadProgressive.current) return;
    reloadProgressive.current = false;
    const el = media as HTMLVideoElement;
    const at = resumeAt.current;
    el.load();
    if (at > 0) el.currentTime = at;
    playQuietly(el);
  }, [engine, media, sourcesKey]);

  useChaptersTrack(media, chapters, duration ?? 0);
  // The keys anywhere on the page (media-chrome's own, on the focused player only, are off).
  const shortcuts = usePlayerShortcuts({ media, controller, live, onTheater: theater?.toggle });
  // A live plays at its edge: a `?t=` (or any navigation) never moves it to the window's start.
  useSeekOnTimeLinks(live ? null : media, startTime, resumeAt);

  // The thumbnails track: media-chrome's seek bar shows the cue's sprite region on hover and drag.
  const track = storyboardUrl ? <track kind="metadata" label={STORYBOARD_LABEL} src={storyboardUrl} default /> : null;
  const hasCaptions = Boolean(props.captions?.length);
  // Safari's own HLS shows the master playlist's SUBTITLES group; hls.js and the MP4 file get tracks.
  useCaptionTracks(engine === 'native' ? null : media, props.captions);

  return (
    <div className="keep-dark overflow-hidden rounded-xl bg-black">
      <media-controller
        ref={setController}
        data-testid="video-player"
        data-engine={engine ?? undefined}
        tabIndex={0}
        aria-label={t('player.label', { title })}
        aria-describedby={keysHintId}
        aria-keyshortcuts={ARIA_KEYSHORTCUTS}
        nohotkeys=""
        keyboardforwardseekoffset={SEEK_STEP}
        keyboardbackwardseekoffset={SEEK_STEP}
        defaultduration={live ? undefined : duration || undefined}
        defaultstreamtype={live ? 'live' : undefined}
        // The live button lights within this many seconds of the edge (hls.js plays LIVE_SYNC_SECONDS behind).
        liveedgeoffset={live ? LIVE_EDGE_SECONDS : undefined}
        // "Go to live" lands where hls.js starts a live: LIVE_SYNC_SECONDS behind the newest media.
        seektoliveoffset={live ? LIVE_SYNC_SECONDS : undefined}
        onContextMenu={(e) => e.preventDefault()}
        class="streamhub-player block aspect-video w-full bg-black outline-none focus-visible:ring-2 focus-visible:ring-brand"
      >
        {/* The poster is the page's largest paint: in the server's HTML, before any code has run,
            until the browser's media element (which shows it too) takes its place. */}
        {media && mediaPoster !== undefined ? null : (
          <img
            ref={posterImage}
            src={poster || undefined}
            srcSet={posterSrcSet}
            sizes={posterSrcSet ? PLAYER_POSTER_SIZES : undefined}
            alt=""
            fetchPriority="high"
            data-player-poster=""
            className="object-cover"
          />
        )}
        {/* With hls.js, the layout effect above puts the element here (or the hand-over did). */}
        {!engine || engine === 'hls' || hlsShown ? null : (
          <video
            key={engine === 'progressive' ? 'progressive' : 'video'}
            ref={setMedia}
            slot="media"
            poster={mediaPoster || undefined}
            autoPlay
            muted
            playsInline
            preload="auto"
            controlsList="nodownload"
            disablePictureInPicture={false}
          >
            {engine === 'progressive'
              ? sourceChoices(sources!).map(({ url, media: when }) => (
                  <source key={`${url} ${when}`} src={startingAt(url, startTime)} media={when} type="video/mp4" />
                ))
              : null}
            {track}
          </video>
        )}
        <media-loading-indicator slot="centered-chrome" noautohide="">
          {/* Spun by CSS only while loading (index.css), not by media-chrome's SVG animation. */}
          <svg slot="icon" viewBox="0 0 100 100" aria-hidden="true">
            <circle
              cx="50"
              cy="50"
              r="20"
              fill="none"
              stroke="currentColor"
              strokeWidth="4"
              strokeLinecap="round"
              strokeDasharray="90 36"
            />
          </svg>
        </media-loading-indicator>
        <media-settings-menu hidden anchor="auto">
          {engine === 'hls' || (engine === 'progressive' && support?.mse) ? (
            <media-settings-menu-item>
              {t('player.quality')}
              <media-rendition-menu slot="submenu" hidden>
                <div slot="title">{t('player.quality')}</div>
              </media-rendition-menu>
            </media-settings-menu-item>
          ) : null}
          <media-settings-menu-item>
            {t('player.speed')}
            <media-playback-rate-menu slot="submenu" hidden rates={PLAYBACK_RATES}>
              <div slot="title">{t('player.speed')}</div>
            </media-playback-rate-menu>
          </media-settings-menu-item>
        </media-settings-menu>
        {hasCaptions ? <media-captions-menu hidden anchor="auto" /> : null}
        {hasCaptions ? <CaptionOverlay media={media} /> : null}
        <media-control-bar>
          <media-play-button />
          <media-mute-button />
          <media-volume-range class="max-sm:hidden" />
          {/* Shown, not announced: the seek bar tells screen readers the same ("1 minute of 3 minutes"). */}
          {live ? null : <media-time-display showduration="" notoggle="" aria-hidden="true" class="max-sm:hidden" />}
          <media-time-range />
          {hasCaptions ? <media-captions-menu-button /> : null}
          {/* Back to the live edge after seeking back through the window (DVR). */}
          {live ? <media-live-button /> : null}
          <media-settings-menu-button />
          <media-pip-button />
          {theater ? (
            <button
              type="button"
              data-testid="theater-button"
              aria-label={theater.on ? t('player.defaultView') : t('player.theaterMode')}
              aria-pressed={theater.on}
              title={theater.on ? t('player.defaultViewKey') : t('player.theaterModeKey')}
              onClick={theater.toggle}
              className="streamhub-theater-button"
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" width="24" height="24">
                <rect
                  x={theater.on ? 5 : 2}
                  y="6"
                  width={theater.on ? 14 : 20}
                  height="12"
                  rx="1.5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                />
              </svg>
            </button>
          ) : null}
          <media-fullscreen-button />
        </media-control-bar>
      </media-controller>
      <p id={keysHintId} className="sr-only">
        {t('player.keysHint')}
      </p>
      <ShortcutsDialog open={shortcuts.help} onOpenChange={shortcuts.setHelp} />
      {state.failed ? (
        <p role="alert" className="p-3 text-sm text-red-400">
          {t('player.cannotPlay')}
        </p>
      ) : null}
    </div>
  );
}
