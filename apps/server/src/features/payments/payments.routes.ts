import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@streamhub/contract';
import type { PurchasesService } from '../purchases/purchases.service.ts';
import { ok } from '../../lib/respond.ts';

/**
 * `/api/payments` (API.md §20): the payment provider's signed webhook. No session: only an event
 * the provider signed is read (400 otherwise); a provider other than the configured one is 404.
 * The body is read raw, as the signature covers its bytes.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ purchases: Pick<PurchasesService, 'webhook'> }> = async (
  app,
  { purchases },
) => {
  const tags = ['payments'];
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
  app.post(
    '/webhook/:provider',
    {
      schema: {
        tags,
        params: z.object({ provider: z.string().regex(/^[a-z]{1,20}$/) }),
        response: { 200: envelope(z.object({ received: z.literal(true) })) },
      },
    },
    async (request, reply) => {
      await purchases.webhook(
        request.params.provider,
        request.headers,
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      );
      return ok(reply, { received: true as const }, 200, 'Event received');
    },
  );
};
