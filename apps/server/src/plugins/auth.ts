import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '@streamhub/contract';
import type { Config } from '../config.ts';
import type { SessionsService, Viewer } from '../features/sessions/sessions.service.ts';
import { Unauthorized } from '../lib/errors.ts';
import { encryptUserCookie } from '../lib/user-cookie.ts';
import { renderOf } from './render-calls.ts';
import { withMediaUrls } from './media-urls.ts';

export const SESSION_COOKIE = 'sid';
export const USER_COOKIE = 'user';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
  interface FastifyContextConfig {
    /** The route needs a session: anonymous callers get 401 before their input is validated. */
    signedIn?: boolean;
  }
}

/** Route option of every call that needs a session: `{ config: signedIn, schema: … }`. */
export const signedIn = { signedIn: true } as const;

/**
 * Cookie writing in one place: the httpOnly session and the JS-readable `user` cookie (API.md §2),
 * whose avatar is a URL like every response's (`publicUrl`, the storage driver's).
 */
export function createCookieJar(config: Config, publicUrl: (key: string) => string) {
  const base = (request: FastifyRequest) => ({
    path: '/',
    sameSite: 'lax' as const,
    secure: config.cookieSecure ?? request.protocol === 'https',
  });
  return {
    setSession(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date, user: CurrentUser) {
      reply.setCookie(SESSION_COOKIE, token, { ...base(request), httpOnly: true, expires: expiresAt });
      this.setUser(request, reply, user, expiresAt);
    },
    setUser(request: FastifyRequest, reply: FastifyReply, user: CurrentUser, expiresAt?: Date) {
      const maxAge = expiresAt ? undefined : Math.floor(config.sessionTtlMs / 1000);
      reply.setCookie(
        USER_COOKIE,
        encryptUserCookie(withMediaUrls(user, publicUrl) as CurrentUser, config.userCookiePassphrase),
        {
          ...base(request),
          httpOnly: false,
          ...(expiresAt ? { expires: expiresAt } : { maxAge }),
        },
      );
    },
    clear(request: FastifyRequest, reply: FastifyReply) {
      reply.clearCookie(SESSION_COOKIE, { ...base(request), httpOnly: true });
      reply.clearCookie(USER_COOKIE, base(request));
    },
  };
}
export type CookieJar = ReturnType<typeof createCookieJar>;

/**
 * Resolves the session cookie (if any) to `request.viewer` for API routes (and the pages whose
 * HTML depends on the viewer: `pageNeedsViewer`, from web-app.ts) as the request arrives,
 * and refuses anonymous callers of `signedIn` routes before their body is even parsed:
 * who is asking comes first, so an anonymous caller learns nothing about a route's input rules.
 */
export function registerAuth(
  app: FastifyInstance,
  sessions: SessionsService,
  cookies: CookieJar,
  opts: { pageNeedsViewer?: (method: string, url: string) => boolean } = {},
) {
  const pageNeedsViewer = opts.pageNeedsViewer ?? (() => false);
  app.decorateRequest('viewer', null);
  // A callback hook: a caller without our cookies (the public reads' crowd) costs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    // A page render's own call: its page request found the viewer (plugins/render-calls.ts). A
    // signed-out render's calls carry no session cookie, and are nobody below.
    const viewer = renderOf(request)?.viewer;
    if (viewer) {
      request.viewer = viewer;
      return done();
    }
    const isPage = !request.url.startsWith('/api/');
    if (isPage && !pageNeedsViewer(request.method, request.url)) return done();
    const token = request.cookies[SESSION_COOKIE];
    if (!token && !request.cookies[USER_COOKIE]) {
      // Nobody to look up, no cookie to clear: `viewer` stays null.
      return done(request.routeOptions.config.signedIn ? new Unauthorized('Unauthorized request') : undefined);
    }
    resolveViewer(request, reply, token, isPage).then(() => done(), done);
  });

  /** The session behind a cookie of ours: the viewer, the renewed cookie, or both cookies cleared. */
  async function resolveViewer(request: FastifyRequest, reply: FastifyReply, token: string | undefined, isPage: boolean) {
    let session: Awaited<ReturnType<SessionsService['resolve']>> = null;
    try {
      session = token ? await sessions.resolve(token) : null;
    } catch (err) {
      // A page still loads while the database is away (as the viewer's guest; its cookies stay),
      // and the app shows what its calls then say.
      if (isPage) return;
      throw err;
    }
    request.viewer = session?.viewer ?? null;
    if (token && session?.renewedUntil) cookies.setSession(request, reply, token, session.renewedUntil, session.viewer);
    // API.md §2: a session found invalid clears both cookies, so the web app stops acting signed in.
    if (!request.viewer && (token || request.cookies[USER_COOKIE])) cookies.clear(request, reply);
    if (request.routeOptions.config.signedIn && !request.viewer) throw new Unauthorized('Unauthorized request');
  }
}

/** The signed-in viewer or 401 (a `signedIn` route always has one); services receive the viewer explicitly. */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new Unauthorized('Unauthorized request');
  return request.viewer;
}
