import type { FastifyReply } from 'fastify';
import { PUBLIC_NO_CACHE } from '../../plugins/cache-control.ts';

/**
 * A public list page as it goes on the wire: the success envelope serialised once, to UTF-8 bytes,
 * when the page is computed. Sent from the micro-cache to every viewer who asks, a Buffer skips
 * what a string costs per answer (the response schema is never run for a body that is not an
 * object; a string's byte length is counted and its bytes encoded again on every send), and the
 * answer is byte for byte what `ok()` would send: same body, Content-Length, Content-Type.
 */
export function pageBody(data: unknown): Buffer {
  return Buffer.from(JSON.stringify({ statusCode: 200, data, message: 'Success', success: true }));
}

/**
 * Sends a `pageBody` as a 200 with its headers: JSON, and `public, no-cache` (the same for
 * everyone; every other API answer is private, plugins/cache-control.ts). The reply's hooks
 * (security headers, metrics, logs) run as for any answer.
 */
export function sendPageBody(reply: FastifyReply, body: Buffer) {
  return reply.code(200).type('application/json; charset=utf-8').header('Cache-Control', PUBLIC_NO_CACHE).send(body);
}
