import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatePlaylistBody,
  EditPlaylistBody,
  Id,
  PlaylistDetail,
  PlaylistOrderBody,
  PlaylistSummary,
  WatchLater,
  envelope,
} from '@streamhub/contract';
import type { PlaylistsService } from './playlists.service.ts';
import { ok } from '../../lib/respond.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';

const PlaylistParams = z.object({ id: Id });
const VideoInPlaylistParams = z.object({ videoId: Id, playlistId: Id });

/** `/api/playlist` (API.md §9): reading is public; creating and changing need a session. */
export const playlistsRoutes: FastifyPluginAsyncZod<{ playlists: PlaylistsService }> = async (app, { playlists }) => {
  const tags = ['playlists'];

  app.get(
    '/user/:userId',
    { schema: { tags, params: z.object({ userId: Id }), response: { 200: envelope(z.array(PlaylistSummary)) } } },
    async (request, reply) => ok(reply, await playlists.listForUser(request.params.userId, request.viewer)),
  );

  app.post(
    '/',
    { config: signedIn, schema: { tags, body: CreatePlaylistBody, response: { 201: envelope(PlaylistSummary) } } },
    async (request, reply) => ok(reply, await playlists.create(requireViewer(request), request.body), 201, 'Playlist created'),
  );

  // Watch later (API.md §22): the caller's own list; these static paths win over '/:id'.
  app.get(
    '/watch-later',
    { config: signedIn, schema: { tags, response: { 200: envelope(WatchLater) } } },
    async (request, reply) => ok(reply, await playlists.watchLater(requireViewer(request))),
  );
  app.post(
    '/watch-later/:videoId',
    { config: signedIn, schema: { tags, params: z.object({ videoId: Id }), response: { 200: envelope(WatchLater) } } },
    async (request, reply) =>
      ok(reply, await playlists.addToWatchLater(requireViewer(request), request.params.videoId), 200, 'Added to Watch later'),
  );
  app.delete(
    '/watch-later/:videoId',
    { config: signedIn, schema: { tags, params: z.object({ videoId: Id }), response: { 200: envelope(WatchLater) } } },
    async (request, reply) =>
      ok(
        reply,
        await playlists.removeFromWatchLater(requireViewer(request), request.params.videoId),
        200,
        'Removed from Watch later',
      ),
  );

  app.patch(
    '/:id/order',
    {
      config: signedIn,
      schema: { tags, params: PlaylistParams, body: PlaylistOrderBody, response: { 200: envelope(PlaylistSummary) } },
    },
    async (request, reply) =>
      ok(
        reply,
        await playlists.reorder(requireViewer(request), request.params.id, request.body.videoIds),
        200,
        'Playlist reordered',
      ),
  );

  app.get(
    '/:id',
    { schema: { tags, params: PlaylistParams, response: { 200: envelope(PlaylistDetail) } } },
    async (request, reply) => ok(reply, await playlists.detail(request.params.id, request.viewer)),
  );

  app.post(
    '/:id',
    {
      config: signedIn,
      schema: { tags, params: PlaylistParams, body: EditPlaylistBody, response: { 200: envelope(PlaylistSummary) } },
    },
    async (request, reply) =>
      ok(reply, await playlists.edit(requireViewer(request), request.params.id, request.body), 200, 'Playlist updated'),
  );

  app.delete('/:id', { config: signedIn, schema: { tags, params: PlaylistParams } }, async (request, reply) => {
    await playlists.remove(requireViewer(request), request.params.id);
    return ok(reply, {}, 200, 'Playlist deleted');
  });

  app.post(
    '/video/:videoId/:playlistId',
    { config: signedIn, schema: { tags, params: VideoInPlaylistParams, response: { 200: envelope(PlaylistSummary) } } },
    async (request, reply) => {
      const { videoId, playlistId } = request.params;
      return ok(reply, await playlists.addVideo(requireViewer(request), videoId, playlistId), 200, 'Video added to playlist');
    },
  );

  app.delete(
    '/video/:videoId/:playlistId',
    { config: signedIn, schema: { tags, params: VideoInPlaylistParams, response: { 200: envelope(PlaylistSummary) } } },
    async (request, reply) => {
      const { videoId, playlistId } = request.params;
      return ok(
        reply,
        await playlists.removeVideo(requireViewer(request), videoId, playlistId),
        200,
        'Video removed from playlist',
      );
    },
  );
};
