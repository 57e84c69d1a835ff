import { once } from 'node:events';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  isUserPage,
  LANG_COOKIE,
  pageLocale,
  safeNextPath,
  signInPathFor,
  THEME_COOKIE,
  themeChoice,
  type Locale,
  type Theme,
} from '@streamhub/contract';
import { SESSION_COOKIE, USER_COOKIE } from './auth.ts';
import { registerRender } from './render-calls.ts';
import { sendError } from './errors.ts';

/**
 * What the web app's server entry (apps/web/src/entry-server.tsx, built by `vite build --ssr` into
 * `<WEB_DIST_DIR>-ssr/`) gives back for a page: its head, its streamed markup and the data it loaded.
 */
type PageRequest = {
  url: string;
  origin: string;
  cookie: string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  manifest: unknown;
  nonce: string;
  /** The page's language (API.md §21). */
  locale: Locale;
};
type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; head: string; preloads: string[]; state: string; markup: Readable };
type ServerEntry = { render(request: PageRequest): Promise<RenderedPage>; warm?(): Promise<void> };

/**
 * Whether a request is for a page (not the API, media, assets or another file): the auth plugin
 * resolves its session as for an API call, so the page is rendered as the visitor the API sees,
 * and a session found invalid clears its cookies with the page.
 */
export const isPageRequest = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') && !/^\/(?:api|media|assets)(?:\/|$)/.test(url) && !/\.\w+$/.test(url.split('?')[0]!);

export type WebAppOptions = {
  /** The built web app (index.html, assets). */
  distDir: string;
  /** Origin of the pages' absolute links (PUBLIC_URL); the request's own when absent. */
  publicUrl?: string;
  /** The language of a visitor who chose none and whose browser asks for no shipped one (DEFAULT_LOCALE). */
  defaultLocale?: Locale;
  /** Load every page's code before the app is ready (a server; tests load what they render). */
  warmPages?: boolean;
};

/**
 * Serves the web app: hashed assets cached forever, and every other non-API path as a page the
 * web app renders on the server (entry-server.tsx) into index.html, hydrated in the browser. Its
 * API calls go through this app itself (`app.inject`), with the visitor's cookies. Without a
 * server build the plain index.html renders in the browser instead.
 */
export async function registerWebApp(
  app: FastifyInstance,
  { distDir, publicUrl, defaultLocale = 'en', warmPages = false }: WebAppOptions,
) {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // Wildcard: assets of a rebuild made while the server runs are found too.
      wildcard: true,
      // Pages (the root included) are rendered, never the bare file.
      index: false,
      // The build writes .br and .gz copies of every text file (apps/web/vite-plugins.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const template = builtFile(path.join(distDir, 'index.html'), cutTemplate);
  // Which chunks hold each page's code (the build's manifest; none in an older build).
  const manifest = builtFile(path.join(distDir, '.vite', 'manifest.json'), (text) => JSON.parse(text) as unknown);
  const serverEntry = serverEntryOf(`${path.resolve(distDir)}-ssr`);

  // A server loads every page's code before it takes requests: the first visitor of each page
  // after a start would wait for that page's modules otherwise (100–300 ms on a small machine).
  if (warmPages && hasBuild) {
    app.addHook('onReady', async () => {
      const entry = await serverEntry().catch((err: unknown) => {
        app.log.error({ err }, 'web app server entry failed to load');
        return null;
      });
      await entry?.warm?.();
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/media/') || url.startsWith('/assets/')) {
      return sendError(reply, 404, 'Route not found');
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !hasBuild) {
      return sendError(reply, 404, hasBuild ? 'Route not found' : 'Web app not built: run `npm run build`');
    }
    return sendPage(request, reply);
  });
  // The landing page (the static files' folder itself otherwise).
  if (hasBuild) app.get('/', { schema: { hide: true } }, sendPage);

  /** A page of the web app, rendered on the server (or the bare index.html when it cannot be). */
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const url = request.url;
    // Pages depend on who asks (their data is the visitor's): never shared, always revalidated.
    reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie, Accept-Encoding');
    // API.md §18: a user's own page sends a signed-out visitor to sign in, and back afterwards;
    // the sign-in page sends a signed-in one on at once. Decided here, before any render.
    const way = pageRedirect(url, request.viewer !== null);
    if (way) return reply.redirect(way, 302);
    const entry = await serverEntry().catch((err: unknown) => {
      request.log.error({ err }, 'web app server entry failed to load');
      return null;
    });
    if (!entry) return reply.sendFile('index.html', distDir);
    // A session the auth plugin found invalid (its cookies are cleared with this page): rendered
    // for nobody, as the browser will see it once the cookies are gone.
    const signedOut = !request.viewer && isPageRequest(request.method, url);
    const cookie = signedOut ? withoutSession(request.headers.cookie ?? '') : (request.headers.cookie ?? '');
    // React's inline scripts (form replaying) run by this response's nonce, and no other inline code.
    const nonce = crypto.randomBytes(16).toString('base64');
    allowScriptsWith(reply, nonce);
    // API.md §21: the `lang` cookie, else Accept-Language, else the instance's default.
    const locale = pageLocale(request.cookies[LANG_COOKIE], request.headers['accept-language'], defaultLocale);
    reply.header('Vary', 'Cookie, Accept-Encoding, Accept-Language').header('Content-Language', locale);
    let page: RenderedPage;
    try {
      page = await entry.render({
        url,
        origin: publicUrl ?? `${request.protocol}://${request.host}`,
        cookie,
        fetch: injectedFetch(app, request, reply, cookie),
        manifest: await manifest().catch(() => ({})),
        nonce,
        locale,
      });
    } catch (err) {
      // The browser renders the page itself then.
      request.log.error({ err }, 'server render failed');
      return reply.sendFile('index.html', distDir);
    }
    if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
    if (page.preloads.length) reply.header('Link', page.preloads.join(', '));
    reply.code(page.status);
    const theme = themeChoice(request.cookies[THEME_COOKIE]);
    return sendStream(request, reply, pageBody(await template(), page, theme, locale));
  }
}

/**
 * Where a page request is sent instead of being rendered: a signed-out visitor of a user's own
 * page to sign-in with the page to come back to (`/?next=`), a signed-in visitor of the sign-in
 * page (`/`) to that page when it is one of ours, else /home. Null: the page is rendered.
 */
export function pageRedirect(url: string, signedIn: boolean): string | null {
  const { pathname, search, searchParams } = new URL(`http://page${url}`);
  if (!signedIn && isUserPage(pathname)) return signInPathFor(pathname + search);
  if (signedIn && pathname === '/') return safeNextPath(searchParams.get('next'));
  return null;
}

/**
 * A fetch for the renderer's calls: through this app (`app.inject`), as the visitor (their cookies,
 * language and address); a renewed session cookie one of them sets is passed on with the page.
 */
function injectedFetch(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, cookie: string): PageRequest['fetch'] {
  const sent = new Set<string>();
  // The render's calls, known as such (and as its viewer) while its response runs.
  const render = registerRender(request.viewer);
  reply.raw.once('close', render.release);
  return async (url, init) => {
    const headers = new Headers(init.headers);
    const response = await app.inject({
      // A page render reads: whatever the renderer asks, only GETs are sent.
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: {
        accept: headers.get('accept') ?? '*/*',
        ...(cookie ? { cookie } : {}),
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
        // An error text the page shows is in the page's language (docs/languages.md).
        ...(request.headers['accept-language'] ? { 'accept-language': request.headers['accept-language'] } : {}),
        host: request.headers.host ?? 'localhost',
        ...render.header,
      },
    });
    const setCookie = response.headers['set-cookie'];
    for (const cookie of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const name = cookie.slice(0, cookie.indexOf('='));
      if (sent.has(name) || reply.sent) continue;
      sent.add(name);
      void reply.header('set-cookie', cookie);
    }
    const type = response.headers['content-type'];
    return new Response(response.rawPayload, {
      status: response.statusCode,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
    });
  };
}

/** A Cookie header without the session's two cookies. */
function withoutSession(cookie: string): string {
  return cookie
    .split(/;\s*/)
    .filter((part) => {
      const name = part.slice(0, part.indexOf('='));
      return part && name !== SESSION_COOKIE && name !== USER_COOKIE;
    })
    .join('; ');
}

/**
 * The server entry, imported once it exists; null while there is no server build. Not imported
 * again after a rebuild: its chunks import the entry by its plain URL, and a second copy would
 * not share its module state (a restart serves a new build, as `npm start` does).
 */
function serverEntryOf(ssrDir: string): () => Promise<ServerEntry | null> {
  const file = path.join(ssrDir, 'entry-server.js');
  let entry: Promise<ServerEntry> | null = null;
  return async () => {
    if (!entry && !fs.existsSync(file)) return null;
    entry ??= import(pathToFileURL(file).href) as Promise<ServerEntry>;
    return entry;
  };
}

type Template = { head: string; beforeRoot: string; afterRoot: string };

const ROOT = '<div id="root"></div>';

/** A file of the build, read (and made into `T`) again when a rebuild replaces it. */
function builtFile<T>(file: string, read: (text: string) => T): () => Promise<T> {
  let kept: { mtimeMs: number; value: T } | null = null;
  return async () => {
    const { mtimeMs } = await fs.promises.stat(file);
    if (kept?.mtimeMs !== mtimeMs) kept = { mtimeMs, value: read(await fs.promises.readFile(file, 'utf8')) };
    return kept.value;
  };
}

/**
 * Adds `nonce` to the script sources of the Content-Security-Policy the security plugin set for
 * this response (the same for every answer otherwise: no inline script at all).
 */
function allowScriptsWith(reply: FastifyReply, nonce: string) {
  const policy = reply.raw.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  reply.raw.setHeader('content-security-policy', policy.replace(/(^|;)script-src ([^;]*)/, `$1script-src $2 'nonce-${nonce}'`));
}

/** index.html without its placeholder title and description (the page brings its own), cut at `</head>` and the root. */
export function cutTemplate(html: string): Template {
  const bare = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta name="description"[^>]*>\s*/i, '');
  const headEnd = bare.indexOf('</head>');
  const root = bare.indexOf(ROOT);
  if (headEnd < 0 || root < headEnd) throw new Error(`index.html has no </head> followed by ${ROOT}`);
  return {
    head: bare.slice(0, headEnd),
    beforeRoot: bare.slice(headEnd, root) + '<div id="root">',
    afterRoot: '</div>' + bare.slice(root + ROOT.length),
  };
}

/** The page in order: head first (its meta and preloads), then the markup as React streams it, then its data. */
async function* pageBody(
  template: Template,
  page: Extract<RenderedPage, { kind: 'page' }>,
  theme: Theme | null,
  locale: Locale,
): AsyncGenerator<string | Buffer> {
  yield withLang(withTheme(template.head, theme), locale) + page.head + template.beforeRoot;
  for await (const chunk of page.markup) yield chunk as Buffer;
  // After the root, before the app's script runs (modules run once the document is parsed).
  yield page.state.length ? template.afterRoot.replace('</body>', `${page.state}</body>`) : template.afterRoot;
}

/** The `<html>` tag with the visitor's stored theme (index.css picks the colours by it); none follows the system. */
export function withTheme(head: string, theme: Theme | null): string {
  return theme ? head.replace(/<html\b/i, `<html data-theme="${theme}"`) : head;
}

/** The `<html>` tag saying the page's language (API.md §21): index.html's own `lang` replaced. */
export function withLang(head: string, locale: Locale): string {
  return head.replace(
    /<html\b([^>]*)>/i,
    (_tag, attributes: string) => `<html${attributes.replace(/\slang="[^"]*"/i, '')} lang="${locale}">`,
  );
}

/**
 * A page streamed to the browser, compressed as it accepts (a fast level: it is made per request).
 * The compressor is flushed after each piece (the head, each part of React's markup), so what is
 * ready leaves at once instead of waiting in the compressor's window for the rest of the page.
 */
function sendStream(request: FastifyRequest, reply: FastifyReply, body: AsyncIterable<string | Buffer>) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepts)) {
    reply.header('Content-Encoding', 'br');
    const brotli = zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.send(flushedEachPiece(body, brotli, zlib.constants.BROTLI_OPERATION_FLUSH));
  }
  if (/\bgzip\b/.test(accepts)) {
    reply.header('Content-Encoding', 'gzip');
    return reply.send(flushedEachPiece(body, zlib.createGzip({ level: 6 }), zlib.constants.Z_SYNC_FLUSH));
  }
  return reply.send(Readable.from(body));
}

/** `body` written into `compressor` piece by piece, each piece flushed out before the next is awaited. */
function flushedEachPiece(body: AsyncIterable<string | Buffer>, compressor: zlib.BrotliCompress | zlib.Gzip, flush: number) {
  void (async () => {
    try {
      // The browser may leave mid-page: the compressor closes, and the page is not read further.
      const closed = once(compressor, 'close').then(
        () => true,
        () => true,
      );
      for await (const piece of body) {
        if (compressor.destroyed) return;
        const drained = compressor.write(piece) ? Promise.resolve(false) : once(compressor, 'drain').then(() => false);
        if (await Promise.race([drained, closed])) return;
        const flushed = new Promise<boolean>((resolve) => compressor.flush(flush, () => resolve(false)));
        if (await Promise.race([flushed, closed])) return;
      }
      compressor.end();
    } catch (err) {
      compressor.destroy(err as Error);
    }
  })();
  return compressor;
}
