import type { FastifyReply, FastifyRequest } from 'fastify';
import { BadInput } from '../../lib/errors.ts';
import { ownOrigin } from '../../plugins/security.ts';

/**
 * The origin absolute links are built on (oEmbed, embeds, sitemap, robots.txt, the pages' canonical
 * and og: links): PUBLIC_URL, else the origin the request was addressed to (its Host, and
 * X-Forwarded-Host/-Proto only from a trusted proxy). A Host that names no origin is refused.
 */
export function publicOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const own = ownOrigin(request.protocol, request.host);
  if (!own) throw new BadInput('Invalid Host header');
  return own;
}

/**
 * Cache-Control of an answer that holds absolute links: shared caches may keep it for `maxAge`
 * seconds only when its links come from PUBLIC_URL. Built from the request's Host instead, a
 * forged Host would otherwise be served to everyone behind the same cache, so then only the
 * asking browser keeps it.
 */
export function cacheLinks(reply: FastifyReply, publicUrl: string | undefined, maxAge: number): FastifyReply {
  return reply.header('Cache-Control', `${publicUrl ? 'public' : 'private'}, max-age=${maxAge}`);
}
