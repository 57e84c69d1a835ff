import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type HlsType from 'hls.js';
import { autoQualityLabel, qualityLevels, type QualityLevel } from '../player-quality';

// Fetched when the watch page's chunk runs, in parallel with its API calls, not when the player
// mounts. The light build: everything we play (fMP4 HLS, ABR, quality levels) without subtitles,
// alternate audio or DRM, a third less JavaScript to parse before the first frame.
const loadHls = import('hls.js/light');

export type PlayerEngine = 'hls' | 'native' | 'mp4';

/** Starts playback; a browser may refuse autoplay, which leaves the controls to the viewer. */
function playQuietly(el: HTMLVideoElement) {
  void el.play().catch(() => undefined);
}

/** Switches the element to a plain file (the MP4 fallback), resuming where the stream stopped. */
function playFile(el: HTMLVideoElement, url: string, resumeAt = 0) {
  el.src = url;
  if (resumeAt > 0) el.currentTime = resumeAt;
  playQuietly(el);
}

type VideoPlayerProps = {
  hlsUrl: string | null;
  videoFile: string | null;
  poster?: string;
  title: string;
};

export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
const SEEK_STEP = 5;
const VOLUME_STEP = 0.1;
const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * The watch page player (hls.js comes in its own chunk): hls.js where MSE works,
 * native HLS (Safari) otherwise, else the MP4 file. Muted autoplay, no download.
 */
export function VideoPlayer({ hlsUrl, videoFile, poster, title }: VideoPlayerProps) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<HlsType | null>(null);
  const [engine, setEngine] = useState<PlayerEngine | null>(null);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [level, setLevel] = useState(-1);
  const [rate, setRate] = useState(1);
  const [failed, setFailed] = useState(false);
  const [playingHeight, setPlayingHeight] = useState<number | null>(null);
  const keysHintId = useId();

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    video.muted = true;

    /** The MP4 file when streaming cannot go on (SPEC: MP4 fallback). */
    function playMp4(el: HTMLVideoElement, resumeAt = 0) {
      if (!videoFile) return setFailed(true);
      playFile(el, videoFile, resumeAt);
      setEngine('mp4');
      setLevels([]);
    }

    async function attach(el: HTMLVideoElement) {
      if (hlsUrl) {
        const { default: Hls } = await loadHls;
        if (cancelled) return;
        if (Hls.isSupported()) {
          // Event playlists may still grow while the video is processing: start at the beginning.
          // Start on the lowest rung (smallest first segment, fastest first frame); ABR then climbs.
          const hls = new Hls({ startPosition: 0, startLevel: 0 });
          hlsRef.current = hls;
          hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
            setLevels(qualityLevels(data.levels));
            playQuietly(el);
          });
          hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => setPlayingHeight(hls.levels[data.level]?.height ?? null));
          // hls.js has already retried network errors by the time one is fatal (a failed master
          // playlist cannot be resumed at all): go on with the MP4 file. Media errors get one recovery.
          let mediaRecovered = false;
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !mediaRecovered) {
              mediaRecovered = true;
              hls.recoverMediaError();
            } else {
              const resumeAt = el.currentTime;
              hls.destroy();
              hlsRef.current = null;
              playMp4(el, resumeAt);
            }
          });
          hls.loadSource(hlsUrl);
          hls.attachMedia(el);
          setEngine('hls');
          return;
        }
        if (el.canPlayType(HLS_MIME)) {
          el.src = hlsUrl;
          setEngine('native');
          playQuietly(el);
          return;
        }
      }
      playMp4(el);
    }

    void attach(video);
    return () => {
      cancelled = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
      video.removeAttribute('src');
      video.load();
    };
  }, [hlsUrl, videoFile]);

  function chooseLevel(next: number) {
    setLevel(next);
    if (hlsRef.current) hlsRef.current.currentLevel = next;
  }

  function chooseRate(next: number) {
    setRate(next);
    const video = videoRef.current;
    if (!video) return;
    video.playbackRate = next;
    // Survives a source change (the MP4 fallback), which resets playbackRate to this default.
    video.defaultPlaybackRate = next;
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const video = videoRef.current;
    if (!video || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLButtonElement) return;
    const duration = Number.isFinite(video.duration) ? video.duration : Infinity;
    switch (event.key) {
      case ' ':
      case 'k':
      case 'K':
        if (video.paused) playQuietly(video);
        else video.pause();
        break;
      case 'ArrowLeft':
        video.currentTime = Math.max(0, video.currentTime - SEEK_STEP);
        break;
      case 'ArrowRight':
        video.currentTime = Math.min(duration, video.currentTime + SEEK_STEP);
        break;
      case 'ArrowUp':
        video.muted = false;
        video.volume = Math.min(1, video.volume + VOLUME_STEP);
        break;
      case 'ArrowDown':
        video.volume = Math.max(0, video.volume - VOLUME_STEP);
        break;
      case 'm':
      case 'M':
        video.muted = !video.muted;
        break;
      case 'f':
      case 'F':
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
        else void wrapperRef.current?.requestFullscreen().catch(() => undefined);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  return (
    <div
      ref={wrapperRef}
      data-testid="video-player"
      data-engine={engine ?? undefined}
      tabIndex={0}
      onKeyDown={handleKeyDown}
      aria-label={`Video player: ${title}`}
      aria-keyshortcuts="Space K ArrowLeft ArrowRight ArrowUp ArrowDown M F"
      aria-describedby={keysHintId}
      role="region"
      className="overflow-hidden rounded-xl bg-black outline-none focus-visible:ring-2 focus-visible:ring-brand"
    >
      <video
        ref={videoRef}
        poster={poster || undefined}
        className="aspect-video w-full bg-black"
        controls
        autoPlay
        muted
        playsInline
        controlsList="nodownload"
        disablePictureInPicture={false}
        onContextMenu={(e) => e.preventDefault()}
        onError={(e) => {
          // Native HLS (Safari) that fails falls back to the MP4 file; a failing MP4 is the end.
          const el = e.currentTarget;
          if (engine === 'native' && videoFile) {
            playFile(el, videoFile);
            setEngine('mp4');
          } else if (engine === 'mp4') setFailed(true);
        }}
        tabIndex={-1}
      />
      <p id={keysHintId} className="sr-only">
        Keys: Space or K play and pause, arrow left and right seek 5 seconds, arrow up and down change the volume, M mutes, F
        toggles full screen.
      </p>
      {failed ? <p className="p-3 text-sm text-red-400">This video cannot be played right now.</p> : null}
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-line bg-panel px-3 py-2 text-sm">
        {engine === 'hls' ? (
          <label className="flex items-center gap-2">
            <span className="text-muted">Quality</span>
            <select
              value={level}
              onChange={(e) => chooseLevel(Number(e.target.value))}
              className="rounded-md border border-line bg-raised px-2 py-1"
            >
              <option value={-1}>{autoQualityLabel(level === -1 ? playingHeight : null)}</option>
              {levels.map((l) => (
                <option key={l.index} value={l.index}>
                  {l.height}p
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="flex items-center gap-2">
          <span className="text-muted">Speed</span>
          <select
            value={rate}
            onChange={(e) => chooseRate(Number(e.target.value))}
            className="rounded-md border border-line bg-raised px-2 py-1"
          >
            {PLAYBACK_RATES.map((r) => (
              <option key={r} value={r}>
                {r === 1 ? 'Normal' : `${r}x`}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}
