import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, BadInput, TooLarge } from './errors.ts';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  path: string;
  size: number;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
  /** Removes every temp file; safe to call more than once. */
  cleanup(): Promise<void>;
}

/** The forms read for a request, whose temp files must be gone before its answer leaves. */
const formsOf = new WeakMap<FastifyRequest, MultipartForm[]>();

/**
 * Removes every form's temp files before the answer is sent (onSend). A route's own `finally`
 * runs after `reply.send()` has already written the answer, so a client (or a test listing the
 * temp folder) could otherwise see the files of a request it has its answer for.
 */
export function removeFormFilesBeforeReply(app: FastifyInstance) {
  // A callback hook: an answer without forms (nearly all) costs no promise.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const forms = formsOf.get(request);
    if (!forms) return done(null, payload);
    Promise.all(forms.map((form) => form.cleanup())).then(() => done(null, payload), done);
  });
}

/**
 * Streams a multipart body to temp files (never buffering a file in memory), enforcing a byte
 * limit per file field. Files of fields not listed in `fileLimits` are drained and dropped.
 * On any error the temp files are removed before the error propagates.
 */
export async function readMultipart(
  request: FastifyRequest,
  opts: { tmpDir: string; fileLimits: Record<string, number> },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new BadInput('Expected a multipart/form-data body');
  await fs.mkdir(opts.tmpDir, { recursive: true });
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  const written: string[] = [];
  const streams: WriteStream[] = [];
  const cleanup = async () => {
    // A write stream an error destroyed may still be opening its file: removed once it is closed,
    // or the file its late open creates would outlive the removal.
    await Promise.all(streams.map((stream) => (stream.closed ? undefined : once(stream, 'close').catch(() => undefined))));
    await Promise.all(written.map((p) => fs.rm(p, { force: true })));
  };
  const largest = Math.max(1, ...Object.values(opts.fileLimits));
  try {
    for await (const part of request.parts({ limits: { fileSize: largest, files: 10, fields: 50, fieldSize: 1024 * 1024 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const limit = opts.fileLimits[part.fieldname];
      if (limit === undefined || files[part.fieldname]) {
        part.file.resume();
        continue;
      }
      const dest = path.join(opts.tmpDir, `${randomUUID()}.upload`);
      written.push(dest);
      let size = 0;
      const metrics = request.server.metrics;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          metrics?.uploaded(part.fieldname, chunk.length);
          if (size > limit) done(new TooLarge(`File too large: ${part.fieldname}`));
          else done(null, chunk);
        },
      });
      const out = createWriteStream(dest);
      streams.push(out);
      await pipeline(part.file, counter, out);
      if (part.file.truncated) throw new TooLarge(`File too large: ${part.fieldname}`);
      files[part.fieldname] = { filename: part.filename, mimetype: part.mimetype, path: dest, size };
    }
  } catch (err) {
    await cleanup();
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new TooLarge('File too large');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new BadInput('Too many parts in the form');
    }
    if (isParserError(err)) throw new BadInput('Malformed multipart body');
    throw err;
  }
  const form = { fields, files, cleanup };
  formsOf.set(request, [...(formsOf.get(request) ?? []), form]);
  return form;
}

/**
 * The multipart parser reports bad input (no boundary, a body cut short, a broken part header)
 * as plain errors without a code; system errors (disk full) carry errno and stay 500s.
 */
function isParserError(err: unknown): boolean {
  return err instanceof Error && !(err instanceof AppError) && !('code' in err) && !('errno' in err);
}
