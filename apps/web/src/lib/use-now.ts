import { useSyncExternalStore } from 'react';

/**
 * The time relative times ('5 seconds ago') count from. The server renders at one moment and the
 * browser takes its markup over a little later: while React hydrates a component it reads the
 * server's moment (useSyncExternalStore's server snapshot), so both write the same text, then the
 * browser's own time, renewed every few seconds.
 */

let renderedAt: () => number = () => Date.now();

/** The moment of the server's render: the server's own per request (entry-server.tsx), the page's in the browser (app/server-state.ts). */
export function setRenderedAt(moment: () => number): void {
  renderedAt = moment;
}

const TICK_MS = 10_000;
let now = Date.now();

function subscribe(onChange: () => void): () => void {
  const tick = () => {
    now = Date.now();
    onChange();
  };
  tick();
  const timer = setInterval(tick, TICK_MS);
  return () => clearInterval(timer);
}

/** Now, for relative times; the server's render moment while hydrating. */
export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => renderedAt(),
  );
}
