/**
 * Moving playback from one media element to another without a visible seam (the progressive file
 * to hls.js; use-adaptive-upgrade.ts). The next element is prepared where the current one will be
 * a moment later, hidden under it, and takes its place once it plays that moment: the viewer sees
 * no black frame, no poster and no jump back to the start, and the controls (media-chrome's
 * controller, `controller`) follow the new element from then on.
 */

/** How far ahead of the current element the next one starts: time for its first segment to arrive. */
const LEAD_SECONDS = 1.5;
/** The next element is as good as there when it is within this of the current one. */
const IN_STEP_SECONDS = 0.25;
/** Attempts to catch up with a current element that ran past the next one's start (a slow network). */
const CATCH_UPS = 3;

/** Styles of the next element while it prepares: over the current one, invisible, never in the way. */
const HIDDEN: Partial<CSSStyleDeclaration> = {
  position: 'absolute',
  inset: '0',
  width: '100%',
  height: '100%',
  opacity: '0',
  pointerEvents: 'none',
};

type Options = {
  /** Starts the next element's media at `startAt` seconds (it does not play yet). */
  start: (startAt: number) => void;
  signal: AbortSignal;
  /** Gives up when the next element is not ready this long after the start. */
  timeoutMs?: number;
};

/**
 * Hands playback from `from` (the controller's media) over to `to`, a media element not yet in
 * the page: resolves true once `to` is the controller's media, playing (or paused) where `from`
 * was, with its volume, mute, speed and shown captions, and `from` is paused; false when it gave up
 * (aborted, timed out, or `to` could not play), with `to` removed and `from` untouched.
 */
export async function handOver(
  controller: HTMLElement,
  from: HTMLMediaElement,
  to: HTMLMediaElement,
  options: Options,
): Promise<boolean> {
  const { signal, timeoutMs = 15_000 } = options;
  Object.assign(to.style, HIDDEN);
  to.muted = true;
  to.setAttribute('slot', 'media');
  // After `from`: the controller keeps its first media element, so the controls stay on `from`.
  controller.append(to);
  const deadline = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
  try {
    let startAt = from.paused ? from.currentTime : from.currentTime + LEAD_SECONDS;
    options.start(startAt);
    await readyAt(to, deadline);
    for (let attempt = 0; !from.paused && from.currentTime > startAt + IN_STEP_SECONDS; attempt++) {
      // `from` ran past the start while `to` loaded: start again a little ahead of it.
      if (attempt === CATCH_UPS) return giveUp(to);
      startAt = from.currentTime + LEAD_SECONDS / 2;
      to.currentTime = startAt;
      await readyAt(to, deadline);
    }
    if (from.paused) {
      to.currentTime = from.currentTime;
      await readyAt(to, deadline);
    } else {
      await reached(from, startAt, deadline);
      to.currentTime = Math.max(startAt, from.currentTime);
    }
    to.muted = from.muted;
    to.volume = from.volume;
    to.playbackRate = from.playbackRate;
    showSameCaptions(from, to);
    if (!from.paused) {
      await to.play();
      await firstFrame(to, deadline);
    }
  } catch {
    return giveUp(to);
  }
  from.pause();
  to.style.cssText = '';
  // `from` stops being media (its owner removes it later: the controller, seeing a media element
  // removed, would drop its media), and `to`, moved to the front, is the first media element the
  // controller sees added: its media from now on.
  from.removeAttribute('slot');
  from.style.display = 'none';
  controller.prepend(to);
  return true;
}

function giveUp(to: HTMLMediaElement): false {
  to.removeAttribute('src');
  to.remove();
  return false;
}

/** Resolves once `media` has what it needs to play at its current position. */
function readyAt(media: HTMLMediaElement, signal: AbortSignal): Promise<void> {
  return until(media, ['canplay', 'seeked', 'loadeddata'], () => !media.seeking && media.readyState >= 3, signal);
}

/** Resolves once `media` plays at `time` or later (checked at every frame it shows). */
function reached(media: HTMLMediaElement, time: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    let frame = 0;
    const check = () => {
      if (signal.aborted) return reject(new Error('aborted'));
      if (media.paused || media.currentTime >= time) return resolve();
      frame = requestAnimationFrame(check);
    };
    signal.addEventListener('abort', () => cancelAnimationFrame(frame), { once: true });
    check();
  });
}

/** Resolves once `media` shows a frame while playing. */
function firstFrame(media: HTMLMediaElement, signal: AbortSignal): Promise<void> {
  const started = media.currentTime;
  return until(media, ['timeupdate', 'playing'], () => !media.paused && media.currentTime > started, signal);
}

function until(media: HTMLMediaElement, events: string[], done: () => boolean, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!done()) return;
      cleanup();
      resolve();
    };
    const fail = () => {
      cleanup();
      reject(new Error(signal.aborted ? 'aborted' : 'media error'));
    };
    const cleanup = () => {
      for (const type of events) media.removeEventListener(type, check);
      media.removeEventListener('error', fail);
      signal.removeEventListener('abort', fail);
      clearInterval(poll);
    };
    for (const type of events) media.addEventListener(type, check);
    media.addEventListener('error', fail);
    signal.addEventListener('abort', fail);
    // Some states change without an event of their own (a seek inside what is buffered).
    const poll = setInterval(check, 50);
    if (signal.aborted) return fail();
    check();
  });
}

/** The captions shown on `from` (by language and label) are shown on `to` too. */
function showSameCaptions(from: HTMLMediaElement, to: HTMLMediaElement) {
  const shown = Array.from(from.textTracks).filter((t) => t.mode === 'showing' && t.kind !== 'metadata');
  for (const track of Array.from(to.textTracks)) {
    if (shown.some((s) => s.language === track.language && s.label === track.label)) track.mode = 'showing';
  }
}
