import type { IncomingMessage, ServerResponse } from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Events } from '../../events/events.ts';
import type { Storage } from '../../storage/storage.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../db/unavailable.ts';
import { AppError, Forbidden } from '../../lib/errors.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { sessionIdOf } from '../sessions/sessions.service.ts';
import { streamGrowingMp4 } from './growing-mp4.ts';
import { createMediaFiles, MediaFileMissing, type MediaFiles } from './media-files.ts';
import { forgetGoneMedia, keptFileRevalidation } from './forget-gone-media.ts';
import type { MediaGate } from './media-gate.ts';

/** What serving media takes: the gate's answers, the stored files, the events that say which went, two settings. */
export interface MediaParts {
  gate: MediaGate;
  storage: Storage;
  events: Events;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Bytes of small files kept in memory. */
  cacheBytes: number;
  /** How long a presigned URL of the S3 driver stays valid. */
  presignSeconds: number;
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PRIVATE_FINAL = 'private, max-age=3600';
const ID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** Names of files inside a video folder (HLS, MP4s, storyboard sheets and track): no dot-segments, no absolute paths. */
const VIDEO_FILE = '(?:[\\w-]+/)*[\\w-]+\\.(?:m3u8|m4s|mp4|jpg|webp|vtt)';

/**
 * The table of contents of `/media`: which paths exist and who may read them. Images are open
 * to everyone (their names are unguessable and immutable) but a private video's thumbnails, its
 * owner's only (named by the video's id, `thumbnails/<videoId>-…`); every file of a video passes the
 * media gate (media-gate.ts): a public video's files are open, an exclusive video's files need a
 * valid token in the path, sent with the session cookie it was issued to, of a viewer the watch
 * rule lets in (asked again on every request).
 */
const PATHS = [
  { re: new RegExp(`^/media/avatars/([\\w-]+\\.webp)$`), kind: 'image', dir: 'avatars' },
  { re: new RegExp(`^/media/thumbnails/([\\w-]+\\.(?:webp|jpg))$`), kind: 'image', dir: 'thumbnails' },
  { re: new RegExp(`^/media/videos/(${ID})/(${VIDEO_FILE})$`), kind: 'video', tokenised: false },
  { re: new RegExp(`^/media/t/([^/]+)/videos/(${ID})/(${VIDEO_FILE})$`), kind: 'video', tokenised: true },
] as const;

/**
 * A video file's storage key is only known once the media gate names its folder (`media_key`);
 * an image's `videoId` is the video a thumbnail belongs to (null for an avatar).
 */
export type MediaPath =
  { kind: 'image'; key: string; videoId: string | null } | { kind: 'video'; videoId: string; file: string; token: string | null };

const THUMBNAIL_OF = new RegExp(`^thumbnails/(${ID})-`);

/** What a `/media/...` URL names, or null when it names nothing that can exist. */
export function parseMediaPath(url: string): MediaPath | null {
  const q = url.indexOf('?');
  let pathname = q < 0 ? url : url.slice(0, q);
  if (pathname.includes('%')) {
    try {
      pathname = decodeURIComponent(pathname);
    } catch {
      return null;
    }
  }
  for (const p of PATHS) {
    const m = p.re.exec(pathname);
    if (!m) continue;
    if (p.kind === 'image') {
      const key = `${p.dir}/${m[1]}`;
      return { kind: 'image', key, videoId: THUMBNAIL_OF.exec(key)?.[1]?.toLowerCase() ?? null };
    }
    const [token, videoId, file] = p.tokenised ? [m[1]!, m[2]!, m[3]!] : [null, m[1]!, m[2]!];
    return { kind: 'video', videoId: videoId.toLowerCase(), file, token };
  }
  return null;
}

/** The value of one cookie in a Cookie header, without parsing the others. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

/**
 * How long a file may be kept: while a video processes its playlists grow, and so does each
 * rung's one MP4 file (the byte ranges a playlist names never change, but the whole file does);
 * everything else never changes once written.
 */
function cacheControlFor(file: string, final: boolean, tokenised: boolean): string {
  if ((file.endsWith('.m3u8') || file.endsWith('.mp4')) && !final) return tokenised ? 'private, no-cache' : 'no-cache';
  return tokenised ? PRIVATE_FINAL : IMMUTABLE;
}

/**
 * The media gate's decision for one path, as the Node server and the nginx edge (`authorize`)
 * both need it: may the request's session read it, which stored object it is, and how long may
 * the answer be kept.
 */
async function decide(gate: MediaGate, media: MediaPath, cookieHeader: string | undefined) {
  if (media.kind === 'image') {
    const sid = media.videoId === null ? null : readCookie(cookieHeader, SESSION_COOKIE);
    const seen = media.videoId === null ? 'open' : await gate.thumbnail(media.videoId, sid ? sessionIdOf(sid) : null);
    // A private video's thumbnail, to its owner: kept by nobody else, asked again once it may change.
    return { allowed: true, final: true, key: media.key, cacheControl: seen === 'open' ? IMMUTABLE : 'private, no-cache' };
  }
  const sid = media.token === null ? null : readCookie(cookieHeader, SESSION_COOKIE);
  // The session cookie as it arrives, hashed, without a database lookup (see media-tokens.ts).
  const answer = await gate.decide(media.videoId, media.token, sid ? sessionIdOf(sid) : null);
  return {
    allowed: answer.allowed,
    final: answer.final,
    folder: answer.mediaKey,
    key: `${answer.mediaKey}/${media.file}`,
    cacheControl: cacheControlFor(media.file, answer.final, media.token !== null),
  };
}

const envelope = (statusCode: number, text: string) => JSON.stringify({ statusCode, data: text, message: text, success: false });
const ERRORS = {
  400: envelope(400, 'Malformed request URL'),
  403: envelope(403, 'No access to this media'),
  404: envelope(404, 'Not found'),
  500: envelope(500, 'Internal server error'),
  503: envelope(503, 'Service temporarily unavailable, please retry shortly'),
};

function sendError(res: ServerResponse, status: keyof typeof ERRORS) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = ERRORS[status];
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...(status === 503 ? { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) } : {}),
  });
  res.end(body);
}

function redirect(res: ServerResponse, location: string, cacheControl: string) {
  res.writeHead(302, { Location: location, 'Cache-Control': cacheControl, 'Content-Length': 0 });
  res.end();
}

export type MediaHandler = ((req: IncomingMessage, res: ServerResponse) => void) & { files: MediaFiles; stop: () => void };

/** URLs whose files the hot path remembers (a few hundred bytes each). */
const KNOWN_URLS = 10_000;

/**
 * `/media/...` on plain Node HTTP (GET and HEAD), files from disk (local driver) or the bucket (S3): no Fastify
 * routing, hooks, schemas or request logs on this path, since a player asks for a file every few
 * seconds per viewer. The HTTP semantics (ETag/304, Range, HEAD, caching) are in media-files.ts.
 */
export function createMediaHandler(deps: MediaParts): MediaHandler {
  const files = createMediaFiles({
    cacheBytes: deps.cacheBytes,
    // A stat per request was a fifth of a small file's cost; `video.media.gone` names deleted and moved videos instead.
    revalidateMs: keptFileRevalidation(deps.events),
  });
  const unsubscribe = forgetGoneMedia(deps.events, { gate: deps.gate, files, storage: deps.storage });

  async function handle(req: IncomingMessage, res: ServerResponse, media: MediaPath) {
    const gate = await decide(deps.gate, media, req.headers.cookie);
    if (!gate.allowed) return sendError(res, 403);
    const file = deps.storage.localPath(gate.key);
    if (file) {
      // While a video encodes its MP4 is not there yet; the lowest rung streams in its place.
      const growing = media.kind === 'video' && media.file === 'video.mp4' && !gate.final;
      if (growing && !(await exists(file)) && (await streamGrowingMp4(req, res, path.dirname(file)))) return;
      return files.serve(req, res, file, { cacheControl: gate.cacheControl, immutable: gate.final });
    }
    return sendStored(req, res, gate.key, media.kind === 'video' && media.token !== null, gate.cacheControl);
  }

  /**
   * The S3 driver. Public files redirect to their bucket or CDN URL (the API hands those out
   * directly; these paths stay for old links). An exclusive video's playlists and storyboard track
   * are streamed from the bucket, so the relative URLs inside them keep resolving under this
   * token-checked path; its segments, init segments and MP4 redirect to a presigned GET of
   * S3_PRESIGN_SECONDS (the gate was asked for that very file a moment before).
   */
  async function sendStored(req: IncomingMessage, res: ServerResponse, key: string, tokenised: boolean, cacheControl: string) {
    if (!tokenised) return redirect(res, deps.storage.publicUrl(key), cacheControl);
    if (key.endsWith('.m3u8') || key.endsWith('.vtt')) {
      const object = await deps.storage.read(key);
      if (!object) throw new MediaFileMissing();
      res.writeHead(200, {
        'Content-Type': object.contentType,
        'Content-Length': object.size,
        'Cache-Control': cacheControl,
        'X-Content-Type-Options': 'nosniff',
      });
      if (req.method === 'HEAD') {
        object.body.destroy();
        return res.end();
      }
      return pipeline(object.body, res, () => {});
    }
    const url = await deps.storage.signedUrl(key, deps.presignSeconds);
    // The redirect itself is never cached: the signed URL behind it expires.
    return redirect(res, url!, 'no-store');
  }

  /**
   * The file each URL named the last time it was served from memory: the hot path then neither
   * parses nor resolves it again. It still asks whether the video is open (forgotten when the
   * video goes) and whether the file is kept. Bounded; the least recently used URL goes first.
   */
  const knownUrls = new LRUCache<string, { media: MediaPath; file: string }>({ max: KNOWN_URLS });
  /** Whether what this process knows still lets anyone read `media` (a video's that went, or went private, no longer). */
  const stillOpen = (media: MediaPath) =>
    media.videoId === null ||
    (media.kind === 'image' ? deps.gate.thumbnailOpen(media.videoId) : deps.gate.openFolder(media.videoId) !== null);
  const KEPT = { cacheControl: IMMUTABLE, immutable: true };

  /**
   * The hot path, without a promise: an image or a file of a finished open video that this
   * process has in memory. Anything else (or anything not known yet) takes `handle`.
   */
  function serveKnown(req: IncomingMessage, res: ServerResponse, url: string, media: MediaPath): boolean {
    let key = media.kind === 'image' && stillOpen(media) ? media.key : null;
    if (media.kind === 'video' && media.token === null) {
      const folder = deps.gate.openFolder(media.videoId);
      if (folder !== null) key = `${folder}/${media.file}`;
    }
    const file = key === null ? null : deps.storage.localPath(key);
    if (file === null || !files.serveKept(req, res, file, KEPT)) return false;
    knownUrls.set(url, { media, file });
    return true;
  }

  function failed(req: IncomingMessage, res: ServerResponse, err: unknown) {
    if (err instanceof MediaFileMissing) return sendError(res, 404);
    if (err instanceof AppError) return sendError(res, err.statusCode === 403 ? 403 : 404);
    if (isDatabaseUnavailable(err)) return sendError(res, 503);
    deps.log.error({ err, url: req.url }, 'media request failed');
    sendError(res, 500);
  }

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    const hit = knownUrls.get(url);
    if (hit && stillOpen(hit.media)) {
      try {
        if (files.serveKept(req, res, hit.file, KEPT)) return;
      } catch (err) {
        return failed(req, res, err);
      }
    }
    const media = parseMediaPath(url);
    if (!media) return sendError(res, 404);
    try {
      if (serveKnown(req, res, url, media)) return;
    } catch (err) {
      return failed(req, res, err);
    }
    handle(req, res, media).catch((err: unknown) => failed(req, res, err));
  };
  return Object.assign(handler, { files, stop: unsubscribe });
}

/** Whether a raw request belongs to the media handler (the rest goes to Fastify). */
export const isMediaRequest = (req: IncomingMessage) =>
  (req.method === 'GET' || req.method === 'HEAD') && req.url !== undefined && req.url.startsWith('/media/');

/**
 * Mounts the media handler in the Fastify app, for `app.inject` (tests) and the route table; a
 * listening server hands `/media/` requests to it before Fastify sees them (app.ts). Also the
 * edge's question (`GET /api/media/authorize`, see deploy/nginx): may the session of this
 * request's cookie read the media path in `X-Media-Uri`? 204 with the file's Cache-Control in
 * `X-Media-Cache-Control`, else 403 (also for a video that does not exist).
 */
export const mediaRoutes: FastifyPluginAsync<{ gate: MediaGate; handler: MediaHandler }> = async (
  app,
  { gate: mediaGate, handler },
) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    schema: { hide: true },
    logLevel: 'silent',
    handler(request, reply) {
      reply.hijack();
      handler(request.raw, reply.raw);
    },
  });

  app.get('/api/media/authorize', { schema: { hide: true }, logLevel: 'silent' }, async (request, reply) => {
    const uri = request.headers['x-media-uri'];
    const media = typeof uri === 'string' ? parseMediaPath(uri) : null;
    reply.header('Cache-Control', 'no-store');
    if (!media) throw new Forbidden('No access to this media');
    const gate = await decide(mediaGate, media, request.headers.cookie).catch((err: unknown) => {
      if (err instanceof AppError) return null; // no such video: nobody may read it
      throw err;
    });
    if (!gate?.allowed) throw new Forbidden('No access to this media');
    // The folder the file lives in (`videos/<id>` or `exclusive/<id>`), for nginx's alias.
    if ('folder' in gate) reply.header('X-Media-Folder', gate.folder);
    return reply.code(204).header('X-Media-Cache-Control', gate.cacheControl).send();
  });
};
