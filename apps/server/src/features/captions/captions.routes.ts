import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CaptionLanguage, Id, OwnCaption, SavedCaption, UploadCaptionFields, envelope } from '@streamhub/contract';
import type { Config } from '../../config.ts';
import type { AccessService } from '../access/access.service.ts';
import type { CaptionsService } from './captions.service.ts';
import { TooLarge } from '../../lib/errors.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { ok } from '../../lib/respond.ts';
import { parseFields } from '../../lib/validate.ts';
import { signedIn } from '../../plugins/auth.ts';

const VideoParams = z.object({ videoId: Id });
const TrackParams = z.object({ videoId: Id, language: CaptionLanguage });

/** Room for the form's other parts (boundaries, headers, language and label) beside the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** `/api/video/v/:videoId/captions`: a video's caption tracks (API.md §16, docs/captions.md). */
export const captionsRoutes: FastifyPluginAsyncZod<{
  captions: CaptionsService;
  access: Pick<AccessService, 'assertVideoOwner'>;
  config: Pick<Config, 'captionMaxBytes' | 'tmpDir'>;
}> = async (app, { captions, access, config }) => {
  const tags = ['captions'];

  app.post(
    '/v/:videoId/captions',
    {
      config: signedIn,
      schema: {
        tags,
        params: VideoParams,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(SavedCaption), 201: envelope(SavedCaption) },
      },
    },
    async (request, reply) => {
      // Ownership first (401/404/403), then size: a body larger than any caption is refused before it is read.
      await access.assertVideoOwner(request.params.videoId, request.viewer);
      if (Number(request.headers['content-length'] ?? 0) > config.captionMaxBytes + FORM_OVERHEAD_BYTES) {
        throw new TooLarge('Caption file too large');
      }
      const form = await readMultipart(request, { tmpDir: config.tmpDir, fileLimits: { file: config.captionMaxBytes } });
      try {
        const fields = parseFields(UploadCaptionFields, form.fields);
        const saved = await captions.upload(request.viewer, request.params.videoId, fields, form.files.file);
        return saved.created
          ? ok(reply, saved.caption, 201, 'Captions uploaded')
          : ok(reply, saved.caption, 200, 'Captions replaced');
      } finally {
        await form.cleanup();
      }
    },
  );

  app.get(
    '/v/:videoId/captions',
    { config: signedIn, schema: { tags, params: VideoParams, response: { 200: envelope(z.array(OwnCaption)) } } },
    async (request, reply) => ok(reply, await captions.list(request.viewer, request.params.videoId)),
  );

  app.delete(
    '/v/:videoId/captions/:language',
    { config: signedIn, schema: { tags, params: TrackParams } },
    async (request, reply) => {
      await captions.remove(request.viewer, request.params.videoId, request.params.language);
      return ok(reply, {}, 200, 'Captions deleted');
    },
  );
};
