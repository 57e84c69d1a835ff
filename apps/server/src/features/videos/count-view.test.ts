import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support.ts';
import { createUser, createVideo } from '../../../test/factories.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { registerRender } from '../../plugins/render-calls.ts';

/**
 * POST /api/video/v/:videoId/view: the watch page's view, sent by the browser once it has the page.
 * The server's render of the page asks the watch call for its visitor and counts none (a GET of a
 * page changes nothing); this call counts by the watch call's rule, for whoever may watch.
 */
const ctx = await createTestContext({ VIEW_FLUSH_MS: '60000' });
const { app, db } = ctx;
const { views } = ctx.deps.services;

const storedViews = async (videoId: string) => {
  await views.flush();
  return (await db.selectFrom('videos').select('views').where('id', '=', videoId).executeTakeFirstOrThrow()).views;
};
const countView = (videoId: string, headers: Record<string, string> = {}, remoteAddress = '198.51.100.20') =>
  app.inject({ method: 'POST', url: `/api/video/v/${videoId}/view`, remoteAddress, headers });
const cookieOf = async (userId: string) => `${SESSION_COOKIE}=${(await ctx.deps.services.sessions.start(userId)).token}`;

describe('POST /api/video/v/:videoId/view', () => {
  it('counts an anonymous visit once per viewer and hour', async () => {
    const owner = await createUser(db);
    const videoId = await createVideo(db, owner.id);
    const first = await countView(videoId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, data: { counted: true } });
    expect((await countView(videoId)).json().data).toEqual({ counted: false });
    expect(await storedViews(videoId)).toBe(1);
    // Another address is another viewer.
    expect((await countView(videoId, {}, '198.51.100.21')).json().data).toEqual({ counted: true });
    expect(await storedViews(videoId)).toBe(2);
  });

  it("counts a signed-in viewer's visit and the owner's own, each once", async () => {
    const owner = await createUser(db);
    const viewer = await createUser(db);
    const videoId = await createVideo(db, owner.id);
    const viewerCookie = { cookie: await cookieOf(viewer.id) };
    const ownerCookie = { cookie: await cookieOf(owner.id) };
    expect((await countView(videoId, viewerCookie, '198.51.100.30')).json().data).toEqual({ counted: true });
    expect((await countView(videoId, viewerCookie, '198.51.100.31')).json().data).toEqual({ counted: false });
    expect((await countView(videoId, ownerCookie, '198.51.100.32')).json().data).toEqual({ counted: true });
    expect(await storedViews(videoId)).toBe(2);
  });

  it('refuses as the watch call does: an exclusive video without access, a video not ready, a missing or malformed id', async () => {
    const owner = await createUser(db);
    const exclusive = await createVideo(db, owner.id, { isExclusive: true, priceMinor: 1000 });
    const refused = await countView(exclusive);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().success).toBe(false);
    expect((await countView(exclusive, { cookie: await cookieOf(owner.id) })).json().data).toEqual({ counted: true });
    const processing = await createVideo(db, owner.id, { status: 'processing' });
    expect((await countView(processing)).statusCode).toBe(404);
    expect((await countView(processing, { cookie: await cookieOf(owner.id) })).json().data).toEqual({ counted: false });
    expect((await countView('01a22621-64b4-7b8e-a1ae-18a10c29b91b')).statusCode).toBe(404);
    const malformed = await countView('not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().success).toBe(false);
    expect(await storedViews(exclusive)).toBe(1);
  });

  it('is refused from another site and counts nothing then', async () => {
    const owner = await createUser(db);
    const videoId = await createVideo(db, owner.id);
    const foreign: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }];
    for (const headers of foreign) {
      expect((await countView(videoId, headers)).statusCode).toBe(403);
    }
    expect(await storedViews(videoId)).toBe(0);
  });
});

describe("the watch call made by a page's render", () => {
  it('counts no view; the same call from outside counts one', async () => {
    const owner = await createUser(db);
    const videoId = await createVideo(db, owner.id);
    const render = registerRender(null);
    const watch = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: `/api/video/v/${videoId}`, remoteAddress: '198.51.100.40', headers });
    expect((await watch(render.header)).statusCode).toBe(200);
    render.release();
    expect(await storedViews(videoId)).toBe(0);
    // A released key means nothing: an ordinary call, which counts.
    expect((await watch(render.header)).statusCode).toBe(200);
    expect(await storedViews(videoId)).toBe(1);
  });
});
