import type { VideoCard, VideoListPage } from '@streamhub/contract';
import { InvalidResponseError } from '@/lib/api-client';

export const PAGE_SIZE = 12;

/** Thrown when the list's `data` has neither a videos array nor is itself one (SPEC §8). */
export class InvalidVideoListError extends InvalidResponseError {
  constructor() {
    // The call itself succeeded; only its `data` is unusable.
    super(200);
    this.name = 'InvalidVideoListError';
  }
}

function readTotal(total: unknown, fallback: number): number {
  if (typeof total === 'number' && Number.isFinite(total)) return total;
  if (Array.isArray(total)) {
    const first: unknown = total[0];
    if (first && typeof first === 'object' && typeof (first as { total?: unknown }).total === 'number') {
      return (first as { total: number }).total;
    }
    if (total.length === 0) return 0;
  }
  return fallback;
}

/** SPEC §3: `data.videos` or `data` itself is the list; total is a number or `[{total}]`. */
export function normalizeVideoList(data: unknown): VideoListPage {
  if (Array.isArray(data)) return { videos: data as VideoCard[], total: data.length };
  if (!data || typeof data !== 'object') throw new InvalidVideoListError();
  const { videos, total } = data as { videos?: unknown; total?: unknown };
  if (!Array.isArray(videos)) throw new InvalidVideoListError();
  return { videos: videos as VideoCard[], total: Math.max(readTotal(total, videos.length), videos.length) };
}

/** 'Showing X to Y of Z results' and 'Page N of M' numbers for a 1-based page. */
export function pageSummary(page: number, shown: number, total: number, pageSize = PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = shown === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = shown === 0 ? 0 : from + shown - 1;
  return { from, to, total, page, pages, hasPrevious: page > 1, hasNext: page < pages };
}
