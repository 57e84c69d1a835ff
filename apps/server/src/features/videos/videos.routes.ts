import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CountedView,
  DashboardVideos,
  EditVideoFields,
  Id,
  RetriedVideo,
  UploadVideoFields,
  VideoDetails,
  WatchVideo,
  envelope,
} from '@streamhub/contract';
import type { Config } from '../../config.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import type { VideosService } from './videos.service.ts';
import { BadInput, TooLarge } from '../../lib/errors.ts';
import { STORAGE_QUOTA_EXCEEDED } from '../access/access.service.ts';
import { readMultipart, type MultipartForm } from '../../lib/multipart.ts';
import type { ClaimedUpload } from '../uploads/uploads.service.ts';
import { ok } from '../../lib/respond.ts';
import { parseFields } from '../../lib/validate.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';
import { renderOf } from '../../plugins/render-calls.ts';
import { visitorOf } from './viewer-key.ts';

const VideoParams = z.object({ videoId: Id });

/** `/api/video`: upload, watch, details, edit, delete (API.md §6). */
type UploadLimits = Pick<Config, 'tmpDir' | 'maxVideoBytes' | 'maxImageBytes'>;

export const videosRoutes: FastifyPluginAsyncZod<{
  videos: VideosService;
  uploads: Pick<UploadsService, 'storageRoom' | 'claim'>;
  config: UploadLimits;
}> = async (app, { videos, uploads, config }) => {
  const tags = ['videos'];

  app.post(
    '/new',
    { config: signedIn, schema: { tags, consumes: ['multipart/form-data'], response: { 201: envelope(WatchVideo) } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      // The whole body (video, thumbnail, fields) when the client says how long it is: slots and free disk (507).
      await videos.assertCanUpload(viewer, Number(request.headers['content-length']) || 0);
      // The storage quota, before a byte is stored: the whole body must fit, and the file stops where the room ends.
      const room = await uploads.storageRoom(viewer._id);
      if (Number(request.headers['content-length'] ?? 0) > room) throw new TooLarge(STORAGE_QUOTA_EXCEEDED);
      const form = await readMultipart(request, {
        tmpDir: config.tmpDir,
        fileLimits: { videoFile: Math.min(config.maxVideoBytes, room), thumbnail: config.maxImageBytes },
      });
      // The video's bytes: the `videoFile` part, or a finished resumable upload of the caller's.
      let claimed: ClaimedUpload | null = null;
      try {
        const fields = parseFields(UploadVideoFields, form.fields);
        let files = form.files;
        videos.requireThumbnail(files);
        const { uploadId } = fields;
        if (uploadId !== undefined) {
          if (files.videoFile) {
            throw new BadInput('Send either videoFile or uploadId', [{ field: 'uploadId', problem: 'sent with videoFile' }]);
          }
          claimed = await uploads.claim(viewer._id, uploadId);
          const videoFile = {
            filename: claimed.filename,
            mimetype: 'application/octet-stream',
            path: claimed.path,
            size: claimed.size,
          };
          files = { ...files, videoFile };
        }
        const video = await videos.upload(viewer, fields, files);
        await claimed?.consume();
        return ok(reply, video, 201, 'Video uploaded');
      } catch (err) {
        await claimed?.release();
        throw err;
      } finally {
        await form.cleanup();
      }
    },
  );

  app.get(
    '/v/:videoId',
    { schema: { tags, params: VideoParams, response: { 200: envelope(WatchVideo) } } },
    async (request, reply) =>
      ok(
        reply,
        await videos.watch(request.params.videoId, request.viewer, {
          // A page's render reads for its visitor: their browser counts the view (POST …/view).
          countView: !renderOf(request),
          viewer: visitorOf(request),
        }),
      ),
  );

  app.post(
    '/v/:videoId/view',
    { schema: { tags, params: VideoParams, response: { 200: envelope(CountedView) } } },
    async (request, reply) => ok(reply, await videos.countView(request.params.videoId, request.viewer, visitorOf(request))),
  );

  app.get(
    '/details/:videoId',
    { schema: { tags, params: VideoParams, response: { 200: envelope(VideoDetails) } } },
    async (request, reply) => ok(reply, await videos.details(request.params.videoId, request.viewer)),
  );

  app.patch(
    '/v/:videoId',
    {
      config: signedIn,
      schema: { tags, params: VideoParams, consumes: ['multipart/form-data'], response: { 200: envelope(WatchVideo) } },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const form = await readEditForm(request, config);
      try {
        const fields = parseFields(EditVideoFields, form.fields);
        const video = await videos.edit(viewer, request.params.videoId, fields, form.files.thumbnail?.path);
        return ok(reply, video, 200, 'Video details updated successfully');
      } finally {
        await form.cleanup();
      }
    },
  );

  app.get(
    '/v/:videoId/thumbnails',
    { config: signedIn, schema: { tags, params: VideoParams, response: { 200: envelope(z.array(z.string())) } } },
    async (request, reply) => ok(reply, await videos.thumbnailCandidates(requireViewer(request), request.params.videoId)),
  );

  app.post(
    '/v/:videoId/retry',
    { config: signedIn, schema: { tags, params: VideoParams, response: { 200: envelope(RetriedVideo) } } },
    async (request, reply) =>
      ok(reply, await videos.retryTranscode(requireViewer(request), request.params.videoId), 200, 'Processing again'),
  );

  app.delete('/v/:videoId', { config: signedIn, schema: { tags, params: VideoParams } }, async (request, reply) => {
    await videos.remove(requireViewer(request), request.params.videoId);
    return ok(reply, {}, 200, 'Video deleted');
  });
};

/**
 * The edit call's fields: multipart as the spec says, but a JSON body (title/description only)
 * or no body at all is read too, so a client that has nothing to send gets the video back.
 */
async function readEditForm(request: FastifyRequest, config: UploadLimits): Promise<MultipartForm> {
  if (request.isMultipart())
    return readMultipart(request, { tmpDir: config.tmpDir, fileLimits: { thumbnail: config.maxImageBytes } });
  // Values that are not strings reach the schema as they are and are refused there.
  const fields = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, string>;
  return { fields, files: {}, cleanup: async () => {} };
}

/** `GET /api/dashboard/videos/:channelId`: a channel's videos and upload quota. */
export const channelVideosRoutes: FastifyPluginAsyncZod<{ videos: Pick<VideosService, 'channelVideos'> }> = async (
  app,
  { videos },
) => {
  app.get(
    '/videos/:channelId',
    { schema: { tags: ['dashboard'], params: z.object({ channelId: Id }), response: { 200: envelope(DashboardVideos) } } },
    async (request, reply) => ok(reply, await videos.channelVideos(request.params.channelId, request.viewer)),
  );
};
