import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PayoutsOverview, envelope } from '@streamhub/contract';
import type { PayoutsService } from './payouts.service.ts';
import { ok } from '../../lib/respond.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';

/** `/api/payouts` (API.md §20): a creator's connected account, balance and payouts. */
export const payoutsRoutes: FastifyPluginAsyncZod<{ payouts: PayoutsService }> = async (app, { payouts }) => {
  const tags = ['payouts'];
  app.post(
    '/onboarding',
    { config: signedIn, schema: { tags, response: { 200: envelope(z.object({ url: z.string() })) } } },
    async (request, reply) => ok(reply, await payouts.onboarding(requireViewer(request))),
  );
  app.get('/', { config: signedIn, schema: { tags, response: { 200: envelope(PayoutsOverview) } } }, async (request, reply) =>
    ok(reply, await payouts.overview(requireViewer(request))),
  );
};
