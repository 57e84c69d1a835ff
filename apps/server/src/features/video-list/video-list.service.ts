import { VIDEO_PAGE_SIZE, type VideoListPage, type VideoListQuery } from '@streamhub/contract';
import type { Events } from '../../events/events.ts';
import { toVideoCard } from '../access/video-card.ts';
import type { ListFilter, ListOrder, VideoListRepo } from './video-list.repo.ts';
import { createSearchCache } from './search-cache.ts';

const MAX_SEARCH_WORDS = 8;
const MAX_WORD_LENGTH = 40;
const EMPTY: VideoListPage = { videos: [], total: 0 };

/**
 * The searchable words of a query: runs of letters and digits, at most 8 distinct, each cut to
 * 40 characters. Everything else (operators, quotes, regex metacharacters, control characters)
 * only separates words, so user input never becomes query syntax.
 */
export function searchWords(query: string): string[] {
  const words = query.match(/[\p{L}\p{N}]+/gu) ?? [];
  // Cut by code points: a cut inside a surrogate pair would send half a character.
  const cut = (w: string) => Array.from(w).slice(0, MAX_WORD_LENGTH).join('');
  return [...new Set(words.map(cut))].slice(0, MAX_SEARCH_WORDS);
}

/** No sortBy: best match first for a search, newest first otherwise. sortType defaults to desc. */
export function listOrder(query: Pick<VideoListQuery, 'sortBy' | 'sortType'>, searching: boolean): ListOrder {
  if (query.sortBy) return { by: query.sortBy, direction: query.sortType ?? 'desc' };
  return searching ? { by: 'rank' } : { by: 'newest' };
}

/** `events` and `cacheMs` (LIST_CACHE_MS) keep popular searches' rankings (search-cache.ts). */
export function createVideoListService(
  repo: VideoListRepo,
  { events, cacheMs }: { events: Pick<Events, 'on' | 'onGap' | 'listening'>; cacheMs: number },
) {
  const searches = createSearchCache(repo, { events, ttlMs: cacheMs });
  /** Blank parts are no filter; parts that cannot match anything short-circuit to `null`. */
  async function resolveFilter(query: VideoListQuery): Promise<ListFilter | null> {
    const filter: ListFilter = {};
    const name = query.name?.trim();
    if (name) {
      const ownerIds = await repo.findChannelIdsByName(name);
      if (ownerIds.length === 0) return null;
      filter.ownerIds = ownerIds;
    }
    if (query.query?.trim()) {
      const words = searchWords(query.query);
      if (words.length === 0) return null;
      const tsquery = await repo.searchQuery(words);
      if (tsquery === '') return null; // stop words only
      filter.tsquery = tsquery;
    }
    return filter;
  }

  return {
    /**
     * API.md §6. `name` is a channel's username or full name, case-insensitive, exact after
     * trimming; `query` is full-text search with prefixes and typo correction. Totals are exact:
     * the unfiltered catalogue reads a trigger-maintained counter, filtered lists count matches.
     */
    async list(query: VideoListQuery): Promise<VideoListPage> {
      const filter = await resolveFilter(query);
      if (!filter) return EMPTY;
      const order = listOrder(query, filter.tsquery !== undefined);
      const offset = (query.page - 1) * VIDEO_PAGE_SIZE;
      if (!filter.ownerIds && filter.tsquery === undefined) {
        // The counter first: a page past the end (up to page 100,000) never walks an index.
        const total = await repo.countReady();
        if (offset >= total) return { videos: [], total };
        const rows = await repo.catalogPage(order, offset, VIDEO_PAGE_SIZE);
        return { videos: rows.map(toVideoCard), total };
      }
      if (filter.tsquery !== undefined && !filter.ownerIds && order.by === 'rank' && offset < searches.depth) {
        // A plain search (best match first): its first pages come from the kept ranking.
        const { ids, total } = await searches.ranked(filter.tsquery);
        const rows = await repo.cardsInOrder(ids.slice(offset, offset + VIDEO_PAGE_SIZE));
        return { videos: rows.map(toVideoCard), total };
      }
      const { rows, total } = await repo.filteredPage(filter, order, offset, VIDEO_PAGE_SIZE);
      // Past the last page the window had no row to report the total on.
      return { videos: rows.map(toVideoCard), total: total ?? (await repo.countMatching(filter)) };
    },
  };
}
export type VideoListService = ReturnType<typeof createVideoListService>;
