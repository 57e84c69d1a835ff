import { LRUCache } from 'lru-cache';

/**
 * A short-lived shared cache of computed answers, for public pages many people ask for at once
 * (the home grid, a popular search). Each key's answer is computed by one call at a time:
 * concurrent misses wait for the same promise, so a burst costs one query, not one per request.
 * An answer is fresh for `ttlMs`; for another `ttlMs` it is still served while one call computes
 * its successor in the background (nobody waits for a refresh), so an answer is never more than
 * 2 × `ttlMs` (plus one computation) old. Older than that, the next ask computes it again and
 * waits. Failures are not kept. Bounded in entries, least recently used dropped first (lru-cache,
 * which also drops entries past 2 × `ttlMs` by itself). `ttlMs` 0 turns it off (every ask
 * computes). `clear()` forgets every answer, those still being computed included: whoever asks
 * after it gets an answer computed after it.
 */
export function createMicroCache<T>({
  ttlMs,
  maxEntries = 1000,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}) {
  interface Entry {
    /** Fresh until then; Infinity while the first computation runs. */
    until: number;
    value: Promise<T>;
    refreshing: boolean;
  }
  const entries = new LRUCache<string, Entry>({ max: maxEntries, ...(ttlMs > 0 ? { ttl: 2 * ttlMs + 1000 } : {}) });

  function start(key: string, compute: () => Promise<T>): Promise<T> {
    const entry: Entry = { until: Infinity, value: compute(), refreshing: false };
    entries.set(key, entry);
    entry.value.then(
      () => {
        entry.until = now() + ttlMs;
      },
      () => {
        if (entries.peek(key) === entry) entries.delete(key);
      },
    );
    return entry.value;
  }

  /** Each refresh writes into its own entry only: one cleared meanwhile is kept nowhere. */
  function refresh(entry: Entry, compute: () => Promise<T>) {
    entry.refreshing = true;
    const next = compute();
    next.then(
      () => {
        entry.value = next;
        entry.until = now() + ttlMs;
        entry.refreshing = false;
      },
      () => {
        // The previous answer stays until it is too old; the next ask tries again.
        entry.refreshing = false;
      },
    );
  }

  return {
    get(key: string, compute: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return compute();
      const hit = entries.get(key); // also marks it most recently used
      if (!hit) return start(key, compute);
      const t = now();
      if (t < hit.until) return hit.value; // fresh, or its first computation still running
      if (t < hit.until + ttlMs) {
        if (!hit.refreshing) refresh(hit, compute);
        return hit.value;
      }
      return start(key, compute);
    },
    /**
     * Computations running now finish for those already waiting on them, but are kept nowhere
     * (each stores itself only in its own entry, which is gone from the cache).
     */
    clear: () => entries.clear(),
    size: () => entries.size,
  };
}
