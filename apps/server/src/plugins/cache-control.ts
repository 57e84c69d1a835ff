import type { FastifyInstance, FastifyReply } from 'fastify';

/** Per-user answers: kept by no cache, the browser's included (issue 21, item 6). */
export const PRIVATE_NO_STORE = 'private, no-store';
/**
 * The public list pages: the same for everyone (nothing per viewer goes into them), so a shared
 * cache may hold one, but never serves it without asking: a list is read-your-writes
 * (video-list.routes.ts), which a cached copy would break.
 */
export const PUBLIC_NO_CACHE = 'public, no-cache';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Every `/api` answer says how it may be cached: `private, no-store` unless its route set its own
 * Cache-Control (the list pages: `public, no-cache`). Most calls read the session (who is asking
 * decides `isLiked`, `isSubscribed`, a watch answer's token URLs, /me, purchases, history), and a
 * default that forgets nobody is safer than a list of routes that must each remember it; errors
 * (401, 404, 429…) are answered the same way. Media (`/media/…`) and the web app's pages keep
 * their own headers. Routes that hijack the reply (tus) set it themselves (`setPrivateNoStore`).
 */
export function registerCacheControl(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && isApi(request.url)) reply.header('Cache-Control', PRIVATE_NO_STORE);
    done(null, payload);
  });
}

/** For a reply written on the raw response (hijacked), which no Fastify hook sees. */
export function setPrivateNoStore(reply: FastifyReply) {
  reply.raw.setHeader('Cache-Control', PRIVATE_NO_STORE);
}
