import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VideoListPage, VideoListQuery, envelope } from '@streamhub/contract';
import type { AppDeps } from '../../deps.ts';
import { createMicroCache } from '../../lib/micro-cache.ts';
import { withMediaUrls } from '../../plugins/media-urls.ts';

/**
 * `/api/video` list, search and sort (API.md §6); public, the same for every viewer. Each page
 * (by its normalised query) is served from a micro-cache for LIST_CACHE_MS (1 s by default): a
 * burst of viewers costs one query per page, the body is serialised once, a refresh runs in the
 * background while the previous body is served, and a new or deleted video shows within twice
 * that time. Nothing per viewer may ever go into this body.
 */
export const videoListRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { videoList } = deps.services;
  const tags = ['videos'];
  const pages = createMicroCache<string>({ ttlMs: deps.config.listCacheMs });

  app.get(
    '/',
    { schema: { tags, querystring: VideoListQuery, response: { 200: envelope(VideoListPage) } } },
    async (request, reply) => {
      const q = request.query;
      const key = JSON.stringify([q.page, q.query?.trim() ?? '', q.name?.trim() ?? '', q.sortBy ?? '', q.sortType ?? '']);
      const body = await pages.get(key, async () => {
        // The envelope, serialised once for everyone who asks within the lifetime; a string skips
        // the preSerialization hook, so storage keys become URLs here.
        const data = withMediaUrls(await videoList.list(q), deps.storage.publicUrl);
        return JSON.stringify({ statusCode: 200, data, message: 'Success', success: true });
      });
      // A string with a JSON content type is sent as it is (no second serialisation); the typed
      // reply expects the object the string already holds.
      return reply
        .code(200)
        .type('application/json; charset=utf-8')
        .send(body as never);
    },
  );
};
