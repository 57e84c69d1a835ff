import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChannelMembership,
  Id,
  Membership,
  MembershipCheckout,
  MembershipOffer,
  MembershipOfferInput,
  envelope,
} from '@streamhub/contract';
import type { MembershipsService } from './memberships.service.ts';
import { ok } from '../../lib/respond.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';

/** `/api/memberships` (API.md §20). */
export const membershipsRoutes: FastifyPluginAsyncZod<{ memberships: MembershipsService }> = async (app, { memberships }) => {
  const tags = ['memberships'];
  const params = z.object({ channelId: Id });

  app.put(
    '/offer',
    { config: signedIn, schema: { tags, body: MembershipOfferInput, response: { 200: envelope(MembershipOffer) } } },
    async (request, reply) =>
      ok(reply, await memberships.setOffer(requireViewer(request), request.body), 200, 'Membership offer saved'),
  );
  app.get(
    '/offer/:channelId',
    { schema: { tags, params, response: { 200: envelope(ChannelMembership) } } },
    async (request, reply) => ok(reply, await memberships.channelOffer(request.params.channelId, request.viewer)),
  );
  app.get(
    '/mine',
    { config: signedIn, schema: { tags, response: { 200: envelope(z.array(Membership)) } } },
    async (request, reply) => ok(reply, await memberships.mine(requireViewer(request))),
  );
  app.get(
    '/members',
    { config: signedIn, schema: { tags, response: { 200: envelope(z.array(Membership)) } } },
    async (request, reply) => ok(reply, await memberships.members(requireViewer(request))),
  );
  app.post(
    '/:channelId',
    { config: signedIn, schema: { tags, params, response: { 200: envelope(z.union([Membership, MembershipCheckout])) } } },
    async (request, reply) => {
      const r = await memberships.join(requireViewer(request), request.params.channelId);
      return 'checkout' in r ? ok(reply, r.checkout, 200, 'Payment pending') : ok(reply, r.membership, 200, 'Membership started');
    },
  );
  app.delete(
    '/:channelId',
    { config: signedIn, schema: { tags, params, response: { 200: envelope(Membership) } } },
    async (request, reply) =>
      ok(reply, await memberships.cancel(requireViewer(request), request.params.channelId), 200, 'Membership cancelled'),
  );
};
