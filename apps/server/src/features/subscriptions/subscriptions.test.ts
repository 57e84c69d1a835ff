import { describe, expect, it } from 'vitest';
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
});
