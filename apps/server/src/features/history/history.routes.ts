import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HistoryEntry, Id, envelope } from '@streamhub/contract';
import type { HistoryService } from './history.service.ts';
import { ok } from '../../lib/respond.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';

/** `/api/watchHistory` (API.md §7). Signed-in only. */
export const historyRoutes: FastifyPluginAsyncZod<{ history: HistoryService }> = async (app, { history }) => {
  const tags = ['history'];

  // 200 both when tracked and when already tracked today (data null): the call always succeeds.
  app.post(
    '/track/:videoId',
    {
      config: signedIn,
      schema: { tags, params: z.object({ videoId: Id }), response: { 200: envelope(HistoryEntry.nullable()) } },
    },
    async (request, reply) => ok(reply, await history.track(requireViewer(request), request.params.videoId)),
  );

  app.get(
    '/',
    { config: signedIn, schema: { tags, response: { 200: envelope(z.array(HistoryEntry)) } } },
    async (request, reply) => ok(reply, await history.list(requireViewer(request))),
  );

  app.delete(
    '/remove/:entryId',
    { config: signedIn, schema: { tags, params: z.object({ entryId: Id }), response: { 200: envelope(z.object({})) } } },
    async (request, reply) => {
      await history.remove(requireViewer(request), request.params.entryId);
      return ok(reply, {}, 200, 'Removed from watch history');
    },
  );
};
