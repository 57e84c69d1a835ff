import type { FastifyReply } from 'fastify';

/**
 * Takes over `reply` as a Server-Sent Events stream (the notification stream, a video's live chat):
 * writes the status and headers, with those the hooks set (security, cache control: a hijacked
 * reply skips its own sending), and the `retry` a client waits before it reconnects.
 */
export function startEventStream(reply: FastifyReply, retrySeconds: number) {
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx: pass each event on at once (deploy/ profiles also turn buffering off for this path).
    'x-accel-buffering': 'no',
  });
  reply.raw.write(`retry: ${retrySeconds * 1000}\n: connected\n\n`);
  return reply.raw;
}
