import { describe, expect, it } from 'vitest';
import { createVideo, createVideos } from '../../../test/factories.ts';
import { createTestContext, registerUser } from '../../../test/support.ts';

const ctx = await createTestContext();
const { app } = ctx;

describe('subscriptions', () => {
  it('toggles: subscription object, then null; counts and lists follow', async () => {
    const channel = await registerUser(ctx);
    const fan = await registerUser(ctx);
    const on = await app.inject({
      method: 'POST',
      url: `/api/subscription/channel/${channel.id}`,
      headers: { cookie: fan.cookie },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ _id: expect.any(String), subscriber: fan.id, channel: channel.id });
    const subs = (await app.inject({ method: 'GET', url: `/api/subscription/channel/${channel.id}` })).json().data;
    expect(subs).toEqual([
      {
        _id: on.json().data._id,
        subscriber: { _id: fan.id, fullname: fan.fullname, username: fan.username, avatar: expect.any(String) },
      },
    ]);
    const mine = (await app.inject({ method: 'GET', url: '/api/subscription', headers: { cookie: fan.cookie } })).json().data;
    expect(mine[0].subscribedTo).toMatchObject({ _id: channel.id, subscribers: 1 });
    const ch = (
      await app.inject({ method: 'GET', url: `/api/users/channel/${channel.id}`, headers: { cookie: fan.cookie } })
    ).json().data;
    expect(ch.isSubscribed).toBe(true);
    const off = await app.inject({
      method: 'POST',
      url: `/api/subscription/channel/${channel.id}`,
      headers: { cookie: fan.cookie },
    });
    expect(off.json().data).toBeNull();
    expect((await app.inject({ method: 'GET', url: `/api/subscription/channel/${channel.id}` })).json().data).toEqual([]);
  });

  it('refuses anonymous (401), self (400), unknown channel (404), malformed id (400)', async () => {
    const u = await registerUser(ctx);
    expect((await app.inject({ method: 'POST', url: `/api/subscription/channel/${u.id}` })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: `/api/subscription/channel/${u.id}`, headers: { cookie: u.cookie } })).statusCode,
    ).toBe(400);
    const missing = '0190a5f0-0000-7000-8000-000000000000';
    expect(
      (await app.inject({ method: 'POST', url: `/api/subscription/channel/${missing}`, headers: { cookie: u.cookie } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: '/api/subscription/channel/xyz', headers: { cookie: u.cookie } })).statusCode,
    ).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/subscription' })).statusCode).toBe(401);
  });

  it('concurrent toggles by one user are serialised: every call answers, the final state follows the parity', async () => {
    const channel = await registerUser(ctx);
    const fan = await registerUser(ctx);
    const other = await registerUser(ctx);
    const toggle = (cookie: string) =>
      app.inject({ method: 'POST', url: `/api/subscription/channel/${channel.id}`, headers: { cookie } });
    const [mine, theirs] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => toggle(fan.cookie))),
      Promise.all(Array.from({ length: 7 }, () => toggle(other.cookie))),
    ]);
    for (const res of [...mine, ...theirs]) expect(res.statusCode, res.body).toBe(200);
    // Each toggle saw the previous one's result: subscribed and unsubscribed alternate.
    const subscribed = (list: typeof mine) => list.filter((r) => r.json().data !== null);
    expect(subscribed(mine)).toHaveLength(5);
    expect(subscribed(theirs)).toHaveLength(4);
    for (const res of subscribed([...mine, ...theirs])) {
      expect(res.json()).toMatchObject({ message: 'Subscribed', data: { subscriber: expect.any(String), channel: channel.id } });
    }
    const rows = await ctx.db.selectFrom('subscriptions').select('subscriber_id').where('channel_id', '=', channel.id).execute();
    expect(rows.map((r) => r.subscriber_id)).toEqual([other.id]);
    const stats = (await app.inject({ method: 'GET', url: `/api/dashboard/stats/${channel.id}` })).json().data;
    expect(stats.totalSubscribers).toBe(1);
    const list = (await app.inject({ method: 'GET', url: '/api/subscription', headers: { cookie: other.cookie } })).json().data;
    expect(list).toEqual([
      { _id: expect.any(String), subscribedTo: expect.objectContaining({ _id: channel.id, subscribers: 1 }) },
    ]);
  });

  it('feed: the newest listed videos of my channels, 12 a page, with the total (API.md §22)', async () => {
    const fan = await registerUser(ctx);
    const followed = await registerUser(ctx);
    const alsoFollowed = await registerUser(ctx);
    const stranger = await registerUser(ctx);
    for (const channel of [followed, alsoFollowed]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/subscription/channel/${channel.id}`,
        headers: { cookie: fan.cookie },
      });
      expect(res.statusCode).toBe(200);
    }
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const ids = await createVideos(
      ctx.db,
      followed.id,
      Array.from({ length: 10 }, (_, i) => ({ createdAt: day(i + 1) })),
    );
    const newest = await createVideo(ctx.db, alsoFollowed.id, { createdAt: day(20) });
    const alsoIds = await createVideos(ctx.db, alsoFollowed.id, [{ createdAt: day(11) }, { createdAt: day(12) }]);
    // Not listed: processing, failed; not mine to follow: the stranger's.
    await createVideo(ctx.db, followed.id, { status: 'processing', createdAt: day(25) });
    await createVideo(ctx.db, followed.id, { status: 'failed', createdAt: day(26) });
    await createVideo(ctx.db, stranger.id, { createdAt: day(27) });

    const feed = async (page: number, cookie = fan.cookie) =>
      app.inject({ method: 'GET', url: `/api/subscription/feed?page=${page}`, headers: { cookie } });
    const first = await feed(1);
    expect(first.statusCode).toBe(200);
    const expected = [newest, ...[...alsoIds].reverse(), ...[...ids].reverse()];
    expect(first.json().data.total).toBe(13);
    expect(first.json().data.videos.map((v: { _id: string }) => v._id)).toEqual(expected.slice(0, 12));
    expect(first.json().data.videos[0]).toMatchObject({ owner: [{ _id: alsoFollowed.id }] });
    expect(first.json().data.videos[0]).not.toHaveProperty('videoFile');
    const second = (await feed(2)).json().data;
    expect(second).toEqual({ videos: [expect.objectContaining({ _id: expected[12] })], total: 13 });
    expect((await feed(5)).json().data).toEqual({ videos: [], total: 13 });
    // Someone who follows nobody has an empty feed.
    expect((await feed(1, stranger.cookie)).json().data).toEqual({ videos: [], total: 0 });
  });

  it('feed: anonymous 401, a malformed page 400', async () => {
    const u = await registerUser(ctx);
    expect((await app.inject({ method: 'GET', url: '/api/subscription/feed' })).statusCode).toBe(401);
    for (const page of ['0', 'x', '-1']) {
      const res = await app.inject({ method: 'GET', url: `/api/subscription/feed?page=${page}`, headers: { cookie: u.cookie } });
      expect(res.statusCode, page).toBe(400);
    }
  });
});
