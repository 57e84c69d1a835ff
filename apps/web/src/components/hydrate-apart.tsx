import { Suspense, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that the browser hydrates in a pass of its own, after the rest
 * of the page (React leaves a finished boundary of the server's HTML for a later, lower-priority
 * render). A page hydrated as one piece held the main thread in one long task on a phone's CPU;
 * split, the page's shell answers first and each part is its own shorter task. A click on a part
 * not yet hydrated hydrates it at once and is then handled. Nothing in it suspends: it shows the
 * server's markup until hydrated, and on a page rendered in the browser it renders at once.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
