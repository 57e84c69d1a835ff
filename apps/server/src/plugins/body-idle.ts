import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors.ts';

/** The text of the 408 a request whose body stopped arriving gets. */
export const BODY_IDLE_TEXT = 'Request body timed out';

/**
 * A request whose body stops arriving for `idleMs` (BODY_IDLE_TIMEOUT_SECONDS) ends with 408 and
 * its connection is closed: a client sending a byte every few seconds would otherwise hold a
 * connection, a handler and (for uploads) a temp file for as long as it likes. Every body counts
 * (JSON, multipart uploads, tus PATCH), however the route reads it.
 *
 * Idle means: no byte read from the connection and nothing read but not yet taken by the route,
 * so a route that is slow to take the body (waiting on the disk or the database) is never
 * blamed for it. The socket's byte count is looked at a few times per period: nothing is
 * attached to the body stream itself, which stays the route's to read.
 */
export function registerBodyIdleTimeout(app: FastifyInstance, idleMs: number) {
  if (idleMs <= 0) return;
  const everyMs = Math.max(50, Math.min(1000, Math.floor(idleMs / 4)));
  app.addHook('onRequest', (request, reply, done) => {
    const req = request.raw;
    const socket = req.socket;
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    // No body, all of it already here, or no connection (app.inject).
    if (!hasBody || req.complete || typeof socket?.bytesRead !== 'number') return done();
    let seen = socket.bytesRead;
    let idleSince = Date.now();
    const timer = setInterval(() => {
      if (req.complete || socket.destroyed) return clearInterval(timer);
      if (socket.bytesRead !== seen || req.readableLength > 0) {
        seen = socket.bytesRead;
        idleSince = Date.now();
        return;
      }
      if (Date.now() - idleSince < idleMs) return;
      clearInterval(timer);
      request.log.info({ idleMs }, 'request body idle: 408');
      const res = reply.raw;
      if (res.headersSent) return socket.destroy();
      // The route still waiting for the body fails when the connection closes; its reply is not sent.
      res.once('finish', () => socket.destroy());
      if (!reply.sent) return void sendError(reply.header('connection', 'close'), 408, BODY_IDLE_TEXT);
      // A route that took the response over (tus, which may have wrapped its methods): written as is.
      const body = JSON.stringify({ statusCode: 408, data: BODY_IDLE_TEXT, message: BODY_IDLE_TEXT, success: false });
      http.ServerResponse.prototype.writeHead.call(res, 408, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'cache-control': 'private, no-store',
        connection: 'close',
      });
      http.ServerResponse.prototype.end.call(res, body, 'utf8', () => {});
    }, everyMs);
    timer.unref();
    const stop = () => clearInterval(timer);
    req.once('close', stop);
    reply.raw.once('finish', stop);
    done();
  });
}
