import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** An answer slower than this is logged whatever LOG_REQUESTS says. */
const SLOW_MS = 1000;

/**
 * Fastify's log lines for requests (its LogController), one per request worth reading
 * (LOG_REQUESTS): by default only answers ≥ 500 and slow ones, `all` for every request; never the
 * "incoming request" line. Counting requests is the metrics' job (plugins/metrics.ts), an access
 * log the reverse proxy's; two JSON lines per request cost about an eighth of a list call's time.
 * Fastify's other lines (errors of its own handler, stream errors) stay as they are.
 */
class RequestLog extends LogController {
  constructor(private readonly mode: 'errors' | 'all') {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const ms = reply.elapsedTime;
    const failed = Boolean(error) || reply.statusCode >= 500;
    if (this.mode !== 'all' && !failed && ms < SLOW_MS) return;
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(ms) };
    if (failed) reply.log.error({ ...line, ...(error ? { err: error } : {}) }, 'request failed');
    else if (ms >= SLOW_MS) reply.log.warn(line, 'slow request');
    else reply.log.info(line, 'request');
  }
}

export const requestLog = (mode: 'errors' | 'all') => new RequestLog(mode);
