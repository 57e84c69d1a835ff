import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { Forbidden } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GET calls that change state (API.md §11: the buy calls), guarded like POSTs. */
const STATE_CHANGING_GET = /^\/api\/purchase\/buy\//;

export async function registerSecurity(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Media may be fetched by players on other origins of the same site (CDN at scale).
    crossOriginResourcePolicy: { policy: 'same-site' },
  });

  // API.md §2: refuse state changes the browser marks as cross-site, so another site cannot
  // make a signed-in user act (login CSRF included). Same-origin and non-browser clients pass.
  app.addHook('onRequest', async (request) => {
    // The matched route's pattern, not the raw URL: the router decodes %-escapes, so `/%62uy/`
    // reaches the buy route too.
    const route = request.routeOptions.url ?? request.url;
    const stateChanging = !SAFE_METHODS.has(request.method) || STATE_CHANGING_GET.test(route);
    if (!stateChanging) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw new Forbidden('Cross-site request refused');
    const origin = request.headers.origin;
    if (!site && origin && origin !== 'null') {
      // request.host honours X-Forwarded-Host from the proxy in front (trustProxy).
      const host = request.host;
      let originHost: string | undefined;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = undefined;
      }
      if (originHost !== host) throw new Forbidden('Cross-site request refused');
    }
  });

  // preHandler, so limits can key on the parsed body (login: per IP and identifier).
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
}
