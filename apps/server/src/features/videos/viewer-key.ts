import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** Who counts as one viewer for view dedupe: the user, else a hash of address and browser. */
export function viewerKey(request: FastifyRequest): string {
  if (request.viewer) return `u:${request.viewer._id}`;
  const ua = request.headers['user-agent'] ?? '';
  return `a:${createHash('sha256').update(`${request.ip}|${ua}`).digest('base64url').slice(0, 22)}`;
}
