import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Comment, CommentBody, CommentListQuery, CommentPaging, Id, envelope } from '@streamhub/contract';
import type { CommentsService } from './comments.service.ts';
import type { LiveStreamNeeds } from '../../events/events.ts';
import { BadInput } from '../../lib/errors.ts';
import { ok } from '../../lib/respond.ts';
import { startEventStream } from '../../lib/sse.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';
import { createCommentStreams, RETRY_SECONDS } from './comment-streams.ts';

/** `/api/comment` (API.md §7, §14): comments of videos and posts, replies and pins. Likes of comments live in features/likes. */
export const commentsRoutes: FastifyPluginAsyncZod<{ comments: CommentsService; live: LiveStreamNeeds }> = async (
  app,
  { comments, live },
) => {
  const tags = ['comments'];
  const video = z.object({ videoId: Id });
  const post = z.object({ postId: Id });
  const comment = z.object({ commentId: Id });
  const list = { 200: envelope(z.array(Comment)) };
  const added = { 201: envelope(Comment) };
  const streams = createCommentStreams({ comments, ...live });
  // Before the server waits for its connections: open streams would hold it for ever.
  app.addHook('preClose', async () => streams.close());

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

  /**
   * The live chat (docs/live.md): Server-Sent Events of the video's new comments (`comment`, the
   * comment, its `_id` as the event id) and deletions (`deleted`, `{_id, parentId}`), and a comment
   * line every NOTIFICATIONS_HEARTBEAT_MS. Whoever may read the video's comments may follow them
   * (the watch rule: an exclusive video's needs access). `Last-Event-ID` (or `lastEventId`)
   * replays the comments written after that one.
   */
  app.get(
    '/video/:videoId/stream',
    { schema: { tags, params: video, querystring: z.object({ lastEventId: z.string().optional() }) } },
    async (request, reply) => {
      const { videoId } = request.params;
      const lastEventId = parseLastEventId(request.headers['last-event-id'], request.query.lastEventId);
      const viewer = { userId: request.viewer?._id ?? null, sessionId: request.viewer?.sessionId ?? null, address: request.ip };
      streams.assertRoom(viewer);
      await comments.assertFollowable(videoId, request.viewer);
      await streams.open(videoId, viewer, startEventStream(reply, RETRY_SECONDS), lastEventId);
    },
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

/** The header wins over the query parameter (an EventSource sends the header when it reconnects by itself). */
function parseLastEventId(header: string | string[] | undefined, query: string | undefined): string | null {
  const raw = (Array.isArray(header) ? header[0] : header) ?? query;
  if (raw === undefined || raw === '') return null;
  if (!Id.safeParse(raw).success) throw new BadInput('Invalid Last-Event-ID');
  return raw.toLowerCase();
}
