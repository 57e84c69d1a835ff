import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VideoListPage, VideoListQuery, envelope } from '@streamhub/contract';
import type { Events } from '../../events/events.ts';
import type { VideoListService } from './video-list.service.ts';
import { createMicroCache } from '../../lib/micro-cache.ts';
import { withMediaUrls } from '../../plugins/media-urls.ts';
import { onListChange } from './list-changes.ts';
import { pageBody, sendPageBody } from './page-body.ts';

/**
 * The list's pages as the API sends them, the envelope serialised once to bytes (page-body.ts) for
 * everyone who asks, from a micro-cache (LIST_CACHE_MS, 1 s by default): a burst of viewers costs one
 * query per page (by its normalised query), and a refresh runs in the background while the previous
 * body is served.
 *
 * Cleared by the list events (list-changes.ts) of every process as they are committed (answers
 * still being computed included: they are kept nowhere), so an announced change shows at once in
 * every process, and in the one that made it before its client hears back
 * (events.ts, `hearOwnEventsBeforeReplying`); counters (views, likes) show once a page's
 * lifetime ends. Nothing is asked of the database to serve a cached page. While this process is
 * not listening for events (starting, connection lost), every ask computes its page.
 * Nothing per viewer may ever go into a page.
 */
export function createListPages(deps: {
  videoList: VideoListService;
  events: Events;
  listCacheMs: number;
  publicUrl: (key: string) => string;
}) {
  const pages = createMicroCache<Buffer>({ ttlMs: deps.listCacheMs });
  const unsubscribe = onListChange(deps.events, () => pages.clear());

  /** A page's body as sent. Bytes skip the preSerialization hook, so storage keys become URLs here. */
  async function compute(q: VideoListQuery): Promise<Buffer> {
    return pageBody(withMediaUrls(await deps.videoList.list(q), deps.publicUrl));
  }

  return {
    // The hot path of every list call: served from the cache while this process hears every change.
    body(q: VideoListQuery): Promise<Buffer> {
      if (!deps.events.listening()) return compute(q);
      const key = JSON.stringify([q.page, q.query?.trim() ?? '', q.name?.trim() ?? '', q.sortBy ?? '', q.sortType ?? '']);
      return pages.get(key, () => compute(q));
    },
    /** Stops listening for changes (the app closes). */
    stop: unsubscribe,
  };
}
export type ListPages = ReturnType<typeof createListPages>;

/** `/api/video` list, search and sort (API.md §6); public, the same for every viewer, from `pages`. */
export const videoListRoutes: FastifyPluginAsyncZod<{ pages: ListPages }> = async (app, { pages }) => {
  const tags = ['videos'];

  app.get(
    '/',
    { schema: { tags, querystring: VideoListQuery, response: { 200: envelope(VideoListPage) } } },
    async (request, reply) => {
      return sendPageBody(reply, await pages.body(request.query));
    },
  );
};
