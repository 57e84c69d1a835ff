/**
 * A short-lived shared cache of computed answers, for public pages many people ask for at once
 * (the home grid, a popular search): each key's answer is computed by one call at a time
 * (concurrent misses wait for the same promise, so a burst costs one query, not one per request)
 * and kept for `ttlMs`, then computed again on the next ask. Failures are not kept. Bounded in
 * entries, least recently used dropped first. `ttlMs` 0 turns it off (every ask computes).
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
  const entries = new Map<string, { until: number; value: Promise<T> }>();
  return {
    get(key: string, compute: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return compute();
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key); // re-inserted: the Map's order is least recently used first
        // A computation still running is shared whatever its age; a finished one for ttlMs.
        if (hit.until === Infinity || now() < hit.until) {
          entries.set(key, hit);
          return hit.value;
        }
      }
      const entry = { until: Infinity, value: compute() };
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      entry.value.then(
        () => {
          entry.until = now() + ttlMs;
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.value;
    },
    size: () => entries.size,
  };
}
