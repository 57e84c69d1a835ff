import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmbedQuery, OEmbed, OEmbedQuery } from '@streamhub/contract';
import type { Config } from '../../config.ts';
import type { SharingService } from './sharing.service.ts';
import { NotFound } from '../../lib/errors.ts';
import { embeddable } from '../../plugins/security.ts';
import { cacheLinks, publicOrigin } from './public-url.ts';

/** How long each answer may be kept (seconds): a removed video's embed turns into a card within a minute. */
const MAX_AGE = { oembed: 300, embed: 60, sitemap: 3600, robots: 3600 };

/** `?page=N` of a sitemap past 50,000 URLs; anything else is no page (404). */
const SitemapQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).optional().catch(0) });

/** API.md §15: `/api/oembed`, `/embed/:videoId`, `/sitemap.xml`, `/robots.txt` (docs/sharing.md). */
export const sharingRoutes: FastifyPluginAsyncZod<{
  sharing: SharingService;
  config: Pick<Config, 'publicUrl' | 'appOrigins'>;
}> = async (app, { sharing, config }) => {
  const { publicUrl, appOrigins } = config;

  app.get(
    '/api/oembed',
    { schema: { tags: ['sharing'], querystring: OEmbedQuery, response: { 200: OEmbed } } },
    async (request, reply) => {
      const origin = publicOrigin(request, publicUrl);
      // Watch URLs on any of the app's origins count; the answer's links use the public one.
      const answer = await sharing.oembed(request.query, [origin, ...appOrigins]);
      return cacheLinks(reply, publicUrl, MAX_AGE.oembed).send(answer);
    },
  );

  // Framed by any site: the one route whose answers relax frame-ancestors (plugins/security.ts).
  app.get(
    '/embed/:videoId',
    { config: embeddable, schema: { hide: true, params: z.object({ videoId: z.string() }), querystring: EmbedQuery } },
    async (request, reply) => {
      const origin = publicOrigin(request, publicUrl);
      const { status, html } = await sharing.embedPage(request.params.videoId.toLowerCase(), request.query, origin);
      return cacheLinks(reply, publicUrl, MAX_AGE.embed).code(status).type('text/html; charset=utf-8').send(html);
    },
  );

  app.get('/sitemap.xml', { schema: { hide: true, querystring: SitemapQuery } }, async (request, reply) => {
    const xml = await sharing.sitemap(request.query.page, publicOrigin(request, publicUrl));
    if (xml === null) throw new NotFound('Sitemap page not found');
    return cacheLinks(reply, publicUrl, MAX_AGE.sitemap).type('application/xml; charset=utf-8').send(xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    cacheLinks(reply, publicUrl, MAX_AGE.robots)
      .type('text/plain; charset=utf-8')
      .send(sharing.robots(publicOrigin(request, publicUrl))),
  );
};
