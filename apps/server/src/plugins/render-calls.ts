import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Viewer } from '../features/sessions/sessions.service.ts';

/**
 * A page's render calls this app itself (`app.inject`, plugins/web-app.ts) as its visitor. For as
 * long as its response runs, the render registers its calls under a random key, and each call
 * names the key in this header. A call so named:
 * - asks as the viewer the page request already resolved (or nobody): it does not look the
 *   session up again (a query each);
 * - is a read on the visitor's behalf, not the visitor's own: the watch call counts no view then
 *   (a GET of a page changes nothing; the browser counts the view with its own call).
 * A key nobody registered, as any request from outside would send, means nothing.
 */
export const RENDER_CALL_HEADER = 'x-streamhub-render';

type Render = { viewer: Viewer | null };

const renders = new Map<string, Render>();

/** Registers a render for `viewer`: its calls send the returned header, until `release`. */
export function registerRender(viewer: Viewer | null): { header: Record<string, string>; release: () => void } {
  const key = crypto.randomUUID();
  renders.set(key, { viewer });
  return { header: { [RENDER_CALL_HEADER]: key }, release: () => renders.delete(key) };
}

/** The render this request is a call of, if it is one. */
export function renderOf(request: FastifyRequest): Render | undefined {
  const key = request.headers[RENDER_CALL_HEADER];
  return typeof key === 'string' ? renders.get(key) : undefined;
}
