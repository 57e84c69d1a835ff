import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AccountExport, Id, envelope } from '@streamhub/contract';
import { ok } from '../../lib/respond.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';
import type { AccountExportService } from './account-export.service.ts';

/** `/api/users/me/export` (API.md §19): ask for an export of my data, see it, download its zip. */
export const accountExportRoutes: FastifyPluginAsyncZod<{ exports: AccountExportService }> = async (app, { exports }) => {
  const tags = ['users'];

  app.post('/', { config: signedIn, schema: { tags, response: { 202: envelope(AccountExport) } } }, async (request, reply) =>
    ok(reply, await exports.request(requireViewer(request)), 202, 'Export requested'),
  );

  app.get(
    '/',
    { config: signedIn, schema: { tags, response: { 200: envelope(AccountExport.nullable()) } } },
    async (request, reply) => ok(reply, await exports.latest(requireViewer(request))),
  );

  // The zip itself, to its owner alone (anyone else: 404), never cached on the way.
  app.get('/:id', { config: signedIn, schema: { tags, params: z.object({ id: Id }) } }, async (request, reply) => {
    const zip = await exports.download(requireViewer(request), request.params.id);
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', String(zip.size))
      .header('content-disposition', `attachment; filename="${zip.filename}"`)
      .send(zip.body);
  });
};
