/**
 * Waiting for the page's first paint. index.html paints the loading screen, and on some pages the
 * page's largest image (the server writes it there: apps/server, plugins/web-app.ts), before the
 * app's JavaScript has run. Work that would hold that paint back (preloading ~300 kB of code on a
 * phone's connection, React's first render on a phone's CPU) waits until it is on screen.
 */

/** How long to wait for a paint that does not come (a tab opened in the background), per step. */
const AT_THE_LATEST_MS = 300;

/** Runs `task` once, right after the page's first contentful paint (or after a short wait without one). */
export function afterFirstPaint(task: () => void): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    task();
  };
  const timer = setTimeout(run, AT_THE_LATEST_MS);
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) run();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    run(); // no paint timing in this browser: at once
  }
}

/** The images the server painted into index.html (the watch page's poster, the home grid's first cards). */
const SERVER_PAINTED_IMAGES = '[data-poster] img, [data-first-cards] img';

/**
 * Resolves once the HTML's first screen is on screen: its first contentful paint and, when the
 * server painted images into it, a frame with those images decoded (they are the page's largest
 * paint; React's first render would otherwise replace them before a frame showed them).
 */
export function firstScreenPainted(): Promise<void> {
  return new Promise((resolve) => {
    afterFirstPaint(() => {
      const images = [...document.querySelectorAll<HTMLImageElement>(SERVER_PAINTED_IMAGES)];
      if (!images.length) return resolve();
      const decoded = Promise.all(images.map((image) => image.decode().catch(() => undefined)));
      void Promise.race([decoded, delay(AT_THE_LATEST_MS)]).then(() => afterNextFrame(resolve));
    });
  });
}

/** Runs `task` after the next frame has been produced (or after a short wait when none comes). */
function afterNextFrame(task: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, AT_THE_LATEST_MS);
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
