import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Id, Restore, Suspend, Takedown, Unsuspend } from '@streamhub/contract';
import type { AccessService } from '../access/access.service.ts';
import type { ModerationService } from './moderation.service.ts';
import { ok } from '../../lib/respond.ts';
import { staffOnly } from '../admin/staff-only.ts';

/**
 * `/api/admin` moderation calls (API.md §12): takedown, restore, suspend, unsuspend. Moderators
 * and admins; anyone else is refused before their input is read (staff-only.ts), and the service
 * asks the staff rule again (who may suspend whom: access.assertCanSuspend).
 */
export const moderationRoutes: FastifyPluginAsyncZod<{ moderation: ModerationService; access: AccessService }> = async (
  app,
  { moderation, access },
) => {
  const tags = ['moderation'];
  const staff = staffOnly(access, 'moderator');
  const user = z.object({ id: Id });

  app.post('/takedown', { ...staff, schema: { tags, body: Takedown } }, async (request, reply) => {
    await moderation.takedown(request.viewer, request.body);
    return ok(reply, {}, 200, 'Taken down');
  });

  app.post('/restore', { ...staff, schema: { tags, body: Restore } }, async (request, reply) => {
    await moderation.restore(request.viewer, request.body);
    return ok(reply, {}, 200, 'Restored');
  });

  app.post('/users/:id/suspend', { ...staff, schema: { tags, params: user, body: Suspend } }, async (request, reply) => {
    await moderation.suspend(request.viewer, request.params.id, request.body);
    return ok(reply, {}, 200, 'Account suspended');
  });

  app.post(
    '/users/:id/unsuspend',
    { ...staff, schema: { tags, params: user, body: Unsuspend.nullish() } },
    async (request, reply) => {
      await moderation.unsuspend(request.viewer, request.params.id, request.body ?? {});
      return ok(reply, {}, 200, 'Account unsuspended');
    },
  );
};
