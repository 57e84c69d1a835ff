import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { createUser, createVideo } from '../../../test/factories.ts';

/** Views are counted by the watch call (features/videos) and show at once in the list and its sort. */
const ctx = await createTestContext();
const { app, db } = ctx;

const watch = (videoId: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/video/v/${videoId}`, headers });
const viewsInList = async (name: string) =>
  (await app.inject({ method: 'GET', url: `/api/video?page=1&name=${name}` }))
    .json()
    .data.videos.map((v: { views: number }) => v.views);

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
    // Anonymous viewers: one per address and browser.
    await watch(videoId, { 'user-agent': 'browser-a' });
    await watch(videoId, { 'user-agent': 'browser-a' });
    await watch(videoId, { 'user-agent': 'browser-b' });
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
    await ageMark(59); // e.g. 10:01 → 11:00: still the same hour for this viewer
    expect((await watch(videoId, { cookie: fan.cookie })).json().data.views).toBe(1);
    await ageMark(61);
    expect((await watch(videoId, { cookie: fan.cookie })).json().data.views).toBe(2);
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
    const rows = await db.selectFrom('videos').select(['id', 'views']).where('owner_id', '=', owner.id).execute();
    expect(rows.map((r) => r.views)).toEqual([0, 0]);
  });
});
