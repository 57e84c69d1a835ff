import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Id, LikedVideo, LikeToggle, envelope } from '@streamhub/contract';
import type { LikesService } from './likes.service.ts';
import { ok } from '../../lib/respond.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';

/** `/api/like` (API.md §7): like toggles of videos, comments and posts, and the liked videos. Signed-in only. */
export const likesRoutes: FastifyPluginAsyncZod<{ likes: LikesService }> = async (app, { likes }) => {
  const tags = ['likes'];
  const toggled = { 200: envelope(LikeToggle) };

  app.post(
    '/v/:videoId',
    { config: signedIn, schema: { tags, params: z.object({ videoId: Id }), response: toggled } },
    async (request, reply) => ok(reply, await likes.toggleVideoLike(requireViewer(request), request.params.videoId)),
  );

  app.post(
    '/c/:commentId',
    { config: signedIn, schema: { tags, params: z.object({ commentId: Id }), response: toggled } },
    async (request, reply) => ok(reply, await likes.toggleCommentLike(requireViewer(request), request.params.commentId)),
  );

  app.post(
    '/p/:postId',
    { config: signedIn, schema: { tags, params: z.object({ postId: Id }), response: toggled } },
    async (request, reply) => ok(reply, await likes.togglePostLike(requireViewer(request), request.params.postId)),
  );

  app.get(
    '/likedVideos',
    { config: signedIn, schema: { tags, response: { 200: envelope(z.array(LikedVideo)) } } },
    async (request, reply) => ok(reply, await likes.likedVideos(requireViewer(request))),
  );
};
