import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CommentBody, Id } from '@streamhub/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/respond.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';

const Content = CommentBody;
const Paging = z.object({
  page: z.coerce.number().int().min(1).max(100000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** `/api/comment` (API.md §7): video comments. */
export const commentsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { comments } = deps.services;
  const tags = ['comments'];

  app.get(
    '/video/:videoId',
    { schema: { tags, params: z.object({ videoId: Id }), querystring: Paging } },
    async (request, reply) => ok(reply, await comments.listForVideo(request.params.videoId, request.viewer, request.query)),
  );
  app.post(
    '/video/:videoId',
    { config: signedIn, schema: { tags, params: z.object({ videoId: Id }), body: Content } },
    async (request, reply) =>
      ok(
        reply,
        await comments.addToVideo(requireViewer(request), request.params.videoId, request.body.content),
        201,
        'Comment added',
      ),
  );
  app.post(
    '/c/:commentId',
    { config: signedIn, schema: { tags, params: z.object({ commentId: Id }), body: Content } },
    async (request, reply) =>
      ok(
        reply,
        await comments.edit(requireViewer(request), request.params.commentId, request.body.content),
        200,
        'Comment edited',
      ),
  );
  app.delete(
    '/c/:commentId',
    { config: signedIn, schema: { tags, params: z.object({ commentId: Id }) } },
    async (request, reply) => {
      await comments.remove(requireViewer(request), request.params.commentId);
      return ok(reply, {}, 200, 'Comment deleted');
    },
  );
};

/** `POST /api/like/c/:commentId` toggles a comment like. */
export const commentLikesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/c/:commentId',
    { config: signedIn, schema: { tags: ['likes'], params: z.object({ commentId: Id }) } },
    async (request, reply) =>
      ok(reply, await deps.services.comments.toggleLike(requireViewer(request), request.params.commentId)),
  );
};
