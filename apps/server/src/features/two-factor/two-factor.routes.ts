import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TwoFactorCodeBody, TwoFactorDisableBody, TwoFactorEnabled, TwoFactorSetup, envelope } from '@streamhub/contract';
import type { TwoFactorService } from './two-factor.service.ts';
import { ok } from '../../lib/respond.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';

/** API.md §19 two factors, under `/api/users/2fa`. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService }> = async (app, { twoFactor }) => {
  const tags = ['users'];

  app.post(
    '/setup',
    { config: signedIn, schema: { tags, response: { 200: envelope(TwoFactorSetup) } } },
    async (request, reply) => ok(reply, await twoFactor.setup(requireViewer(request)._id), 200, 'Scan the code, then confirm it'),
  );

  app.post(
    '/enable',
    { config: signedIn, schema: { tags, body: TwoFactorCodeBody, response: { 200: envelope(TwoFactorEnabled) } } },
    async (request, reply) =>
      ok(reply, await twoFactor.enable(requireViewer(request)._id, request.body.code), 200, 'Two-factor authentication is on'),
  );

  app.post('/disable', { config: signedIn, schema: { tags, body: TwoFactorDisableBody } }, async (request, reply) => {
    await twoFactor.disable(requireViewer(request)._id, request.body.password, request.body.code);
    return ok(reply, {}, 200, 'Two-factor authentication is off');
  });
};
