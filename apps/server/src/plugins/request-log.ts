import type { FastifyInstance } from 'fastify';

/** An answer slower than this is logged whatever LOG_REQUESTS says. */
const SLOW_MS = 1000;

/**
 * One log line per request worth reading (LOG_REQUESTS): by default only answers ≥ 500 and slow
 * ones, `all` for every request. Fastify's own two lines per request are off (app.ts): counting
 * requests is the metrics' job (plugins/metrics.ts), an access log the reverse proxy's, and
 * writing two JSON lines cost about an eighth of a list call's time.
 */
export function registerRequestLog(app: FastifyInstance, mode: 'errors' | 'all') {
  // A callback hook: nothing per request but the comparison unless a line is written.
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const failed = reply.statusCode >= 500;
    if (mode === 'all' || failed || ms >= SLOW_MS) {
      const line = { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(ms) };
      if (failed) request.log.error(line, 'request failed');
      else if (ms >= SLOW_MS) request.log.warn(line, 'slow request');
      else request.log.info(line, 'request');
    }
    done();
  });
}
