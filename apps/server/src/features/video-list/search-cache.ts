import type { Events } from '../../events/events.ts';
import { createMicroCache } from '../../lib/micro-cache.ts';
import { onListChange } from './list-changes.ts';
import type { VideoListRepo } from './video-list.repo.ts';

export interface RankedMatches {
  /** The best matches, best first (at most `depth` of them). */
  ids: string[];
  /** The number of all matches. */
  total: number;
}

/**
 * The ranking of recent searches, per tsquery, so the first pages of a popular search cost 12
 * card rows instead of ranking every match each. Kept as list pages are (LIST_CACHE_MS, the same
 * micro-cache) and forgotten with them after every list event from any process
 * (list-changes.ts); while this process is not listening for events, every search ranks afresh.
 * Concurrent misses of one search share one computation.
 */
export function createSearchCache(
  repo: VideoListRepo,
  {
    events,
    ttlMs,
    depth = 240,
    maxEntries = 500,
  }: { events: Pick<Events, 'on' | 'onGap' | 'listening'>; ttlMs: number; depth?: number; maxEntries?: number },
) {
  const rankings = createMicroCache<RankedMatches>({ ttlMs, maxEntries });
  onListChange(events, () => rankings.clear());
  return {
    depth,
    ranked(tsquery: string): Promise<RankedMatches> {
      const rank = () => repo.rankedMatches(tsquery, depth);
      return events.listening() ? rankings.get(tsquery, rank) : rank();
    },
  };
}
