import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestContext } from '../../test/support.ts';

const ctx = await createTestContext();

/** An app on the test's parts whose log lines are kept, with LOG_REQUESTS = `mode`. */
async function appLogging(mode: 'errors' | 'all') {
  const lines: { msg: string; statusCode?: number; url?: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  const app = await buildApp(
    { ...ctx.deps, config: { ...ctx.config, logRequests: mode } },
    { logger: pino({ level: 'info' }, sink) },
  );
  return { app, lines };
}

describe('request logs (LOG_REQUESTS)', () => {
  const apps: { close(): Promise<unknown> }[] = [];
  afterAll(async () => Promise.all(apps.map((a) => a.close())));

  it('writes nothing for a quick successful answer by default, and no line of Fastify its own', async () => {
    const { app, lines } = await appLogging('errors');
    apps.push(app);
    expect((await app.inject({ method: 'GET', url: '/api/video?page=1' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/no-such-route' })).statusCode).toBe(404);
    expect(lines.filter((l) => /request/.test(l.msg))).toEqual([]);
  });

  it('writes one line per request with `all`', async () => {
    const { app, lines } = await appLogging('all');
    apps.push(app);
    await app.inject({ method: 'GET', url: '/api/video?page=1' });
    await app.inject({ method: 'GET', url: '/api/no-such-route' });
    const requests = lines.filter((l) => /request/.test(l.msg));
    expect(requests.map((l) => [l.msg, l.url, l.statusCode])).toEqual([
      ['request', '/api/video?page=1', 200],
      ['request', '/api/no-such-route', 404],
    ]);
  });
});
