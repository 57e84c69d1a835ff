import { describe, expect, it } from 'vitest';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { createPosts, createUser, createVideos } from '../../../test/factories.ts';
import { newId } from '../../lib/ids.ts';

const ctx = await createTestContext();
const { app, db } = ctx;
const get = (url: string) => app.inject({ method: 'GET', url });
const MISSING = '0190a5f0-0000-7000-8000-000000000000';

describe('GET /api/dashboard/stats/:channelId', () => {
  it('answers zeros, not nulls, for a channel without videos', async () => {
    const channel = await createUser(db);
    const res = await get(`/api/dashboard/stats/${channel.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      totalVideos: 0,
      totalPosts: 0,
      totalSubscribers: 0,
      totalPlaylists: 0,
      totalLikes: 0,
      totalViews: 0,
    });
  });

  it('counts ready videos, their likes and views, and subscribers', async () => {
    const channel = await createUser(db);
    const other = await createUser(db);
    await createVideos(db, channel.id, [
      { likes: 2, views: 100 },
      { likes: 3, views: 50 },
      { likes: 0, views: 0, status: 'processing' },
      { status: 'failed' },
    ]);
    await createVideos(db, other.id, [{ likes: 9, views: 9 }]);
    const fans = await Promise.all([createUser(db), createUser(db), createUser(db)]);
    await db
      .insertInto('subscriptions')
      .values([
        ...fans.map((f) => ({ id: newId(), subscriber_id: f.id, channel_id: channel.id })),
        { id: newId(), subscriber_id: channel.id, channel_id: other.id },
      ])
      .execute();
    const viewer = await registerUser(ctx);
    const res = await app.inject({
      method: 'GET',
      url: `/api/dashboard/stats/${channel.id}`,
      headers: { cookie: viewer.cookie },
    });
    expect(res.json().data).toEqual({
      totalVideos: 2,
      totalPosts: 0,
      totalSubscribers: 3,
      totalPlaylists: 0,
      totalLikes: 5,
      totalViews: 150,
    });
  });

  it("counts the channel's posts, and follows a post's creation and deletion", async () => {
    const channel = await registerUser(ctx);
    const other = await createUser(db);
    await createPosts(db, channel.id, 3);
    await createPosts(db, other.id, 2);
    const totalPosts = async () => (await get(`/api/dashboard/stats/${channel.id}`)).json().data.totalPosts;
    expect(await totalPosts()).toBe(3);
    const created = await app.inject({
      method: 'POST',
      url: '/api/post/new',
      headers: { cookie: channel.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ content: 'one more' }),
    });
    expect(await totalPosts()).toBe(4);
    await app.inject({ method: 'DELETE', url: `/api/post/${created.json().data._id}`, headers: { cookie: channel.cookie } });
    expect(await totalPosts()).toBe(3);
  });

  it('answers 404 for an unknown channel and 400 for a malformed id', async () => {
    const missing = await get(`/api/dashboard/stats/${MISSING}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().data).toBe('Channel does not exist');
    expect((await get('/api/dashboard/stats/12345')).statusCode).toBe(400);
  });
});

describe('GET /api/dashboard/more/:ownerId', () => {
  it("answers up to 12 of the owner's ready videos, newest first, in the short shape", async () => {
    const owner = await createUser(db);
    const made = await createVideos(
      db,
      owner.id,
      Array.from({ length: 14 }, (_, i) => ({
        title: `More ${i}`,
        views: i,
        duration: 10 + i,
        createdAt: new Date(Date.now() - (100 - i) * 60_000),
      })),
    );
    await createVideos(db, owner.id, [{ status: 'processing', createdAt: new Date() }]);
    const res = await get(`/api/dashboard/more/${owner.id}`);
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.map((v: { _id: string }) => v._id)).toEqual([...made].reverse().slice(0, 12));
    expect(list[0]).toEqual({
      _id: made[13],
      title: 'More 13',
      thumbnail: `/media/thumbnails/${made[13]}.webp`,
      views: 13,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      duration: 23,
    });
  });

  it('answers an empty list for an owner without videos, 404 for an unknown one, 400 for a bad id', async () => {
    const owner = await createUser(db);
    expect((await get(`/api/dashboard/more/${owner.id}`)).json().data).toEqual([]);
    expect((await get(`/api/dashboard/more/${MISSING}`)).statusCode).toBe(404);
    expect((await get('/api/dashboard/more/undefined')).statusCode).toBe(400);
  });
});
