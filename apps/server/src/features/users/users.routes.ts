import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChannelProfile,
  CurrentUser,
  DeleteAccountBody,
  LoginBody,
  Me,
  OwnProfile,
  RegisteredUser,
  RegisterFields,
  TwoFactorRequired,
  UpdateDetailsBody,
  UpdatePasswordBody,
  envelope,
} from '@streamhub/contract';
import type { Config } from '../../config.ts';
import type { AccessService } from '../access/access.service.ts';
import type { CookieJar } from '../../plugins/auth.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import type { AccountDeletion } from './account-deletion.ts';
import type { UsersService } from './users.service.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { parseFields } from '../../lib/validate.ts';
import { ok } from '../../lib/respond.ts';
import { requireViewer, SESSION_COOKIE, signedIn } from '../../plugins/auth.ts';

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  cookies: CookieJar;
  sessions: Pick<SessionsService, 'end' | 'endAll'>;
  access: Pick<AccessService, 'uploadQuota'>;
  accountDeletion: Pick<AccountDeletion, 'deleteOwn'>;
  config: Pick<Config, 'rateLimit' | 'tmpDir' | 'maxImageBytes'>;
}> = async (app, { users, cookies, sessions, access, accountDeletion, config }) => {
  // Registrations per client address (the plugin's default key). Login counts only failed attempts, so its limit is the
  // service's (login-attempts.ts): a route limit counts every request.
  const registerLimit = { rateLimit: { max: config.rateLimit.registerMax, timeWindow: '1 minute' } };
  const tags = ['users'];

  app.post(
    '/register',
    {
      config: registerLimit,
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: envelope(RegisteredUser) } },
    },
    async (request, reply) => {
      const form = await readMultipart(request, { tmpDir: config.tmpDir, fileLimits: { avatar: config.maxImageBytes } });
      try {
        const fields = parseFields(RegisterFields, form.fields);
        const { user, approvalPending, verificationPending, session } = await users.register(fields, form.files.avatar?.path);
        // Registrations needing approval or a proven address: the account exists, but nobody is signed in yet.
        if (!session)
          return ok(
            reply,
            { ...user, approvalPending, verificationPending },
            201,
            approvalPending
              ? 'Account created; it can sign in once an admin approves it'
              : 'Account created; open the link mailed to you to sign in',
          );
        cookies.setSession(request, reply, session.token, session.expiresAt, user);
        return ok(reply, { ...user, approvalPending }, 201, 'User registered successfully');
      } finally {
        await form.cleanup();
      }
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        body: LoginBody,
        response: { 200: envelope(z.union([z.object({ user: CurrentUser }), TwoFactorRequired])) },
      },
    },
    async (request, reply) => {
      const { username, email, password, code } = request.body;
      const result = await users.login([username, email], password, request.ip, code);
      // API.md §19: no cookie until the second factor's code comes too.
      if ('twoFactorRequired' in result) return ok(reply, result, 200, 'Two-factor code required');
      const { user, session } = result;
      cookies.setSession(request, reply, session.token, session.expiresAt, user);
      return ok(reply, { user }, 200, 'User logged in successfully');
    },
  );

  app.post('/logout', { schema: { tags } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await sessions.end(token);
    cookies.clear(request, reply);
    return ok(reply, {}, 200, 'User logged out');
  });

  // Sign out everywhere (docs/api.md): every session of the caller ends, this one included.
  app.post(
    '/sessions/end-all',
    { config: signedIn, schema: { tags, response: { 200: envelope(z.object({})) } } },
    async (request, reply) => {
      await sessions.endAll(requireViewer(request)._id);
      cookies.clear(request, reply);
      return ok(reply, {}, 200, 'Signed out everywhere');
    },
  );

  // API.md §19: the account goes at once (account-deletion.ts); the caller is signed out.
  app.delete(
    '/me',
    { config: signedIn, schema: { tags, body: DeleteAccountBody, response: { 200: envelope(z.object({})) } } },
    async (request, reply) => {
      await accountDeletion.deleteOwn(requireViewer(request), request.body);
      cookies.clear(request, reply);
      return ok(reply, {}, 200, 'Account deleted');
    },
  );

  app.get('/me', { config: signedIn, schema: { tags, response: { 200: envelope(Me) } } }, async (request, reply) => {
    const viewer = requireViewer(request);
    const me = await users.me(viewer);
    return ok(reply, { ...me, uploads: await access.uploadQuota(viewer._id) });
  });

  app.get(
    '/current_user',
    { config: signedIn, schema: { tags, response: { 200: envelope(OwnProfile) } } },
    async (request, reply) => ok(reply, await users.ownProfile(requireViewer(request))),
  );

  app.get(
    '/channel/:channelId',
    { schema: { tags, params: z.object({ channelId: z.string() }), response: { 200: envelope(ChannelProfile) } } },
    async (request, reply) => ok(reply, await users.channel(request.params.channelId, request.viewer)),
  );

  app.patch(
    '/update_details',
    { config: signedIn, schema: { tags, body: UpdateDetailsBody, response: { 200: envelope(CurrentUser) } } },
    async (request, reply) => {
      const user = await users.updateDetails(requireViewer(request), request.body);
      cookies.setUser(request, reply, user);
      return ok(reply, user, 200, 'Account details updated');
    },
  );

  app.patch(
    '/update_avatar',
    { config: signedIn, schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelope(CurrentUser) } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const form = await readMultipart(request, { tmpDir: config.tmpDir, fileLimits: { avatar: config.maxImageBytes } });
      try {
        const user = await users.updateAvatar(viewer, form.files.avatar?.path);
        cookies.setUser(request, reply, user);
        return ok(reply, user, 200, 'Avatar updated');
      } finally {
        await form.cleanup();
      }
    },
  );

  app.patch('/update_password', { config: signedIn, schema: { tags, body: UpdatePasswordBody } }, async (request, reply) => {
    await users.updatePassword(requireViewer(request), request.body.oldPassword, request.body.newPassword);
    return ok(reply, {}, 200, 'Password changed successfully');
  });
};
