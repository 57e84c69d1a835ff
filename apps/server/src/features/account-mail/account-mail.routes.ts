import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ForgotPasswordBody, ResetPasswordBody, TokenBody, UpdateEmailBody } from '@streamhub/contract';
import type { AccountMailService } from './account-mail.service.ts';
import { ok } from '../../lib/respond.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';

/**
 * Account mail under `/api/users` (API.md §19, docs/accounts.md): verification, password reset
 * and change of e-mail. Every call is rate-limited per client address (RATE_LIMIT_ACCOUNT_MAIL_MAX
 * a minute); links' tokens are their only credential, so the token calls need no session.
 */
export const accountMailRoutes: FastifyPluginAsyncZod<{ accountMail: AccountMailService; perMinute: number }> = async (
  app,
  { accountMail, perMinute },
) => {
  const limited = { rateLimit: { max: perMinute, timeWindow: '1 minute' } };
  const tags = ['users'];

  app.post('/verify-email', { config: limited, schema: { tags, body: TokenBody } }, async (request, reply) => {
    await accountMail.verifyEmail(request.body.token);
    return ok(reply, {}, 200, 'E-mail address verified');
  });

  app.post('/verify-email/resend', { config: { ...signedIn, ...limited }, schema: { tags } }, async (request, reply) => {
    await accountMail.resendVerification(requireViewer(request));
    return ok(reply, {}, 200, 'Verification mail sent');
  });

  // Always 200 `{}`: whether the address names an account is never told (the job decides).
  app.post('/password/forgot', { config: limited, schema: { tags, body: ForgotPasswordBody } }, async (request, reply) => {
    await accountMail.forgotPassword(request.body.email);
    return ok(reply, {}, 200, 'If this address names an account, a link to reset its password is on its way');
  });

  app.post('/password/reset', { config: limited, schema: { tags, body: ResetPasswordBody } }, async (request, reply) => {
    await accountMail.resetPassword(request.body.token, request.body.newPassword);
    return ok(reply, {}, 200, 'Password changed; sign in with the new one');
  });

  app.patch(
    '/update_email',
    { config: { ...signedIn, ...limited }, schema: { tags, body: UpdateEmailBody } },
    async (request, reply) => {
      await accountMail.requestEmailChange(requireViewer(request), request.body.email, request.body.password);
      return ok(reply, {}, 200, 'Open the link mailed to the new address to confirm it');
    },
  );

  app.post('/update_email/confirm', { config: limited, schema: { tags, body: TokenBody } }, async (request, reply) => {
    await accountMail.confirmEmailChange(request.body.token);
    return ok(reply, {}, 200, 'E-mail address changed');
  });
};
