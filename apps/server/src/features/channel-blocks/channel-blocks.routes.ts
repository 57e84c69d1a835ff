import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BlockedWords, ChannelBlock, HeldComment, Id, envelope } from '@streamhub/contract';
import type { ChannelBlocksService } from './channel-blocks.service.ts';
import { ok } from '../../lib/respond.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';

/** `/api/channel` (API.md §12, docs/api.md): the signed-in creator's blocks, blocked words and held comments. */
export const channelBlocksRoutes: FastifyPluginAsyncZod<{ channelBlocks: ChannelBlocksService }> = async (
  app,
  { channelBlocks },
) => {
  const tags = ['channel'];
  const user = z.object({ userId: Id });
  const comment = z.object({ commentId: Id });
  const words = { 200: envelope(BlockedWords) };

  app.get(
    '/blocks',
    { config: signedIn, schema: { tags, response: { 200: envelope(z.array(ChannelBlock)) } } },
    async (request, reply) => ok(reply, await channelBlocks.blocks(requireViewer(request))),
  );
  app.post('/blocks/:userId', { config: signedIn, schema: { tags, params: user } }, async (request, reply) => {
    await channelBlocks.block(requireViewer(request), request.params.userId);
    return ok(reply, {}, 200, 'User blocked');
  });
  app.delete('/blocks/:userId', { config: signedIn, schema: { tags, params: user } }, async (request, reply) => {
    await channelBlocks.unblock(requireViewer(request), request.params.userId);
    return ok(reply, {}, 200, 'User unblocked');
  });

  app.get('/blocked-words', { config: signedIn, schema: { tags, response: words } }, async (request, reply) =>
    ok(reply, await channelBlocks.words(requireViewer(request))),
  );
  app.put('/blocked-words', { config: signedIn, schema: { tags, body: BlockedWords, response: words } }, async (request, reply) =>
    ok(reply, await channelBlocks.setWords(requireViewer(request), request.body.words), 200, 'Blocked words saved'),
  );

  app.get(
    '/held-comments',
    { config: signedIn, schema: { tags, response: { 200: envelope(z.array(HeldComment)) } } },
    async (request, reply) => ok(reply, await channelBlocks.heldComments(requireViewer(request))),
  );
  app.post(
    '/held-comments/:commentId/approve',
    { config: signedIn, schema: { tags, params: comment } },
    async (request, reply) => {
      await channelBlocks.approveHeld(requireViewer(request), request.params.commentId);
      return ok(reply, {}, 200, 'Comment approved');
    },
  );
  app.delete('/held-comments/:commentId', { config: signedIn, schema: { tags, params: comment } }, async (request, reply) => {
    await channelBlocks.removeHeld(requireViewer(request), request.params.commentId);
    return ok(reply, {}, 200, 'Comment deleted');
  });
};
