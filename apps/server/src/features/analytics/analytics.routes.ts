import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnalyticsQuery, Id, ProgressAnswer, ProgressBody, StudioAnalytics, envelope } from '@streamhub/contract';
import type { AnalyticsService } from './analytics.service.ts';
import { ok } from '../../lib/respond.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';
import { visitorOf } from '../videos/viewer-key.ts';

/** `POST /api/video/v/:videoId/progress`: the player's heartbeat (API.md §16). */
export const progressRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (app, { analytics }) => {
  app.post(
    '/v/:videoId/progress',
    {
      schema: {
        tags: ['analytics'],
        params: z.object({ videoId: Id }),
        body: ProgressBody,
        response: { 200: envelope(ProgressAnswer) },
      },
    },
    async (request, reply) => {
      const counted = await analytics.progress(request.params.videoId, request.viewer, visitorOf(request), request.body);
      return ok(reply, { counted });
    },
  );
};

/** `GET /api/studio/analytics`: the owner's numbers per day (API.md §16). */
export const studioRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (app, { analytics }) => {
  app.get(
    '/analytics',
    {
      config: signedIn,
      schema: { tags: ['analytics'], querystring: AnalyticsQuery, response: { 200: envelope(StudioAnalytics) } },
    },
    async (request, reply) => ok(reply, await analytics.analytics(requireViewer(request), request.query)),
  );
};
