import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Comment, CommentBody, CommentPaging, Id, envelope } from '@streamhub/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/respond.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';

/** `/api/comment` (API.md §7): video comments. Likes of comments live in features/likes. */
export const commentsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { comments } = deps.services;
  const tags = ['comments'];
  const video = z.object({ videoId: Id });
  const comment = z.object({ commentId: Id });

  app.get(
    '/video/:videoId',
    { schema: { tags, params: video, querystring: CommentPaging, response: { 200: envelope(z.array(Comment)) } } },
    async (request, reply) => ok(reply, await comments.listForVideo(request.params.videoId, request.viewer, request.query)),
  );
  app.post(
    '/video/:videoId',
    { config: signedIn, schema: { tags, params: video, body: CommentBody, response: { 201: envelope(Comment) } } },
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
    { config: signedIn, schema: { tags, params: comment, body: CommentBody, response: { 200: envelope(Comment) } } },
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
    { config: signedIn, schema: { tags, params: comment, response: { 200: envelope(z.object({})) } } },
    async (request, reply) => {
      await comments.remove(requireViewer(request), request.params.commentId);
      return ok(reply, {}, 200, 'Comment deleted');
    },
  );
};
