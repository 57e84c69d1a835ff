import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VideoListPage, VideoListQuery, envelope } from '@streamhub/contract';
import type { AppDeps } from '../../deps.ts';
import { createMicroCache } from '../../lib/micro-cache.ts';
import { withMediaUrls } from '../../plugins/media-urls.ts';

/**
 * The list's pages as the API sends them, the envelope serialised once for everyone who asks within
 * LIST_CACHE_MS (1 s by default) of a micro-cache: a burst of viewers costs one query per page (by
 * its normalised query), a refresh runs in the background while the previous body is served, and
 * a new or deleted video shows within twice that time. Nothing per viewer may ever go into a page.
 */
export function createListPages(deps: AppDeps) {
  const pages = createMicroCache<string>({ ttlMs: deps.config.listCacheMs });
  return {
    body(q: VideoListQuery): Promise<string> {
      const key = JSON.stringify([q.page, q.query?.trim() ?? '', q.name?.trim() ?? '', q.sortBy ?? '', q.sortType ?? '']);
      return pages.get(key, async () => {
        // A string skips the preSerialization hook, so storage keys become URLs here.
        const data = withMediaUrls(await deps.services.videoList.list(q), deps.storage.publicUrl);
        return JSON.stringify({ statusCode: 200, data, message: 'Success', success: true });
      });
    },
    /** The thumbnail URLs of a page's first `count` videos. */
    async thumbnails(q: VideoListQuery, count: number): Promise<string[]> {
      const page = JSON.parse(await this.body(q)) as { data: { videos: Array<{ thumbnail: string }> } };
      return page.data.videos
        .slice(0, count)
        .map((video) => video.thumbnail)
        .filter(Boolean);
    },
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
      const body = await pages.body(request.query);
      // A string with a JSON content type is sent as it is (no second serialisation); the typed
      // reply expects the object the string already holds.
      return reply
        .code(200)
        .type('application/json; charset=utf-8')
        .send(body as never);
    },
  );
};
