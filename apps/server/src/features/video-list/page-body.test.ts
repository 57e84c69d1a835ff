import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createVideo } from '../../../test/factories.ts';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { pageBody, sendPageBody } from './page-body.ts';

// A list page is sent from bytes serialised once (page-body.ts); it must go out exactly as the
// string it replaced did: same body bytes, same Content-Length (bytes, not characters), same type.

const ctx = await createTestContext();
const data = { videos: [{ title: 'Café ✓ 日本 🎸', description: 'NUL \u0000 and "quotes"' }], total: 1 };

describe('pageBody / sendPageBody', () => {
  it('sends the bytes and headers the serialised string sent', async () => {
    const app = Fastify();
    app.get('/string', (_request, reply) =>
      reply
        .code(200)
        .type('application/json; charset=utf-8')
        .header('Cache-Control', 'public, no-cache')
        .send(JSON.stringify({ statusCode: 200, data, message: 'Success', success: true })),
    );
    app.get('/bytes', (_request, reply) => sendPageBody(reply, pageBody(data)));
    const [before, after] = await Promise.all([app.inject('/string'), app.inject('/bytes')]);
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
    const { date: _a, ...beforeHeaders } = before.headers;
    const { date: _b, ...afterHeaders } = after.headers;
    expect(afterHeaders).toEqual(beforeHeaders);
    expect(Number(after.headers['content-length'])).toBe(after.rawPayload.length);
    expect(after.json()).toEqual({ statusCode: 200, data, message: 'Success', success: true });
    await app.close();
  });

  it('is what GET /api/video sends, cached or not', async () => {
    const owner = await registerUser(ctx);
    await createVideo(ctx.db, owner.id, { title: 'Café ✓ 日本 🎸' });
    const url = `/api/video?page=1&name=${owner.username}`;
    const [first, cached] = [await ctx.app.inject(url), await ctx.app.inject(url)];
    for (const res of [first, cached]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, no-cache');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.json().data.videos[0].title).toBe('Café ✓ 日本 🎸');
    }
    expect(cached.rawPayload.equals(first.rawPayload)).toBe(true);
  });
});
