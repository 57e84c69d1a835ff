import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { BadInput, Forbidden } from '../lib/errors.ts';
import { mediaOrigins } from '../storage/create-storage.ts';
import { createPostgresRateLimitStore } from './rate-limit-store.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Any site may frame this route's pages (the embed player): `frame-ancestors *`, no X-Frame-Options. */
    embeddable?: boolean;
  }
}

/** Route option of the one page other sites may frame: `{ config: embeddable }` (features/sharing). */
export const embeddable = { embeddable: true } as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GET calls that change state (API.md §11: the buy calls), guarded like POSTs. */
const STATE_CHANGING_GET = /^\/api\/purchase\/buy\//;

/** Whether a call changes state: every non-GET, and the GET buy calls (by route pattern). */
export function isStateChanging(method: string, route: string): boolean {
  return !SAFE_METHODS.has(method) || STATE_CHANGING_GET.test(route);
}

/**
 * API.md §2: a state-changing request is same-origin, or it is refused. `Sec-Fetch-Site`, when
 * the browser sends it, must be `same-origin` (not `same-site`: a sibling subdomain is another
 * origin; not `none`: a typed or bookmarked URL is no click in the app). `Origin`, when present,
 * must be exactly one of the app's origins: scheme, host and port (`null`, from sandboxed frames,
 * data: URLs and some redirects, never is). A request with neither header is no browser acting
 * for a user (curl, other servers) and passes.
 */
export function isSameOriginRequest(
  headers: { 'sec-fetch-site'?: string | string[]; origin?: string | string[] },
  appOrigins: readonly string[],
): boolean {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = headers.origin;
  return origin === undefined || (typeof origin === 'string' && appOrigins.includes(origin));
}

/**
 * The origin this request was addressed to: its scheme and Host, which come from X-Forwarded-Proto
 * and X-Forwarded-Host only when the peer is a trusted proxy (TRUST_PROXY). Null when the host is
 * not a valid one.
 */
export function ownOrigin(protocol: string, host: string | undefined): string | null {
  // A DNS name (browsers send IDNs as punycode), an IPv4 or a bracketed IPv6 address, and a port.
  if (!host || !HOST_SYNTAX.test(host)) return null;
  let url: URL;
  try {
    url = new URL(`${protocol}://${host}`);
  } catch {
    return null;
  }
  // A Host that is more than host[:port] (user info, a path) names no origin.
  const given = host.toLowerCase();
  const withDefaultPort = `${url.hostname}:${url.protocol === 'https:' ? 443 : 80}`;
  return url.host === given || withDefaultPort === given ? url.origin : null;
}

const HOST_SYNTAX = /^(?:[a-z0-9_.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The headers a helmet middleware sets, recorded once: with no per-request policy (no nonces, no
 * directive computed from the request) they are the same for every answer, and running helmet's
 * chain of a dozen middlewares per request cost a list call a twentieth of its CPU. Helmet's only
 * other act, removing `X-Powered-By`, has nothing to remove (neither Node nor Fastify sets it).
 */
export function staticHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): ReadonlyArray<readonly [string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  let failure: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => (failure = err));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

export async function registerSecurity(
  app: FastifyInstance,
  config: Pick<Config, 'appOrigins' | 'rateLimit' | 'storage'>,
  db: Db,
) {
  // A CDN or the bucket, when media are served from there (storage/create-storage.ts).
  const media = mediaOrigins(config);
  // helmet's middleware, built once: @fastify/helmet built it again on every request, parsing the
  // whole policy each time (a tenth of a list call's CPU). These headers are the same for every
  // answer (no per-request nonces), so setting them is all a request pays. Two sets: every page
  // refuses to be framed, but the embed player, which any site may frame.
  const headersFor = (frameAncestors: string[]) =>
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // No inline script: server-rendered pages hand their data over as JSON, which never
          // runs; a page adds its own nonce for React's inline scripts (web-app.ts).
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...media],
          mediaSrc: ["'self'", 'blob:', ...media],
          workerSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'", ...media],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors,
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Media may be fetched by players on other origins of the same site (CDN at scale).
      crossOriginResourcePolicy: { policy: 'same-site' },
      // X-Frame-Options knows no "anyone": left out where CSP lets every site frame the page.
      xFrameOptions: frameAncestors.includes('*') ? false : { action: 'sameorigin' },
    });
  const headers = staticHeaders(headersFor(["'none'"]));
  const embedHeaders = staticHeaders(headersFor(['*']));
  // On the raw response, as helmet sets them: hijacked replies (tus, media) carry them too.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of request.routeOptions.config.embeddable ? embedHeaders : headers) reply.raw.setHeader(name, value);
    done();
  });

  // A Host that names no origin (`a b`, `x@y`, `h/p`, a bad port) is the client's error: 400
  // before anything builds a URL of it (a page's links, the same-origin check), never an
  // error-level log of a render that failed on it.
  app.addHook('onRequest', (request, _reply, done) => {
    const host = request.host;
    done(host && ownOrigin(request.protocol, host) === null ? new BadInput('Invalid Host header') : undefined);
  });

  // API.md §2: refuse state changes that are not same-origin, so another site (a sibling
  // subdomain included) cannot make a signed-in user act, login CSRF included.
  // A callback hook: a read costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    // The matched route's pattern, not the raw URL: the router decodes %-escapes, so `/%62uy/`
    // reaches the buy route too.
    if (!isStateChanging(request.method, request.routeOptions.url ?? request.url)) return done();
    const own = config.appOrigins.length > 0 ? config.appOrigins : [ownOrigin(request.protocol, request.host) ?? ''];
    done(isSameOriginRequest(request.headers, own) ? undefined : new Forbidden('Cross-site request refused'));
  });

  // preHandler, so limits can key on the parsed body (login: per IP and identifier). In
  // PostgreSQL unless the process is alone, so the limits hold across API processes.
  const store = config.rateLimit.store === 'postgres' ? createPostgresRateLimitStore(db) : undefined;
  await app.register(rateLimit, { global: false, hook: 'preHandler', ...(store ? { store } : {}) });
}
