import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminReportsPage, AdminReportsQuery, Id, NewReport, RejectReport, Report, envelope } from '@streamhub/contract';
import type { AccessService } from '../access/access.service.ts';
import type { ReportsService } from './reports.service.ts';
import { ok } from '../../lib/respond.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';
import { staffOnly } from '../admin/staff-only.ts';

/** `/api/reports` (API.md §12): anyone signed in reports what they can see and follows their reports. */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  const tags = ['reports'];

  app.post(
    '/',
    { config: signedIn, schema: { tags, body: NewReport, response: { 201: envelope(Report) } } },
    async (request, reply) => ok(reply, await reports.create(requireViewer(request), request.body), 201, 'Report received'),
  );

  app.get('/mine', { config: signedIn, schema: { tags, response: { 200: envelope(z.array(Report)) } } }, async (request, reply) =>
    ok(reply, await reports.mine(requireViewer(request))),
  );
};

/** `/api/admin/reports`: the moderation queue (moderators and admins). */
export const reportsQueueRoutes: FastifyPluginAsyncZod<{ reports: ReportsService; access: AccessService }> = async (
  app,
  { reports, access },
) => {
  const tags = ['moderation'];
  const staff = staffOnly(access, 'moderator');

  app.get(
    '/',
    { ...staff, schema: { tags, querystring: AdminReportsQuery, response: { 200: envelope(AdminReportsPage) } } },
    async (request, reply) => ok(reply, await reports.queue(request.viewer, request.query)),
  );

  app.post(
    '/:id/reject',
    {
      ...staff,
      schema: { tags, params: z.object({ id: Id }), body: RejectReport.nullish(), response: { 200: envelope(Report) } },
    },
    async (request, reply) =>
      ok(reply, await reports.reject(request.viewer, request.params.id, request.body?.note), 200, 'Report rejected'),
  );
};
