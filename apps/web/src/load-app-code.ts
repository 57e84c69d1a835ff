import { CHUNKS_META, ENTRY_META } from './app-code';

/** The code is asked for this long after the document was parsed at the latest, images or not. */
const LARGEST_PAINT_WAIT_MS = 3000;

/** How many of the page's chunks one task asks for (see `start`). */
const PRELOADS_PER_TASK = 4;

/**
 * Asks for the app's code (the entry, and the chunks of the page's routes beside it) once the
 * page's largest content has painted: the images the server marked as the page's first
 * (`fetchpriority="high"`: the watch page's poster, /home's first thumbnail, a channel's avatar)
 * have loaded and a frame has been drawn with them, or the document has painted when there are
 * none. The page is the server's and shows everything without the code; on a phone's connection
 * its chunks asked for with the HTML shared the connection with those images (Lighthouse counts
 * every script that arrived before the largest paint as something that paint waited for). What
 * the visitor does meanwhile is held and done again once the app has taken over (hold-early.ts).
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
  // After the next frame (its paint); a timer too, for a tab in the background that draws none.
  const afterPaint = () => {
    requestAnimationFrame(() => setTimeout(start, 0));
    setTimeout(start, 250);
  };
  const whenParsed = () => {
    const images = Array.from(document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]')).filter(
      (image) => !image.complete,
    );
    let pending = images.length;
    if (pending === 0) return afterPaint();
    const timer = setTimeout(afterPaint, LARGEST_PAINT_WAIT_MS);
    const done = () => {
      if (--pending > 0) return;
      clearTimeout(timer);
      afterPaint();
    };
    for (const image of images) {
      image.addEventListener('load', done, { once: true });
      image.addEventListener('error', done, { once: true });
    }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenParsed, { once: true });
  else whenParsed();
}
