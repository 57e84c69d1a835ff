import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Viewer } from '../features/sessions/sessions.service.ts';

/**
 * A page's render calls this app itself (`app.inject`, plugins/web-app.ts) as its visitor, whose
 * session the page request has resolved already. The render hands that viewer over under a random
 * key for as long as its response runs, and each call names the key in this header: the calls do
 * not look the session up again (a query each). A key nobody handed over,
 * as any request from outside would send, means nothing.
 */
export const HANDED_VIEWER_HEADER = 'x-streamhub-render';

const handed = new Map<string, Viewer>();

/** Hands `viewer` to the calls that send the returned header, until `release`. */
export function handViewer(viewer: Viewer): { header: Record<string, string>; release: () => void } {
  const key = crypto.randomUUID();
  handed.set(key, viewer);
  return { header: { [HANDED_VIEWER_HEADER]: key }, release: () => handed.delete(key) };
}

/** The viewer a page render handed to this call, if it is one of its calls. */
export function handedViewer(request: FastifyRequest): Viewer | undefined {
  const key = request.headers[HANDED_VIEWER_HEADER];
  return typeof key === 'string' ? handed.get(key) : undefined;
}
