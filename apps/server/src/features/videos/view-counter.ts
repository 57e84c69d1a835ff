import type { VideosRepo } from './videos.repo.ts';

type Log = { warn(obj: object, msg: string): void };

/**
 * Counted views, added up per video in this process and written every `flushMs` in one
 * statement (`VIEW_FLUSH_MS`, 2 s by default): a popular video costs one row update per interval
 * instead of one per viewer, and a view never clears a cache (lists show the new count once
 * their page's lifetime ends). Whether a view counts is still decided when it happens (the
 * viewer's mark, videos.repo.ts `markView`); only the counter waits. A flush that fails keeps its
 * counts for the next one; `close` (the process stops) writes what is left. `flushMs` 0 writes
 * each view at once.
 */
export function createViewCounter({ repo, flushMs, log }: { repo: Pick<VideosRepo, 'addViews'>; flushMs: number; log: Log }) {
  let pending = new Map<string, number>();
  /** The batch being written now. */
  let writing = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();
  const timer = flushMs > 0 ? setInterval(() => void flush(), flushMs) : undefined;
  timer?.unref();

  /** Writes the counts gathered so far; flushes run one after another. */
  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      if (pending.size === 0) return;
      const batch = (writing = pending);
      pending = new Map();
      try {
        await repo.addViews(batch);
      } catch (err) {
        for (const [videoId, n] of batch) pending.set(videoId, (pending.get(videoId) ?? 0) + n);
        log.warn({ err: String(err), videos: batch.size }, 'views not written; tried again at the next flush');
      } finally {
        writing = new Map();
      }
    });
    return flushing;
  }

  return {
    /** One counted view of `videoId`. */
    async count(videoId: string): Promise<void> {
      pending.set(videoId, (pending.get(videoId) ?? 0) + 1);
      if (flushMs <= 0) await flush();
    },
    /**
     * What a video's count reads in this process's own answers: `stored` (read before this view
     * was counted) plus the views it holds unwritten, so a viewer who refreshes never sees the
     * count go back. Other processes' unwritten views show once written.
     */
    shown(videoId: string, stored: number, counted: boolean): number {
      if (flushMs <= 0) return stored + (counted ? 1 : 0);
      return stored + (pending.get(videoId) ?? 0) + (writing.get(videoId) ?? 0);
    },
    flush,
    /** Stops the timer and writes what is left (before the database closes). */
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}
export type ViewCounter = ReturnType<typeof createViewCounter>;
