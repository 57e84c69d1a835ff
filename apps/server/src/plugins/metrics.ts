import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../ops/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's metrics (served by the metrics listener, never by this app). */
    metrics: Metrics | null;
  }
}

/**
 * Counts every answered request by its route pattern (`/api/video/v/:videoId`, never the raw URL,
 * so the series stay few); requests no route matched count as `unmatched`.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics | undefined) {
  app.decorate('metrics', metrics ?? null);
  if (!metrics) return;
  // A callback hook: counting costs no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
