import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InstanceSettings, PublicInstance, SettingsPatch, envelope } from '@streamhub/contract';
import type { AccessService } from '../access/access.service.ts';
import type { SettingsService } from './settings.service.ts';
import { ok } from '../../lib/respond.ts';
import { staffOnly } from '../admin/staff-only.ts';

/** `/api/admin/settings` (admins) and `/api/instance` (anyone): docs/api.md, "Administration". */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService; access: AccessService }> = async (
  app,
  { settings, access },
) => {
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
