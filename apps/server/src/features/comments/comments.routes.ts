import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Comment, CommentBody, CommentListQuery, CommentPaging, Id, envelope } from '@streamhub/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/respond.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';

/** `/api/comment` (API.md §7, §14): comments of videos and posts, replies and pins. Likes of comments live in features/likes. */
export const commentsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { comments } = deps.services;
  const tags = ['comments'];
  const video = z.object({ videoId: Id });
  const post = z.object({ postId: Id });
  const comment = z.object({ commentId: Id });
  const list = { 200: envelope(z.array(Comment)) };
  const added = { 201: envelope(Comment) };

  app.get(
    '/video/:videoId',
    { schema: { tags, params: video, querystring: CommentListQuery, response: list } },
    async (request, reply) =>
      ok(reply, await comments.list({ kind: 'video', id: request.params.videoId }, request.viewer, request.query)),
  );
  app.post(
    '/video/:videoId',
    { config: signedIn, schema: { tags, params: video, body: CommentBody, response: added } },
    async (request, reply) =>
      ok(
        reply,
        await comments.add(requireViewer(request), { kind: 'video', id: request.params.videoId }, request.body.content),
        201,
        'Comment added',
      ),
  );

  app.get(
    '/post/:postId',
    { schema: { tags, params: post, querystring: CommentListQuery, response: list } },
    async (request, reply) =>
      ok(reply, await comments.list({ kind: 'post', id: request.params.postId }, request.viewer, request.query)),
  );
  app.post(
    '/post/:postId',
    { config: signedIn, schema: { tags, params: post, body: CommentBody, response: added } },
    async (request, reply) =>
      ok(
        reply,
        await comments.add(requireViewer(request), { kind: 'post', id: request.params.postId }, request.body.content),
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
  app.get(
    '/c/:commentId/replies',
    { schema: { tags, params: comment, querystring: CommentPaging, response: list } },
    async (request, reply) => ok(reply, await comments.replies(request.viewer, request.params.commentId, request.query)),
  );
  app.post(
    '/c/:commentId/replies',
    { config: signedIn, schema: { tags, params: comment, body: CommentBody, response: added } },
    async (request, reply) =>
      ok(reply, await comments.reply(requireViewer(request), request.params.commentId, request.body.content), 201, 'Reply added'),
  );
  app.post(
    '/c/:commentId/pin',
    { config: signedIn, schema: { tags, params: comment, response: { 200: envelope(Comment) } } },
    async (request, reply) => {
      const pinned = await comments.togglePin(requireViewer(request), request.params.commentId);
      return ok(reply, pinned, 200, pinned.pinned ? 'Comment pinned' : 'Comment unpinned');
    },
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
