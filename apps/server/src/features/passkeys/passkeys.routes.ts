import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { CurrentUser, Id, Passkey, PasskeyLoginBody, PasskeyOptions, PasskeyRegisterBody, envelope } from '@streamhub/contract';
import { ok } from '../../lib/respond.ts';
import type { CookieJar } from '../../plugins/auth.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { PasskeysService, RelyingParty } from './passkeys.service.ts';

/**
 * API.md §19 passkeys, under `/api/users`: register, list and remove mine (signed in); sign in with
 * one (no password, no second factor). The relying party is the site: PUBLIC_URL's origin when
 * set, else the request's.
 */
export const passkeysRoutes: FastifyPluginAsyncZod<{
  passkeys: PasskeysService;
  users: Pick<UsersService, 'loginVerified'>;
  settings: Pick<SettingsService, 'publicView'>;
  cookies: CookieJar;
  publicUrl: string | undefined;
  perMinute: number;
}> = async (app, { passkeys, users, settings, cookies, publicUrl, perMinute }) => {
  const tags = ['users'];
  const limited = { rateLimit: { max: perMinute, timeWindow: '1 minute' } };

  async function relyingParty(request: FastifyRequest): Promise<RelyingParty> {
    const origin = publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
    return { origin, name: (await settings.publicView()).instanceName };
  }

  app.post(
    '/passkeys/options',
    { config: signedIn, schema: { tags, response: { 200: envelope(PasskeyOptions) } } },
    async (request, reply) => ok(reply, await passkeys.registrationOptions(requireViewer(request), await relyingParty(request))),
  );

  app.post(
    '/passkeys',
    { config: signedIn, schema: { tags, body: PasskeyRegisterBody, response: { 201: envelope(Passkey) } } },
    async (request, reply) => {
      const { credential, name } = request.body;
      const made = await passkeys.register(
        requireViewer(request)._id,
        credential as unknown as RegistrationResponseJSON,
        name,
        await relyingParty(request),
      );
      return ok(reply, made, 201, 'Passkey added');
    },
  );

  app.get(
    '/passkeys',
    { config: signedIn, schema: { tags, response: { 200: envelope(z.array(Passkey)) } } },
    async (request, reply) => ok(reply, await passkeys.list(requireViewer(request)._id)),
  );

  app.delete('/passkeys/:id', { config: signedIn, schema: { tags, params: z.object({ id: Id }) } }, async (request, reply) => {
    await passkeys.remove(requireViewer(request)._id, request.params.id);
    return ok(reply, {}, 200, 'Passkey removed');
  });

  app.post(
    '/login/passkey/options',
    { config: limited, schema: { tags, response: { 200: envelope(PasskeyOptions) } } },
    async (request, reply) => ok(reply, await passkeys.loginOptions(await relyingParty(request))),
  );

  app.post(
    '/login/passkey',
    { config: limited, schema: { tags, body: PasskeyLoginBody, response: { 200: envelope(z.object({ user: CurrentUser })) } } },
    async (request, reply) => {
      const credential = request.body.credential as unknown as AuthenticationResponseJSON;
      const userId = await passkeys.login(credential, await relyingParty(request));
      const { user, session } = await users.loginVerified(userId);
      cookies.setSession(request, reply, session.token, session.expiresAt, user);
      return ok(reply, { user }, 200, 'User logged in successfully');
    },
  );
};
