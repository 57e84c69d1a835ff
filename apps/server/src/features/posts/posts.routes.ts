import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Id, Post, PostBody, envelope } from '@streamhub/contract';
import type { PostsService } from './posts.service.ts';
import { ok } from '../../lib/respond.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';

/** `/api/post` (API.md §10): reading is public; writing needs a session and changing the authorship. */
export const postsRoutes: FastifyPluginAsyncZod<{ posts: PostsService }> = async (app, { posts }) => {
  const tags = ['posts'];
  const post = z.object({ postId: Id });
  const one = { 200: envelope(Post) };

  app.get(
    '/user/:userId',
    { schema: { tags, params: z.object({ userId: Id }), response: { 200: envelope(z.array(Post)) } } },
    async (request, reply) => ok(reply, await posts.listByUser(request.params.userId, request.viewer)),
  );
  app.get('/:postId', { schema: { tags, params: post, response: one } }, async (request, reply) =>
    ok(reply, await posts.get(request.params.postId, request.viewer)),
  );
  app.post(
    '/new',
    { config: signedIn, schema: { tags, body: PostBody, response: { 201: envelope(Post) } } },
    async (request, reply) => ok(reply, await posts.create(requireViewer(request), request.body.content), 201, 'Post created'),
  );
  app.post(
    '/:postId',
    { config: signedIn, schema: { tags, params: post, body: PostBody, response: one } },
    async (request, reply) =>
      ok(reply, await posts.edit(requireViewer(request), request.params.postId, request.body.content), 200, 'Post edited'),
  );
  app.delete(
    '/:postId',
    { config: signedIn, schema: { tags, params: post, response: { 200: envelope(z.object({})) } } },
    async (request, reply) => {
      await posts.remove(requireViewer(request), request.params.postId);
      return ok(reply, {}, 200, 'Post deleted');
    },
  );
};
