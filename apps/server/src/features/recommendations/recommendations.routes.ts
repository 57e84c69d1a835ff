import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FeedPage, FeedQuery, Id, UpNext, envelope } from '@streamhub/contract';
import type { RecommendationsService } from './recommendations.service.ts';
import { ok } from '../../lib/respond.ts';

const tags = ['recommendations'];

/** `/api/video/trending` and `/api/video/v/:videoId/up-next` (API.md §14). */
export const videoRecommendationsRoutes: FastifyPluginAsyncZod<{ recommendations: RecommendationsService }> = async (
  app,
  { recommendations },
) => {
  app.get(
    '/trending',
    { schema: { tags, querystring: FeedQuery, response: { 200: envelope(FeedPage) } } },
    async (request, reply) => ok(reply, await recommendations.trending(request.query.page)),
  );
  app.get(
    '/v/:videoId/up-next',
    { schema: { tags, params: z.object({ videoId: Id }), response: { 200: envelope(UpNext) } } },
    async (request, reply) => ok(reply, await recommendations.upNext(request.viewer, request.params.videoId)),
  );
};

/** `/api/feed/for-you` (API.md §14): personal when signed in, trending otherwise. */
export const feedRoutes: FastifyPluginAsyncZod<{ recommendations: RecommendationsService }> = async (
  app,
  { recommendations },
) => {
  app.get(
    '/for-you',
    { schema: { tags, querystring: FeedQuery, response: { 200: envelope(FeedPage) } } },
    async (request, reply) => ok(reply, await recommendations.forYou(request.viewer, request.query.page)),
  );
};
