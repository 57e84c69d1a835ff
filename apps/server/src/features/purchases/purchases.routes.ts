import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Earnings,
  Id,
  IdempotencyKey,
  PendingCheckout,
  PurchaseHistory,
  PurchaseInfo,
  PurchaseRecord,
  envelope,
} from '@streamhub/contract';
import type { PurchasesService } from './purchases.service.ts';
import { ok } from '../../lib/respond.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';
import type { BuyResult } from './purchases.service.ts';

/** Other headers pass through untouched; `Idempotency-Key` is checked when sent. */
const BuyHeaders = z.looseObject({ 'idempotency-key': IdempotencyKey.optional() });
const buyResponse = { 200: envelope(z.union([PurchaseRecord, PendingCheckout])) };

/**
 * `/api/purchase` (API.md §11). The buy calls answer GET and POST alike (the spec's client uses
 * GET); both are state changes, refused cross-site by plugins/security.ts.
 */
export const purchasesRoutes: FastifyPluginAsyncZod<{ purchases: PurchasesService }> = async (app, { purchases }) => {
  const tags = ['purchases'];
  // API.md §20: a provider that settles later answers 200 with the pending purchase and its checkout page.
  const bought = (reply: FastifyReply, r: BuyResult, done: string) =>
    r.pending ? ok(reply, r.checkout, 200, 'Payment pending') : ok(reply, r.record, 200, done);
  const key = (request: FastifyRequest) => request.headers['idempotency-key'] as string | undefined;

  app.get(
    '/info/:videoId',
    { schema: { tags, params: z.object({ videoId: Id }), response: { 200: envelope(PurchaseInfo) } } },
    async (request, reply) => ok(reply, await purchases.info(request.params.videoId, request.viewer)),
  );

  app.route({
    method: ['GET', 'POST'],
    // A buy is a state change: no automatic HEAD twin that would run it too.
    exposeHeadRoute: false,
    url: '/buy/video/:videoId',
    config: signedIn,
    schema: { tags, params: z.object({ videoId: Id }), headers: BuyHeaders, response: buyResponse },
    handler: async (request, reply) =>
      bought(
        reply,
        await purchases.buyVideo(requireViewer(request), request.params.videoId, key(request)),
        'Video purchased successfully',
      ),
  });

  app.route({
    method: ['GET', 'POST'],
    // A buy is a state change: no automatic HEAD twin that would run it too.
    exposeHeadRoute: false,
    url: '/buy/playlist/:playlistId',
    config: signedIn,
    schema: { tags, params: z.object({ playlistId: Id }), headers: BuyHeaders, response: buyResponse },
    handler: async (request, reply) =>
      bought(
        reply,
        await purchases.buyPlaylist(requireViewer(request), request.params.playlistId, key(request)),
        'Playlist purchased successfully',
      ),
  });

  app.route({
    method: ['GET', 'POST'],
    // A buy is a state change: no automatic HEAD twin that would run it too.
    exposeHeadRoute: false,
    url: '/buy/uploads',
    config: signedIn,
    schema: { tags, headers: BuyHeaders, response: buyResponse },
    handler: async (request, reply) =>
      bought(reply, await purchases.buyUploads(requireViewer(request), key(request)), 'Extra upload slots bought successfully'),
  });

  app.get(
    '/track',
    { config: signedIn, schema: { tags, response: { 200: envelope(PurchaseHistory) } } },
    async (request, reply) => ok(reply, await purchases.history(requireViewer(request))),
  );

  app.get('/earnings', { config: signedIn, schema: { tags, response: { 200: envelope(Earnings) } } }, async (request, reply) =>
    ok(reply, await purchases.earnings(requireViewer(request))),
  );
};
