import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InstanceSettings, PublicInstance, SettingsPatch, envelope } from '@streamhub/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/respond.ts';
import { staffOnly } from '../admin/staff-only.ts';

/** `/api/admin/settings` (admins) and `/api/instance` (anyone): docs/api.md, "Administration". */
export const settingsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { settings, access } = deps.services;
  const admin = staffOnly(access, 'admin');
  const tags = ['administration'];
  const answer = { 200: envelope(InstanceSettings) };

  app.get('/api/instance', { schema: { tags, response: { 200: envelope(PublicInstance) } } }, async (_request, reply) =>
    ok(reply, await settings.publicView()),
  );
  app.get('/api/admin/settings', { ...admin, schema: { tags, response: answer } }, async (request, reply) =>
    ok(reply, await settings.get(request.viewer)),
  );
  app.patch(
    '/api/admin/settings',
    { ...admin, schema: { tags, body: SettingsPatch, response: answer } },
    async (request, reply) => ok(reply, await settings.update(request.viewer, request.body), 200, 'Settings saved'),
  );
};
