import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { Id } from '@streamhub/contract';
import type { AppDeps } from '../../deps.ts';
import { Forbidden, NotFound } from '../../lib/errors.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { sessionIdOf } from '../sessions/sessions.service.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Files are read in 256 KiB chunks instead of 64 KiB: a 4 MB segment went from 141 to 429 req/s
 * (bench/media-serving.ts). @fastify/static hands these options to @fastify/send, whose
 * `highWaterMark` its own typings do not list.
 */
const STREAM_OPTIONS = { highWaterMark: 256 * 1024 } as object;
/** Names of files inside a video folder (HLS, MP4, storyboard sheets and track): no dot-segments, no absolute paths. */
const FilePath = z.string().regex(/^(?:[\w-]+\/)*[\w-]+\.(?:m3u8|m4s|mp4|jpg|webp|vtt)$/, 'Invalid media path');

/**
 * `/media/...`, with Range (206) and content types. Every video file passes the access module's
 * media gate: public videos are open; exclusive ones need a valid token in the path, sent with the
 * session cookie it was issued to, of a viewer the watch rule lets in.
 *
 * Local driver: the files are sent from disk. S3 driver: public files redirect to their bucket or
 * CDN URL (the API hands those out directly; these paths stay for old links); an exclusive
 * video's playlists and storyboard track are streamed from the bucket, so the relative URLs inside them keep resolving
 * under this token-checked path, and its segments, init segments and MP4 redirect to a presigned
 * GET of S3_PRESIGN_SECONDS (the gate has been asked for that very file a moment before).
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { storage } = deps;
  const gate = deps.services.access;
  const schema = { hide: true } as const;

  const sendLocal = (reply: FastifyReply, file: string, cacheControl: string) => {
    reply.header('Cache-Control', cacheControl);
    return reply.sendFile(path.basename(file), path.dirname(file), STREAM_OPTIONS);
  };

  const sendPublic = (reply: FastifyReply, key: string, cacheControl: string) => {
    const file = storage.localPath(key);
    if (file) return sendLocal(reply, file, cacheControl);
    return reply.header('Cache-Control', cacheControl).redirect(storage.publicUrl(key), 302);
  };

  const sendPrivate = async (reply: FastifyReply, key: string, cacheControl: string) => {
    const file = storage.localPath(key);
    if (file) return sendLocal(reply, file, cacheControl);
    // Text files whose relative URIs must stay on this checked path: playlists, the storyboard track.
    if (key.endsWith('.m3u8') || key.endsWith('.vtt')) {
      const object = await storage.read(key);
      if (!object) throw new NotFound('Not found');
      return reply
        .header('Cache-Control', cacheControl)
        .header('Content-Length', object.size)
        .type(object.contentType)
        .send(object.body);
    }
    const url = await storage.signedUrl(key, deps.config.storage.presignSeconds);
    // The redirect itself is never cached: the signed URL behind it expires.
    return reply.header('Cache-Control', 'no-store').redirect(url!, 302);
  };

  app.get(
    '/avatars/:file',
    { schema: { ...schema, params: z.object({ file: z.string().regex(/^[\w-]+\.webp$/) }) } },
    (request, reply) => sendPublic(reply, `avatars/${request.params.file}`, IMMUTABLE),
  );
  app.get(
    '/thumbnails/:file',
    { schema: { ...schema, params: z.object({ file: z.string().regex(/^[\w-]+\.(webp|jpg)$/) }) } },
    (request, reply) => sendPublic(reply, `thumbnails/${request.params.file}`, IMMUTABLE),
  );

  app.get(
    '/videos/:videoId/*',
    { schema: { ...schema, params: z.object({ videoId: Id, '*': FilePath }) } },
    async (request, reply) => {
      const { videoId, '*': file } = request.params;
      const access = await gate.mediaAccess(videoId, null, null);
      if (!access.allowed) throw new Forbidden('No access to this media');
      return sendPublic(reply, `${access.mediaKey}/${file}`, cacheFor(file, access.final, IMMUTABLE));
    },
  );

  app.get(
    '/t/:token/videos/:videoId/*',
    { schema: { ...schema, params: z.object({ token: z.string(), videoId: Id, '*': FilePath }) } },
    async (request, reply) => {
      const { token, videoId, '*': file } = request.params;
      // The session cookie as it arrives, hashed, without a database lookup (see media-tokens.ts).
      const sid = request.cookies[SESSION_COOKIE];
      const access = await gate.mediaAccess(videoId, token, sid ? sessionIdOf(sid) : null);
      if (!access.allowed) throw new Forbidden('No access to this media');
      return sendPrivate(reply, `${access.mediaKey}/${file}`, cacheFor(file, access.final, 'private, max-age=3600'));
    },
  );
};

/** Playlists still grow while a video processes; everything else never changes once written. */
function cacheFor(file: string, final: boolean, finalPolicy: string): string {
  if (file.endsWith('.m3u8') && !final) return 'no-cache';
  return finalPolicy;
}
