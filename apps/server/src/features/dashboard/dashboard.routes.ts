import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChannelStats, Id, MoreVideo, envelope } from '@streamhub/contract';
import type { DashboardService } from './dashboard.service.ts';
import { ok } from '../../lib/respond.ts';

/** `/api/dashboard` stats and "more videos" (API.md §5); public. `/videos/:channelId` lives in features/videos. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  const tags = ['dashboard'];

  app.get(
    '/stats/:channelId',
    { schema: { tags, params: z.object({ channelId: Id }), response: { 200: envelope(ChannelStats) } } },
    async (request, reply) => ok(reply, await dashboard.stats(request.params.channelId)),
  );

  app.get(
    '/more/:ownerId',
    { schema: { tags, params: z.object({ ownerId: Id }), response: { 200: envelope(z.array(MoreVideo)) } } },
    async (request, reply) => ok(reply, await dashboard.moreVideos(request.params.ownerId)),
  );
};
