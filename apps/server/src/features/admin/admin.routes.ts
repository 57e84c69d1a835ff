import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminUpload,
  AdminUser,
  AdminUserPatch,
  AdminUsersPage,
  AdminUsersQuery,
  AdminTwoFactorReset,
  AuditEntry,
  AuditPaging,
  Id,
  JobsView,
  PurchaseRecord,
  envelope,
} from '@streamhub/contract';
import type { AccessService } from '../access/access.service.ts';
import type { AccountDeletion } from '../users/account-deletion.ts';
import type { AdminService } from './admin.service.ts';
import type { PurchasesService } from '../purchases/purchases.service.ts';
import { ok } from '../../lib/respond.ts';
import { staffOnly } from './staff-only.ts';

/**
 * `/api/admin` (API.md §12), the administration: users, the audit log, jobs. Admins only;
 * anyone else is refused before their input is read (staff-only.ts). Reports, takedowns and
 * suspensions live in features/moderation.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  admin: AdminService;
  access: AccessService;
  accountDeletion: Pick<AccountDeletion, 'deleteByAdmin'>;
  purchases: Pick<PurchasesService, 'refundByAdmin'>;
}> = async (app, { admin, access, accountDeletion, purchases }) => {
  const tags = ['administration'];
  const onlyAdmins = staffOnly(access, 'admin');
  const user = z.object({ id: Id });
  const userAnswer = { 200: envelope(AdminUser) };

  app.get(
    '/users',
    { ...onlyAdmins, schema: { tags, querystring: AdminUsersQuery, response: { 200: envelope(AdminUsersPage) } } },
    async (request, reply) => ok(reply, await admin.users(request.viewer, request.query)),
  );
  app.patch(
    '/users/:id',
    { ...onlyAdmins, schema: { tags, params: user, body: AdminUserPatch, response: userAnswer } },
    async (request, reply) =>
      ok(reply, await admin.updateUser(request.viewer, request.params.id, request.body), 200, 'User updated'),
  );
  app.post(
    '/users/:id/approve',
    { ...onlyAdmins, schema: { tags, params: user, response: userAnswer } },
    async (request, reply) => ok(reply, await admin.approve(request.viewer, request.params.id), 200, 'Account approved'),
  );

  // docs/accounts.md: an admin turns a user's lost second factor off, audited with a reason.
  app.post(
    '/users/:id/2fa/reset',
    { ...onlyAdmins, schema: { tags, params: user, body: AdminTwoFactorReset, response: { 200: envelope(z.object({})) } } },
    async (request, reply) => {
      await admin.resetTwoFactor(request.viewer, request.params.id, request.body.reason ?? '');
      return ok(reply, {}, 200, 'Two-factor authentication reset');
    },
  );

  app.get(
    '/audit',
    { ...onlyAdmins, schema: { tags, querystring: AuditPaging, response: { 200: envelope(z.array(AuditEntry)) } } },
    async (request, reply) => ok(reply, await admin.auditLog(request.viewer, request.query.page)),
  );

  // API.md §19: as the owner's own deletion, audited; another admin's account is refused (403).
  app.delete(
    '/users/:id',
    { ...onlyAdmins, schema: { tags, params: user, response: { 200: envelope(z.object({})) } } },
    async (request, reply) => {
      await accountDeletion.deleteByAdmin(request.viewer, request.params.id);
      return ok(reply, {}, 200, 'Account deleted');
    },
  );

  app.get(
    '/uploads',
    { ...onlyAdmins, schema: { tags, response: { 200: envelope(z.array(AdminUpload)) } } },
    async (request, reply) => ok(reply, await admin.unfinishedUploads(request.viewer)),
  );
  app.delete(
    '/uploads/:id',
    { ...onlyAdmins, schema: { tags, params: z.object({ id: Id }), response: { 200: envelope(z.object({})) } } },
    async (request, reply) => {
      await admin.deleteUpload(request.viewer, request.params.id);
      return ok(reply, {}, 200, 'Upload deleted');
    },
  );

  // API.md §20: a settled purchase refunded in full, once (409 otherwise); the provider is asked after commit.
  app.post(
    '/purchases/:id/refund',
    { ...onlyAdmins, schema: { tags, params: z.object({ id: Id }), response: { 200: envelope(PurchaseRecord) } } },
    async (request, reply) =>
      ok(reply, await purchases.refundByAdmin(request.viewer, request.params.id), 200, 'Purchase refunded'),
  );

  app.get('/jobs', { ...onlyAdmins, schema: { tags, response: { 200: envelope(JobsView) } } }, async (request, reply) =>
    ok(reply, await admin.jobs(request.viewer)),
  );
  app.post('/jobs/:id/retry', { ...onlyAdmins, schema: { tags, params: z.object({ id: Id }) } }, async (request, reply) => {
    await admin.retryJob(request.viewer, request.params.id);
    return ok(reply, {}, 200, 'Job queued again');
  });
};
