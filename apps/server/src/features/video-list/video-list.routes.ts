import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VideoListPage, VideoListQuery, envelope } from '@streamhub/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/respond.ts';

/** `/api/video` list, search and sort (API.md §6); public. */
export const videoListRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { videoList } = deps.services;
  const tags = ['videos'];

  app.get(
    '/',
    { schema: { tags, querystring: VideoListQuery, response: { 200: envelope(VideoListPage) } } },
    async (request, reply) => ok(reply, await videoList.list(request.query)),
  );
};
