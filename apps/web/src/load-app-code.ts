import { CHUNKS_META, ENTRY_META } from './app-code';

/** The code is asked for this long after the document was parsed at the latest, images or not. */
const LARGEST_PAINT_WAIT_MS = 3000;

/** How long after the first images have loaded the code waits for one of them to be the largest paint. */
const LARGEST_PAINT_GRACE_MS = 300;

/** How many of the page's chunks one task asks for (see `start`). */
const PRELOADS_PER_TASK = 4;

/**
 * Asks for the app's code (the entry, and the chunks of the page's routes beside it) once the
 * page's largest content has painted: the images the server marked as the page's first
 * (`fetchpriority="high"`: the watch page's poster, /home's first thumbnail, a channel's avatar)
 * have been shown on screen (the browser's largest-paint report names one), or the document's
 * first paint has when there are none. The page is the server's and shows everything without the
 * code; on a phone's connection its chunks asked for with the HTML shared the connection with
 * those images (Lighthouse counts every script that arrived before the largest paint as something
 * that paint waited for). What the visitor does meanwhile is held and done again once the app has
 * taken over (hold-early.ts).
 */
export function loadAppCodeAfterLargestPaint(): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const named = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.split(' ') ?? [];
    const [entry, ...entryImports] = named(ENTRY_META).filter(Boolean);
    if (entry) {
      const script = document.createElement('script');
      script.type = 'module';
      script.src = entry;
      document.head.append(script);
    }
    // Every preload starts its fetch on the main thread (1–2 ms each under Lighthouse, four times
    // that on a phone's CPU): forty-odd chunks at once were one task of 15–55 ms unthrottled, so
    // they are asked for four at a time, a task each (and small chunks are merged: vite.config.ts).
    // The entry's own imports may be among the page's chunks too: each is asked for once.
    const chunks = [...new Set([...entryImports, ...named(CHUNKS_META).filter(Boolean)])];
    const preloadSome = () => {
      for (const href of chunks.splice(0, PRELOADS_PER_TASK)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        document.head.append(link);
      }
      if (chunks.length > 0) setTimeout(preloadSome, 0);
    };
    preloadSome();
  };
  const whenParsed = () => {
    const images = Array.from(document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"][src]'));
    const loaded = Promise.all(images.map(loadedOrFailed));
    // One of them shown on screen as the largest paint, or a moment after they have all loaded
    // where none becomes it (larger text, a failed image, an input that ends the reports).
    const largest =
      images.length === 0
        ? Promise.resolve()
        : Promise.race([paintedAsLargest(images), loaded.then(() => delay(LARGEST_PAINT_GRACE_MS))]);
    void Promise.all([firstContentfulPaint(), largest]).then(() => setTimeout(start, 0));
    // A tab in the background paints nothing: the code comes anyway.
    setTimeout(start, LARGEST_PAINT_WAIT_MS);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenParsed, { once: true });
  else whenParsed();
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const loadedOrFailed = (image: HTMLImageElement) =>
  image.complete
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        image.addEventListener('load', () => resolve(), { once: true });
        image.addEventListener('error', () => resolve(), { once: true });
      });

/** Resolves once the browser reports an entry of `type` that `matches`, or at once where it reports none. */
function reported(type: string, matches: (entry: PerformanceEntry) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return resolve();
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some(matches)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type, buffered: true });
  });
}

/**
 * The first contentful paint as shown on screen: a frame drawn on the main thread may reach the
 * screen well after it (the browser reports the paint once it has), and code asked for in between
 * was counted by Lighthouse as something the first paint waited for.
 */
const firstContentfulPaint = () => reported('paint', (entry) => entry.name === 'first-contentful-paint');

/** One of `images` shown on screen as the page's largest paint so far. */
const paintedAsLargest = (images: HTMLImageElement[]) =>
  reported('largest-contentful-paint', (entry) => images.some((image) => image === (entry as LargestContentfulPaint).element));
