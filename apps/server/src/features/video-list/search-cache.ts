import type { VideoListRepo } from './video-list.repo.ts';

export interface RankedMatches {
  /** The best matches, best first (at most `depth` of them). */
  ids: string[];
  /** The number of all matches. */
  total: number;
}

/**
 * The ranking of recent searches, per tsquery, valid while the search version it was computed
 * at is current (0005-search-version bumps it in the same transaction as any change a search
 * could see). A popular search then costs a version read and 12 card rows instead of ranking
 * every match; results are never stale, and every process checks the same version, so several
 * API processes agree. Concurrent misses of one search share one computation.
 */
export function createSearchCache(repo: VideoListRepo, { depth = 240, maxEntries = 500 } = {}) {
  const entries = new Map<string, { version: number; result: Promise<RankedMatches> }>();
  return {
    depth,
    async ranked(tsquery: string): Promise<RankedMatches> {
      const version = await repo.searchVersion();
      const hit = entries.get(tsquery);
      entries.delete(tsquery); // re-inserted below: the Map's order is least recently used first
      if (hit && hit.version === version) {
        entries.set(tsquery, hit);
        return hit.result;
      }
      const result = repo.rankedMatches(tsquery, depth);
      entries.set(tsquery, { version, result });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      result.catch(() => {
        if (entries.get(tsquery)?.result === result) entries.delete(tsquery);
      });
      return result;
    },
  };
}
