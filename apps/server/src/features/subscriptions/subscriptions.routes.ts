import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FeedPage, FeedQuery, Id, Subscriber, Subscription, SubscriptionToggle, envelope } from '@streamhub/contract';
import type { SubscriptionsService } from './subscriptions.service.ts';
import { ok } from '../../lib/respond.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';

/** `/api/subscription` (API.md §8, and the feed of §22). */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionsService }> = async (
  app,
  { subscriptions },
) => {
  const tags = ['subscriptions'];
  const params = z.object({ channelId: Id });

  app.post(
    '/channel/:channelId',
    { config: signedIn, schema: { tags, params, response: { 200: envelope(SubscriptionToggle) } } },
    async (request, reply) => {
      const result = await subscriptions.toggle(requireViewer(request), request.params.channelId);
      return ok(reply, result, 200, result ? 'Subscribed' : 'Unsubscribed');
    },
  );
  app.get(
    '/channel/:channelId',
    { schema: { tags, params, response: { 200: envelope(z.array(Subscriber)) } } },
    async (request, reply) => ok(reply, await subscriptions.subscribers(request.params.channelId)),
  );
  app.get(
    '/feed',
    { config: signedIn, schema: { tags, querystring: FeedQuery, response: { 200: envelope(FeedPage) } } },
    async (request, reply) => ok(reply, await subscriptions.feed(requireViewer(request), request.query.page)),
  );
  app.get(
    '/',
    { config: signedIn, schema: { tags, response: { 200: envelope(z.array(Subscription)) } } },
    async (request, reply) => ok(reply, await subscriptions.subscriptions(requireViewer(request))),
  );
};
