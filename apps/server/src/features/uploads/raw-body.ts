import type { IncomingMessage } from 'node:http';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Server } from '@tus/server';
import type { DataStore, Upload } from '@tus/utils';

const RAW = Symbol('the Node request of a PATCH');
type RawBody = { [RAW]: IncomingMessage };
type Context = { signal: AbortSignal };
type WriteToStore = (body: unknown, upload: Upload, maxSize: number, context: Context) => Promise<number>;

/** What @tus/server answers when a PATCH stops short (the client went away) or sends too much. */
const ABORTED = { status_code: 400, body: 'Request aborted due to lock acquired' };
const TOO_LARGE = { status_code: 413, body: 'Maximum size exceeded\n' };

/**
 * @tus/server 2 reads a PATCH body as a web stream made from the Node request and back again
 * (srvx `Readable.toWeb`, then `Readable.fromWeb`): two conversions per chunk, which cost about
 * 40 % of the upload throughput on a 2-core machine (bench/tus-upload.ts). With this, the store
 * reads the Node request itself, with the library's own semantics (`BaseHandler.writeToStore`):
 * a proxy stream so an error never destroys the request, a size limit, and a cut connection ends
 * the write with what arrived (the offset a resumed upload goes on from).
 *
 * `useRawBody` is called for each PATCH before the handler touches `req.body` (from
 * `onIncomingRequest`), so the web stream is never made and the request is read once.
 */
export function streamRawBodies(server: Server, store: DataStore) {
  const handler = (server as unknown as { handlers: { PATCH: { writeToStore: WriteToStore } } }).handlers.PATCH;
  const original = handler.writeToStore.bind(handler);
  handler.writeToStore = (body, upload, maxSize, context) =>
    body && typeof body === 'object' && RAW in body
      ? writeRaw((body as RawBody)[RAW], store, upload, maxSize, context)
      : original(body, upload, maxSize, context);
}

export function useRawBody(req: object, raw: IncomingMessage) {
  Object.defineProperty(req, 'body', { value: { [RAW]: raw } satisfies RawBody, configurable: true });
}

async function writeRaw(raw: IncomingMessage, store: DataStore, upload: Upload, maxSize: number, context: Context) {
  if (context.signal.aborted) throw ABORTED;
  const proxy = new PassThrough({ highWaterMark: 1024 * 1024 });
  let sourceError: unknown;
  raw.on('error', (err) => {
    sourceError = err;
    raw.unpipe(proxy);
    if (!context.signal.aborted) proxy.destroy(err);
  });
  const onAbort = () => {
    raw.unpipe(proxy);
    if (!proxy.destroyed) proxy.end();
  };
  context.signal.addEventListener('abort', onAbort, { once: true });
  let seen = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > maxSize) done(Object.assign(new Error('Maximum size exceeded'), { tooLarge: true }));
      else done(null, chunk);
    },
  });
  try {
    // The destination gets the limiter itself, a Readable (typed as an async iterable).
    const written: unknown = await pipeline(raw.pipe(proxy), limit, (source: AsyncIterable<Buffer>) =>
      store.write(source as unknown as Readable, upload.id, upload.offset),
    );
    return written as number;
  } catch (err) {
    raw.unpipe(proxy);
    if ((err as { tooLarge?: boolean }).tooLarge) throw TOO_LARGE;
    if (err === sourceError || (err instanceof Error && err.name === 'AbortError')) throw ABORTED;
    throw err;
  } finally {
    context.signal.removeEventListener('abort', onAbort);
  }
}
