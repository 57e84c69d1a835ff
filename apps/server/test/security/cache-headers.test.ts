import { describe, expect, it } from 'vitest';
import { createVideo } from '../factories.ts';
import { createTestContext, registerUser } from '../support.ts';

// Issue 21, item 6: per-user answers (/api/users/me, /api/purchase/track, watch answers with token
// URLs…) carried no Cache-Control, so a shared or browser cache could keep one person's answer.
// Every /api answer is `private, no-store` unless its route declares otherwise; the public list
// pages declare `public, no-cache`; media and the web app keep their own headers.

const ctx = await createTestContext();
const { app } = ctx;
const owner = await registerUser(ctx);
const other = await registerUser(ctx);
const exclusive = await createVideo(ctx.db, owner.id, { isExclusive: true });
const open = await createVideo(ctx.db, owner.id);
await ctx.db.updateTable('videos').set({ has_hls: true, has_mp4: true }).where('id', 'in', [exclusive, open]).execute();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'HEAD';
const call = (method: Method, url: string, cookie?: string, more: { payload?: unknown; headers?: Record<string, string> } = {}) =>
  app.inject({ method, url, payload: more.payload as string, headers: { ...(cookie ? { cookie } : {}), ...more.headers } });

const PRIVATE = 'private, no-store';

describe('Cache-Control of API answers', () => {
  it.each<[string, Method, string | (() => string), 'owner' | 'other' | null]>([
    ['/me', 'GET', '/api/users/me', 'owner'],
    ['current_user', 'GET', '/api/users/current_user', 'owner'],
    ['a channel (isSubscribed is the viewer’s)', 'GET', () => `/api/users/channel/${owner.id}`, 'other'],
    ['purchase history', 'GET', '/api/purchase/track', 'other'],
    ['earnings', 'GET', '/api/purchase/earnings', 'owner'],
    ['purchase info', 'GET', () => `/api/purchase/info/${exclusive}`, 'other'],
    ['watch history', 'GET', '/api/watchHistory', 'other'],
    ['liked videos', 'GET', '/api/like/likedVideos', 'other'],
    ['dashboard videos', 'GET', () => `/api/dashboard/videos/${owner.id}`, 'owner'],
    ['dashboard stats', 'GET', () => `/api/dashboard/stats/${owner.id}`, 'owner'],
    ['video details', 'GET', () => `/api/video/details/${open}`, null],
    ['an open video’s watch answer (isLiked, isSubscribed)', 'GET', () => `/api/video/v/${open}`, 'other'],
    ['health', 'GET', '/api/health', null],
  ])('%s: private, no-store', async (_name, method, url, who) => {
    const cookie = who === 'owner' ? owner.cookie : who === 'other' ? other.cookie : undefined;
    const res = await call(method, typeof url === 'function' ? url() : url, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe(PRIVATE);
  });

  it('a watch answer with token URLs is private, no-store', async () => {
    const res = await call('GET', `/api/video/v/${exclusive}`, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.hlsUrl).toMatch(/^\/media\/t\//);
    expect(res.headers['cache-control']).toBe(PRIVATE);
  });

  it('sign-in and register answers (they set the session cookie) and state changes are private, no-store', async () => {
    const login = await call('POST', '/api/users/login', undefined, {
      payload: { username: owner.username, password: owner.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['set-cookie']).toBeDefined();
    expect(login.headers['cache-control']).toBe(PRIVATE);
    const registered = await registerUser(ctx);
    const renamed = await call('PATCH', '/api/users/update_details', registered.cookie, { payload: { fullname: 'Renamed' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers['cache-control']).toBe(PRIVATE);
  });

  it('errors are private, no-store too: 400, 401, 404 (routed or not), 401 of an exclusive video', async () => {
    for (const [method, url, cookie, status] of [
      ['GET', '/api/users/me', undefined, 401],
      ['GET', '/api/video?sortBy=nonsense', undefined, 400],
      ['GET', '/api/video/details/not-an-id', undefined, 400],
      ['GET', `/api/video/v/${exclusive}`, other.cookie, 401],
      ['GET', '/api/no/such/route', undefined, 404],
      ['DELETE', `/api/video/v/${open}`, other.cookie, 403],
    ] as const) {
      const res = await call(method, url, cookie);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['cache-control'], url).toBe(PRIVATE);
    }
  });

  it('resumable upload answers (written by tus on the raw response) are private, no-store, refusals too', async () => {
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await call('POST', '/api/uploads/', owner.cookie, { headers: { ...tus, 'upload-length': '10' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe(PRIVATE);
    const url = String(created.headers.location);
    const head = await call('HEAD', url, owner.cookie, { headers: tus });
    expect(head.statusCode).toBe(200);
    // tus writes `no-store` on every HEAD itself (the protocol's rule): kept by nobody either.
    expect(head.headers['cache-control']).toBe('no-store');
    const patched = await call('PATCH', url, owner.cookie, {
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.alloc(10, 1),
    });
    expect(patched.statusCode).toBe(204);
    expect(patched.headers['cache-control']).toBe(PRIVATE);
    const refused = await call('HEAD', url, other.cookie, { headers: tus });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['cache-control']).toBe(PRIVATE);
    const anonymous = await call('HEAD', url, undefined, { headers: tus });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe(PRIVATE);
  });

  it('the public list pages declare their own caching: public, no-cache, the same for every viewer', async () => {
    for (const url of ['/api/video?page=1', `/api/video?page=1&query=factory`, '/api/video?page=1&sortBy=views&sortType=desc']) {
      for (const cookie of [undefined, other.cookie]) {
        const res = await call('GET', url, cookie);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('public, no-cache');
      }
    }
  });

  it('media files and the web app keep their own headers', async () => {
    const me = (await call('GET', '/api/users/me', owner.cookie)).json().data;
    const avatar = await call('GET', me.avatar);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
