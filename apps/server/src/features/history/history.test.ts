import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, errorEnvelope, registerUser } from '../../../test/support.ts';
import { createUser, createVideo } from '../../../test/factories.ts';
import { newId } from '../../lib/ids.ts';

const ctx = await createTestContext();
const { app, db } = ctx;

const track = (videoId: string, cookie?: string) =>
  app.inject({ method: 'POST', url: `/api/watchHistory/track/${videoId}`, headers: cookie ? { cookie } : {} });
const history = (cookie: string) => app.inject({ method: 'GET', url: '/api/watchHistory', headers: { cookie } });
const remove = (entryId: string, cookie?: string) =>
  app.inject({ method: 'DELETE', url: `/api/watchHistory/remove/${entryId}`, headers: cookie ? { cookie } : {} });

describe('POST /api/watchHistory/track/:videoId', () => {
  it('records a video once per UTC day: the entry, then null', async () => {
    const viewer = await registerUser(ctx);
    const owner = await createUser(db, { fullname: 'History Owner' });
    const videoId = await createVideo(db, owner.id, { title: 'Tracked' });
    const first = await track(videoId, viewer.cookie);
    expect(first.statusCode).toBe(200);
    const entry = first.json().data;
    expect(entry).toEqual({
      _id: expect.any(String),
      watchedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      videoId,
      video: expect.objectContaining({
        _id: videoId,
        title: 'Tracked',
        owner: [expect.objectContaining({ _id: owner.id, fullname: 'History Owner' })],
      }),
    });
    expect(JSON.stringify(entry)).not.toMatch(/videoFile|hlsUrl/);
    const again = await track(videoId, viewer.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ statusCode: 200, success: true, data: null });
    const rows = await db.selectFrom('watch_history').select('id').where('user_id', '=', viewer.id).execute();
    expect(rows.map((r) => r.id)).toEqual([entry._id]);
  });

  it('tracks again on a new day, and concurrent tracks make one entry', async () => {
    const viewer = await registerUser(ctx);
    const owner = await createUser(db);
    const videoId = await createVideo(db, owner.id);
    await db
      .insertInto('watch_history')
      .values({
        id: newId(),
        user_id: viewer.id,
        video_id: videoId,
        watched_on: sql<string>`(now() AT TIME ZONE 'UTC')::date - 1`,
        watched_at: new Date(Date.now() - 86_400_000),
      })
      .execute();
    const results = await Promise.all(Array.from({ length: 8 }, () => track(videoId, viewer.cookie)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.json().data !== null).length).toBe(1);
    expect((await history(viewer.cookie)).json().data).toHaveLength(2);
  });

  it('answers 404 for a missing or unlisted video, 400 for a malformed id, 401 when anonymous', async () => {
    const viewer = await registerUser(ctx);
    const owner = await createUser(db);
    const processing = await createVideo(db, owner.id, { status: 'processing' });
    expect((await track('0190a5f0-0000-7000-8000-000000000000', viewer.cookie)).statusCode).toBe(404);
    expect((await track(processing, viewer.cookie)).statusCode).toBe(404);
    expect((await track('nope', viewer.cookie)).statusCode).toBe(400);
    const ready = await createVideo(db, owner.id);
    expect((await track(ready)).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/watchHistory' })).statusCode).toBe(401);
  });
});

describe('watch history and access', () => {
  it('tracks an exclusive video only for who may watch it (401 otherwise, as the watch call)', async () => {
    const owner = await registerUser(ctx);
    const viewer = await registerUser(ctx);
    const exclusive = await createVideo(db, owner.id, { isExclusive: true, priceMinor: 700 });
    const refused = await track(exclusive, viewer.cookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, data: 'No access to this video' });
    expect((await history(viewer.cookie)).json().data).toEqual([]);
    expect((await track(exclusive, owner.cookie)).json().data).toMatchObject({ videoId: exclusive });
  });

  it('loses the entries and likes of a video its owner deletes, and the list its total', async () => {
    const owner = await registerUser(ctx);
    const viewer = await registerUser(ctx);
    const videoId = await createVideo(db, owner.id);
    expect((await track(videoId, viewer.cookie)).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: `/api/like/v/${videoId}`, headers: { cookie: viewer.cookie } })).statusCode,
    ).toBe(200);
    const total = async () => (await app.inject({ method: 'GET', url: '/api/video?page=1' })).json().data.total as number;
    const before = await total();
    const deleted = await app.inject({ method: 'DELETE', url: `/api/video/v/${videoId}`, headers: { cookie: owner.cookie } });
    expect(deleted.statusCode).toBe(200);
    expect((await history(viewer.cookie)).json().data).toEqual([]);
    const liked = await app.inject({ method: 'GET', url: '/api/like/likedVideos', headers: { cookie: viewer.cookie } });
    expect(liked.json().data).toEqual([]);
    expect(await total()).toBe(before - 1);
    expect(await db.selectFrom('watch_history').select('id').where('video_id', '=', videoId).execute()).toEqual([]);
    expect(await db.selectFrom('video_likes').select('id').where('video_id', '=', videoId).execute()).toEqual([]);
  });
});

describe('GET /api/watchHistory', () => {
  it("lists the viewer's entries newest first, with the video card", async () => {
    const viewer = await registerUser(ctx);
    const someoneElse = await registerUser(ctx);
    const owner = await createUser(db);
    const older = await createVideo(db, owner.id, { title: 'Watched first' });
    const newer = await createVideo(db, owner.id, { title: 'Watched second' });
    const a = (await track(older, viewer.cookie)).json().data;
    const b = (await track(newer, viewer.cookie)).json().data;
    await track(older, someoneElse.cookie);
    const res = await history(viewer.cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.map((e: { _id: string }) => e._id)).toEqual([b._id, a._id]);
    expect(list[0]).toEqual(b);
    expect(list[1].video.title).toBe('Watched first');
  });
});

describe('DELETE /api/watchHistory/remove/:entryId', () => {
  it("removes the viewer's own entry; someone else's is 403 and stays, a missing one 404", async () => {
    const viewer = await registerUser(ctx);
    const intruder = await registerUser(ctx);
    const owner = await createUser(db);
    const videoId = await createVideo(db, owner.id);
    const entry = (await track(videoId, viewer.cookie)).json().data;

    const foreign = await remove(entry._id, intruder.cookie);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(errorEnvelope(403, 'Only the owner can remove this history entry'));
    expect(await db.selectFrom('watch_history').select('id').where('id', '=', entry._id).executeTakeFirst()).toBeDefined();
    const missing = await remove(newId(), intruder.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, data: 'History entry not found' });

    expect((await remove(entry._id)).statusCode).toBe(401);
    const own = await remove(entry._id, viewer.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ statusCode: 200, success: true, data: {} });
    expect((await history(viewer.cookie)).json().data).toEqual([]);
    expect((await remove(entry._id, viewer.cookie)).statusCode).toBe(404);
    // Once removed, it is missing for everyone.
    expect((await remove(entry._id, intruder.cookie)).statusCode).toBe(404);
    expect((await remove('not-an-id', viewer.cookie)).statusCode).toBe(400);
    expect((await remove('not-an-id')).statusCode).toBe(401);
  });
});
