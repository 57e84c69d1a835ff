import { describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { createUser, createVideo } from '../../../test/factories.ts';
import { createViewCounter } from '../videos/view-counter.ts';
import { createVideosRepo } from '../videos/videos.repo.ts';

/**
 * Views are counted by the watch call (features/videos): whether one counts is decided at once,
 * the counts are written in batches (VIEW_FLUSH_MS; never by a timer during this file: each test
 * flushes where the interval would) and then show in the list and its sort.
 */
const ctx = await createTestContext({ VIEW_FLUSH_MS: '60000' });
const { app, db } = ctx;
const views = ctx.deps.services.views;
const silentLog = { warn() {} };
const viewsInDb = async (videoId: string) =>
  (await db.selectFrom('videos').select('views').where('id', '=', videoId).executeTakeFirstOrThrow()).views;

const watch = (videoId: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/video/v/${videoId}`, headers });
const viewsInList = async (name: string) => {
  await views.flush(); // as every VIEW_FLUSH_MS
  return (await app.inject({ method: 'GET', url: `/api/video?page=1&name=${name}` }))
    .json()
    .data.videos.map((v: { views: number }) => v.views);
};

describe('views', () => {
  it('count once per viewer and hour: refreshing does not inflate them, another viewer does', async () => {
    const owner = await createUser(db);
    const fan = await registerUser(ctx);
    const other = await registerUser(ctx);
    const videoId = await createVideo(db, owner.id, { views: 10 });
    const first = await watch(videoId, { cookie: fan.cookie });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.views).toBe(11); // shows at once, in the answer that counted it
    for (let i = 0; i < 3; i++) expect((await watch(videoId, { cookie: fan.cookie })).json().data.views).toBe(11);
    expect(await viewsInList(owner.username)).toEqual([11]);
    const concurrent = await Promise.all(Array.from({ length: 6 }, () => watch(videoId, { cookie: other.cookie })));
    expect(concurrent.every((r) => r.statusCode === 200)).toBe(true);
    expect(await viewsInList(owner.username)).toEqual([12]);
    // Anonymous viewers: one per address, whatever the browser says (view-inflation.test.ts).
    await watch(videoId, { 'user-agent': 'browser-a' });
    await watch(videoId, { 'user-agent': 'browser-a' });
    await watch(videoId, { 'user-agent': 'browser-b' });
    expect(await viewsInList(owner.username)).toEqual([13]);
    await app.inject({ method: 'GET', url: `/api/video/v/${videoId}`, remoteAddress: '203.0.113.5' });
    expect(await viewsInList(owner.username)).toEqual([14]);
  });

  it("count again once the viewer's last counted view is over an hour old (a rolling hour)", async () => {
    const owner = await createUser(db);
    const fan = await registerUser(ctx);
    const videoId = await createVideo(db, owner.id);
    const ageMark = (minutes: number) =>
      db
        .updateTable('video_views')
        .set({ counted_at: sql<Date>`now() - make_interval(mins => ${minutes})` })
        .where('video_id', '=', videoId)
        .execute();
    expect((await watch(videoId, { cookie: fan.cookie })).json().data.views).toBe(1);
    await views.flush();
    await ageMark(59); // e.g. 10:01 → 11:00: still the same hour for this viewer
    expect((await watch(videoId, { cookie: fan.cookie })).json().data.views).toBe(1);
    await ageMark(61);
    await views.flush();
    expect((await watch(videoId, { cookie: fan.cookie })).json().data.views).toBe(2);
    await views.flush();
    expect((await watch(videoId, { cookie: fan.cookie })).json().data.views).toBe(2);
    const marks = await db.selectFrom('video_views').select('viewer_key').where('video_id', '=', videoId).execute();
    expect(marks).toHaveLength(1); // one row per viewer and video, however long they watch
  });

  it('are not counted when the watch is refused or the video is not ready', async () => {
    const owner = await registerUser(ctx);
    const fan = await registerUser(ctx);
    const exclusive = await createVideo(db, owner.id, { isExclusive: true });
    const processing = await createVideo(db, owner.id, { status: 'processing' });
    expect((await watch(exclusive, { cookie: fan.cookie })).statusCode).toBe(401);
    expect((await watch(processing, { cookie: owner.cookie })).statusCode).toBe(200);
    await views.flush();
    const rows = await db.selectFrom('videos').select(['id', 'views']).where('owner_id', '=', owner.id).execute();
    expect(rows.map((r) => r.views)).toEqual([0, 0]);
  });

  it("are written in batches: nothing before the flush, then every video's count in one statement", async () => {
    const owner = await createUser(db);
    const [a, b] = [await createVideo(db, owner.id, { views: 5 }), await createVideo(db, owner.id)];
    const viewers = await Promise.all([registerUser(ctx), registerUser(ctx), registerUser(ctx)]);
    for (const v of viewers) await watch(a, { cookie: v.cookie });
    await watch(b, { cookie: viewers[0]!.cookie });
    expect([await viewsInDb(a), await viewsInDb(b)]).toEqual([5, 0]); // counted, not yet written
    await views.flush();
    expect([await viewsInDb(a), await viewsInDb(b)]).toEqual([8, 1]);

    // The counter on its own: one addViews (one UPDATE … FROM unnest) per flush, whatever the number of videos.
    const repo = createVideosRepo(db);
    const addViews = vi.spyOn(repo, 'addViews');
    const counter = createViewCounter({ repo, flushMs: 60_000, log: silentLog });
    for (const id of [a, a, b, a]) await counter.count(id);
    await counter.flush();
    expect(addViews).toHaveBeenCalledTimes(1);
    expect(addViews.mock.calls[0]![0]).toEqual(
      new Map([
        [a, 3],
        [b, 1],
      ]),
    );
    expect([await viewsInDb(a), await viewsInDb(b)]).toEqual([11, 2]);
    await counter.close();
  });

  it('a failed write keeps its counts for the next flush; closing writes what is left', async () => {
    const owner = await createUser(db);
    const id = await createVideo(db, owner.id);
    const repo = createVideosRepo(db);
    vi.spyOn(repo, 'addViews').mockRejectedValueOnce(new Error('database away'));
    const counter = createViewCounter({ repo, flushMs: 60_000, log: silentLog });
    await counter.count(id);
    await counter.flush(); // fails: kept
    await counter.count(id);
    expect(await viewsInDb(id)).toBe(0);
    await counter.close(); // the process stops: both written
    expect(await viewsInDb(id)).toBe(2);
  });

  it('a stopping app writes its counted views before the database closes (a SIGTERM loses none)', async () => {
    const owner = await createUser(db);
    const id = await createVideo(db, owner.id);
    const { buildApp } = await import('../../app.ts');
    const { createServices } = await import('../../deps.ts');
    const other = await buildApp({ ...ctx.deps, services: createServices(ctx.deps) });
    const res = await other.inject({ method: 'GET', url: `/api/video/v/${id}`, headers: { 'user-agent': 'leaving' } });
    expect(res.json().data.views).toBe(1);
    expect(await viewsInDb(id)).toBe(0);
    await other.close();
    expect(await viewsInDb(id)).toBe(1);
  });
});
