import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { FIRST_SCREEN_CARDS, firstCardsHtml, posterFrameHtml } from '@streamhub/contract/first-paint';
import type { Viewer } from '../features/sessions/sessions.service.ts';
import { USER_COOKIE } from './auth.ts';
import { sendError } from './errors.ts';

/** What index.html can show before the app has run, per page (app.ts wires the services in). */
export type FirstPaint = {
  /** The poster URL of a video `viewer` may watch; null for one they may not (or that does not exist). */
  watchPoster(videoId: string, viewer: Viewer | null): Promise<string | null>;
  /** The thumbnails of the home grid's first `count` cards (the list's first page, the same for everyone). */
  homeThumbnails(count: number): Promise<string[]>;
};

const WATCH_PAGE = /^\/video\/watch\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\/?(?:\?.*)?$/;

/** Whether this page's HTML depends on who asks (auth.ts resolves the session for it): the watch page's poster. */
export const pageNeedsViewer = (method: string, url: string) => method === 'GET' && WATCH_PAGE.test(url);

/**
 * Serves the built web app: hashed assets cached forever, index.html for every other
 * non-API path so client-side routes (and the not-found screen) work on reload.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, firstPaint?: FirstPaint) {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasBuild && firstPaint) {
    const index = indexHtml(distDir);
    /**
     * index.html with `markup` painted above its loading screen and `images` preloaded by a Link
     * header (asked for as the headers arrive, before the HTML is read); the plain file when there
     * is nothing to paint.
     */
    const sendPage = async (request: FastifyRequest, reply: FastifyReply, markup: string | null, images: string[]) => {
      const html = markup === null ? null : withFirstPaint(await index(), markup);
      if (html === null) return reply.sendFile('index.html', distDir);
      const preloads = imagePreloads(images);
      if (preloads) reply.header('Link', preloads);
      return sendHtml(request, reply, html);
    };
    const failed = (request: FastifyRequest, what: string) => (err: unknown) => {
      // The page works without it: the app asks for its data itself.
      request.log.warn({ err }, `${what} failed`);
      return null;
    };

    app.get('/video/watch/:videoId', { schema: { hide: true } }, async (request, reply) => {
      const videoId = WATCH_PAGE.exec(request.url)?.[1]?.toLowerCase();
      const poster = videoId
        ? await firstPaint.watchPoster(videoId, request.viewer).catch(failed(request, 'watch page poster'))
        : null;
      // Private: the poster depends on the viewer's session.
      reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie, Accept-Encoding');
      return sendPage(request, reply, poster === null ? null : posterFrameHtml(poster), poster === null ? [] : [poster]);
    });

    // /home without filters, for a signed-in visitor (the app sends others to '/'): the first
    // cards' thumbnails, painted where the grid will be and asked for with the page, not after the
    // app's list call has answered and React has rendered.
    app.get('/home', { schema: { hide: true } }, async (request, reply) => {
      const wanted = Boolean(request.cookies[USER_COOKIE]) && !request.url.includes('?');
      const thumbnails = wanted
        ? await firstPaint.homeThumbnails(FIRST_SCREEN_CARDS).catch(failed(request, 'home page thumbnails'))
        : null;
      reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie, Accept-Encoding');
      return sendPage(request, reply, thumbnails?.length ? firstCardsHtml(thumbnails) : null, thumbnails ?? []);
    });
  }
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // Wildcard: assets of a rebuild made while the server runs are found too.
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz copies of every text file (apps/web/vite-plugins.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/media/') || url.startsWith('/assets/')) {
      return sendError(reply, 404, 'Route not found');
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !hasBuild) {
      return sendError(reply, 404, hasBuild ? 'Route not found' : 'Web app not built: run `npm run build`');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', distDir);
  });
}

/**
 * The Content-Security-Policy sources of the scripts index.html carries inline (the warm start,
 * apps/web/vite-plugins.ts): their hashes, so the policy allows those and no other inline script.
 * Read from the build the server serves; none when there is no build.
 */
export function inlineScriptSources(distDir: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  const sources: string[] = [];
  for (const [, attributes = '', code = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    // External files are covered by 'self'; data blocks (type="application/json") never run.
    if (/\bsrc=/i.test(attributes) || /\btype=["']?application\/json/i.test(attributes) || !code) continue;
    sources.push(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  }
  return sources;
}

/** index.html as the build wrote it, read again when a rebuild replaces it. */
function indexHtml(distDir: string): () => Promise<string> {
  const file = path.join(distDir, 'index.html');
  let kept: { mtimeMs: number; html: string } | null = null;
  return async () => {
    const { mtimeMs } = await fs.promises.stat(file);
    if (kept?.mtimeMs !== mtimeMs) kept = { mtimeMs, html: await fs.promises.readFile(file, 'utf8') };
    return kept.html;
  };
}

/** A Link header preloading these images first; URLs that would need quoting are left out. */
function imagePreloads(urls: string[]): string {
  return urls
    .filter((url) => /^[\w:/.%~-]+$/.test(url))
    .map((url) => `<${url}>; rel=preload; as=image; fetchpriority=high`)
    .join(', ');
}

const ROOT = '<div id="root">';

/**
 * index.html with `markup` first in its root, above the loading screen: the page's largest paint
 * comes with its first, before the app's JavaScript has run. React replaces the root's content
 * when it renders. Null when the build has no root.
 */
export function withFirstPaint(html: string, markup: string): string | null {
  const at = html.indexOf(ROOT);
  if (at < 0) return null;
  return html.slice(0, at + ROOT.length) + markup + html.slice(at + ROOT.length);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A page made for this request, compressed as the browser accepts (a fast level: it is made per request). */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepts)) {
    const body = await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('Content-Encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(await gzip(html, { level: 6 }));
  return reply.send(html);
}
