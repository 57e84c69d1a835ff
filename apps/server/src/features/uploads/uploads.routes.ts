import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { UploadsService } from './uploads.service.ts';
import { errorTextIn, requestLocale } from '../../lib/error-language.ts';
import { AppError, NotFound } from '../../lib/errors.ts';
import { requireViewer, signedIn } from '../../plugins/auth.ts';
import { setPrivateNoStore } from '../../plugins/cache-control.ts';
import { UPLOAD_ID, UPLOADS_PATH } from './uploads.service.ts';

/**
 * tus 1.0 at `/api/uploads/` (features/uploads/uploads.service.ts). Every request needs a session
 * (401 before tus sees it) and the state-changing ones pass the same-origin guard like any POST.
 * The body of a PATCH is left unread by Fastify and streamed by tus straight to the store. Every
 * refusal is answered in the API's JSON error envelope, whatever tus wrote (`jsonErrors`).
 */
export const uploadsRoutes: FastifyPluginAsync<{ uploads: UploadsService }> = async (app, { uploads }) => {
  // Chunks are streamed by tus, never parsed or buffered here.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const toTus = async (request: FastifyRequest, reply: FastifyReply) => {
    const viewer = requireViewer(request);
    const { uploadId } = request.params as { uploadId?: string };
    if (uploadId !== undefined && !UPLOAD_ID.test(uploadId)) throw new NotFound('Upload not found');
    if (request.headers['tus-resumable'] !== '1.0.0') throw new AppError(412, 'Tus-Resumable: 1.0.0 is required');
    // Hijacked: no hook sees what tus writes, so the API's caching rule is set here.
    setPrivateNoStore(reply);
    reply.hijack();
    // The refusal's text in the request's language, as the error handler writes it (docs/languages.md).
    const locale = requestLocale(request, request.server.errorDefaultLocale ?? 'en');
    await uploads.handle(
      request.raw,
      jsonErrors(reply.raw, (text) => errorTextIn(text, locale)),
      viewer._id,
    );
  };
  const options = { config: signedIn, schema: { hide: true } } as const;
  // The tus endpoint is `/api/uploads/`; creation is taken without the slash too.
  app.post(UPLOADS_PATH, options, toTus);
  app.post(`${UPLOADS_PATH}/`, options, toTus);
  app.head(`${UPLOADS_PATH}/:uploadId`, options, toTus);
  app.patch(`${UPLOADS_PATH}/:uploadId`, options, toTus);
  app.delete(`${UPLOADS_PATH}/:uploadId`, options, toTus);
};

/**
 * tus answers errors in plain text; this holds back the head and body of any answer ≥ 400 and
 * sends `{ statusCode, data, message, success: false }` as JSON instead, with tus's other headers
 * (Tus-Resumable, Upload-Offset…) kept. Successful answers pass through untouched.
 */
function jsonErrors(res: ServerResponse, translate: (text: string) => string): ServerResponse {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let held: { status: number; headers: [string, string][] } | null = null;
  const text: Buffer[] = [];
  const collect = (chunk: unknown) => {
    if (chunk && typeof chunk !== 'function') text.push(Buffer.from(chunk as string));
  };
  Object.assign(res, {
    writeHead(status: number, ...rest: unknown[]) {
      if (status < 400) return writeHead(status, ...rest);
      const raw = rest.find((r) => typeof r === 'object' && r !== null) ?? [];
      const pairs: [string, string][] = [];
      if (Array.isArray(raw)) for (let i = 0; i < raw.length; i += 2) pairs.push([String(raw[i]), String(raw[i + 1])]);
      else for (const [k, v] of Object.entries(raw as Record<string, unknown>)) pairs.push([k, String(v)]);
      held = { status, headers: pairs.filter(([k]) => !/^content-(length|type)$/i.test(k)) };
      return res;
    },
    write(chunk: unknown, ...rest: unknown[]) {
      if (!held) return write(chunk, ...rest);
      collect(chunk);
      return true;
    },
    end(chunk?: unknown, ...rest: unknown[]) {
      if (!held) return end(chunk, ...rest);
      collect(chunk);
      const message = translate(Buffer.concat(text).toString('utf8').trim() || 'Upload refused');
      const body = JSON.stringify({ statusCode: held.status, data: message, message, success: false });
      const { status, headers: kept } = held;
      // Passing through from here on: some responses' `end` calls `this.write`.
      held = null;
      const headers = Object.fromEntries(kept);
      writeHead(status, {
        ...headers,
        'content-type': 'application/json; charset=utf-8',
        vary: 'Cookie, Accept-Language',
        'content-length': Buffer.byteLength(body),
      });
      return end(body);
    },
  });
  return res;
}
