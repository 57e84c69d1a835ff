import { posterFrameHtml } from '@streamhub/contract/first-paint';
import { sendWarmCall } from '@/lib/warm-calls';
import { preloadPageCode } from '@/lib/warm-code';
import { readSavedBandwidth, browserDownlinkMbps } from './bandwidth-store';
import { firstMediaUris, parseMasterPlaylist } from './hls-manifest';
import { chooseEngine, detectPlaybackSupport } from './player-engine';
import { chooseStartLevel, estimateBandwidth, predictPlayerSize } from './start-level';

/**
 * The watch page's warm start. A small script in index.html (app/warm-start-entry.ts) runs it
 * before the app's JavaScript has loaded: on /video/watch/:id it sends the watch call, preloads
 * hls.js and the page's code (lib/warm-code.ts), then fetches the master playlist, the first
 * rung's playlist, its init section and first segment, so the first frame waits for neither the
 * app's code nor hls.js. The app takes the answers from here instead of asking again (api-client
 * takes the watch call, the player's hls.js loader the media). Both bundles share the state
 * through `window`, since each has its own copy of this module.
 */

export type WarmMedia = {
  data: ArrayBuffer;
  /** performance.now() of request start, first byte and end, for hls.js's bandwidth estimate. */
  start: number;
  first: number;
  end: number;
};

type WarmState = {
  videoId: string;
  /** URL of the rung the warm start chose (the player starts there too). */
  levelUrl: string | null;
  media: Map<string, Promise<WarmMedia | null>>;
  /** Whether the warm start has sent every request it will send (or given up). */
  isSettled: boolean;
  settle: () => void;
  /** Called on each request the warm start sends, and once when it settles. */
  waiters: Set<() => void>;
};

declare global {
  interface Window {
    __streamhubWarm?: WarmState;
  }
}

const WATCH_PATH = /^\/video\/watch\/([^/]+)\/?$/;

/** On a watch page: starts its warm start and returns true (a signed-in visitor's only). */
export function startWarmWatch(): boolean {
  const videoId = watchedVideoId(location.pathname);
  if (!videoId) return false;
  // The same call getWatchVideo makes, so the app takes this answer (api-client's takeWarmCall).
  const watch = sendWarmCall(`/api/video/v/${encodeURIComponent(videoId)}`);
  // The page's code now, hls.js first (the largest) where the stream plays through MSE; not once
  // the call has answered: by then the app's own code has usually taken the main thread, and the
  // preloads came ~300 ms later.
  preloadPageCode(location.pathname, chooseEngine({ hlsUrl: 'stream', videoFile: null }, detectPlaybackSupport()) === 'hls');
  const state = newState(videoId);
  void watch
    .then(async (response) => {
      if (!response.ok) return;
      const body = (await response.clone().json()) as { data?: { hlsUrl?: string | null; thumbnail?: string } };
      paintPoster(body.data?.thumbnail);
      await warmMedia(state, body.data?.hlsUrl ?? null);
    })
    .catch(() => undefined)
    .finally(state.settle);
  return true;
}

function watchedVideoId(pathname: string): string | null {
  const raw = WATCH_PATH.exec(pathname)?.[1];
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * Paints the video's thumbnail where the player will be, above index.html's loading screen, while
 * the app's code still loads: the page shows what was opened at once (its largest paint). The
 * server usually sent it in the HTML already (the same markup, `posterFrameHtml`), and then it
 * stays. React replaces everything in #root when it first renders; once it has, there is nothing to do.
 */
function paintPoster(thumbnail: string | undefined): void {
  const root = document.getElementById('root');
  const loading = root?.querySelector('[data-first-paint]');
  if (!thumbnail || !root || !loading || root.querySelector('[data-poster]')) return;
  const frame = document.createElement('template');
  frame.innerHTML = posterFrameHtml(thumbnail);
  // The loading screen comes again below it, as a new element: nothing on the page moves.
  root.replaceChildren(frame.content, loading.cloneNode(true));
}

/**
 * The same for a watch page opened inside the app, once its watch call has answered (the router
 * starts that call while the page's code loads): fetches the first media while hls.js loads.
 */
export function warmStream(videoId: string, hlsUrl: string | null): void {
  if (window.__streamhubWarm?.videoId === videoId) return;
  const state = newState(videoId);
  void warmMedia(state, hlsUrl)
    .catch(() => undefined)
    .finally(state.settle);
}

const WARM_SETTLE_AT_THE_LATEST_MS = 5000;

function newState(videoId: string): WarmState {
  const state: WarmState = {
    videoId,
    levelUrl: null,
    media: new Map(),
    isSettled: false,
    settle: () => {
      state.isSettled = true;
      for (const waiter of [...state.waiters]) waiter();
    },
    waiters: new Set(),
  };
  setTimeout(state.settle, WARM_SETTLE_AT_THE_LATEST_MS);
  window.__streamhubWarm = state;
  return state;
}

async function warmMedia(state: WarmState, hlsUrl: string | null): Promise<void> {
  if (!hlsUrl || chooseEngine({ hlsUrl, videoFile: null }, detectPlaybackSupport()) !== 'hls') return;

  const masterUrl = new URL(hlsUrl, location.href).href;
  const master = await fetchInto(state, masterUrl);
  if (!master) return;
  const variants = parseMasterPlaylist(text(master), masterUrl);
  const index = chooseStartLevel(variants, {
    ...predictPlayerSize(window.innerWidth),
    pixelRatio: window.devicePixelRatio,
    bandwidthBps: estimateBandwidth(readSavedBandwidth(), Date.now(), browserDownlinkMbps()),
  });
  const variant = variants[index];
  if (!variant) return;
  state.levelUrl = variant.url;
  const level = await fetchInto(state, variant.url);
  if (!level) return;
  const { init, segment } = firstMediaUris(text(level), variant.url);
  for (const url of [init, segment]) if (url) void fetchInto(state, url);
}

function fetchInto(state: WarmState, url: string): Promise<WarmMedia | null> {
  const start = performance.now();
  const pending = fetch(url, { credentials: 'include' })
    .then(async (response) => {
      // A refusal is left for the player to meet itself, so it handles it the usual way.
      if (!response.ok) return null;
      const first = performance.now();
      return { data: await response.arrayBuffer(), start, first, end: performance.now() };
    })
    .catch(() => null);
  state.media.set(url, pending);
  for (const waiter of [...state.waiters]) waiter();
  return pending;
}

function text(media: WarmMedia): string {
  return new TextDecoder().decode(media.data);
}

/** A response the warm start fetched (or is fetching) for `url`, once. */
export function takeWarmMedia(url: string): Promise<WarmMedia | null> | undefined {
  const state = window.__streamhubWarm;
  if (!state) return undefined;
  // hls.js keeps the URLs as the playlists give them (path-absolute here); the warm start's are absolute.
  const key = new URL(url, location.href).href;
  const take = () => {
    const pending = state.media.get(key);
    state.media.delete(key);
    return pending;
  };
  // hls.js can get ahead of a warm start still on its way (the player now starts as soon as the
  // watch call answers): it waits until the warm start sends this file's request, rather than
  // sending its own beside it; when the warm start settles without it, null sends it to the network.
  const now = take();
  if (now || state.isSettled) return now;
  return new Promise<WarmMedia | null>((resolve) => {
    // Each time the warm start sends a request or settles: this file's request, or none coming.
    const check = () => {
      const pending = take();
      if (!pending && !state.isSettled) return;
      state.waiters.delete(check);
      resolve(pending ?? null);
    };
    state.waiters.add(check);
  });
}

/** The rung the warm start began to fetch for `videoId`'s stream, if any. */
export function warmLevelUrl(videoId: string): string | null {
  const state = window.__streamhubWarm;
  return state?.videoId === videoId ? state.levelUrl : null;
}
