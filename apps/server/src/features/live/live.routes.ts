import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CreateLiveBody, Id, LiveCreated, LiveInfo, LiveKey, envelope } from '@streamhub/contract';
import type { LiveService } from './live.service.ts';
import { ok } from '../../lib/respond.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';
import { viewerKey } from '../videos/viewer-key.ts';

const LiveParams = z.object({ videoId: Id });

/** `/api/live` (API.md §17): create a live, replace its key, its state and viewers now, end it. */
export const liveRoutes: FastifyPluginAsyncZod<{ live: LiveService; publicUrl: string | undefined }> = async (
  app,
  { live, publicUrl },
) => {
  const tags = ['live'];
  /** The host a publisher reaches: PUBLIC_URL's, else the one this request named. */
  const ingestHost = (request: FastifyRequest) => ({
    hostname: publicUrl ? new URL(publicUrl).hostname : request.hostname,
  });

  app.post(
    '/',
    { config: signedIn, schema: { tags, body: CreateLiveBody, response: { 201: envelope(LiveCreated) } } },
    async (request, reply) =>
      ok(reply, await live.create(requireViewer(request), request.body, ingestHost(request)), 201, 'Live created'),
  );

  app.post(
    '/:videoId/key',
    { config: signedIn, schema: { tags, params: LiveParams, response: { 200: envelope(LiveKey) } } },
    async (request, reply) =>
      ok(reply, await live.newKey(requireViewer(request), request.params.videoId, ingestHost(request)), 200, 'New stream key'),
  );

  app.get('/:videoId', { schema: { tags, params: LiveParams, response: { 200: envelope(LiveInfo) } } }, async (request, reply) =>
    ok(reply, await live.info(request.params.videoId, request.viewer, viewerKey(request))),
  );

  app.post(
    '/:videoId/end',
    { config: signedIn, schema: { tags, params: LiveParams, response: { 200: envelope(LiveInfo) } } },
    async (request, reply) => ok(reply, await live.end(requireViewer(request), request.params.videoId), 200, 'Live ended'),
  );
};
