import { useSyncExternalStore } from 'react';
import { whenIdle } from './when-idle';

/**
 * The time relative times ('5 seconds ago') count from. The server renders at one moment and the
 * browser takes its markup over a little later: the browser starts from the server's moment, so
 * hydration writes the same text, and moves on to its own time once idle after that, then every
 * few seconds while any relative time shows. (Moved on at once, the change re-rendered every
 * relative time synchronously among React's effects of the take-over: a long task on a phone.)
 */

let renderedAt: () => number = () => Date.now();

/** The moment of the server's render: the server's own per request (entry-server.tsx), the page's in the browser (app/server-state.ts). */
export function setRenderedAt(moment: () => number): void {
  renderedAt = moment;
}

const TICK_MS = 10_000;
/** The browser's moment for relative times: the server's until first renewed (fixed once read). */
let now: number | null = null;
const listeners = new Set<() => void>();
let stopTicking = () => {};

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  if (listeners.size === 1) {
    const timer = setInterval(tick, TICK_MS);
    // Renewed when idle, in a task of its own (it may be up to TICK_MS old, or the server's).
    const cancel = whenIdle(tick);
    stopTicking = () => {
      clearInterval(timer);
      cancel();
    };
  }
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) stopTicking();
  };
}

/** Now, for relative times; the server's render moment while hydrating and until the browser is idle. */
export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => (now ??= renderedAt()),
    () => renderedAt(),
  );
}
