import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support.ts';
import { createUser, createVideo } from '../../../test/factories.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { VIEWS_PER_ADDRESS } from './address-cap.ts';
import { networkOf } from './viewer-key.ts';

/**
 * Views, heartbeats (watch time, retention) and so trending cannot be inflated from one address:
 * anonymous viewers are counted per address (an IPv6 one per /64) whatever their User-Agent, and
 * an address adds at most VIEWS_PER_ADDRESS views and sessions of one video an hour, however
 * many accounts sign in there.
 */
const ctx = await createTestContext({ VIEW_FLUSH_MS: '60000' });
const { app, db } = ctx;
const { views, progress } = ctx.deps.services;

const storedViews = async (videoId: string) => {
  await views.flush();
  return (await db.selectFrom('videos').select('views').where('id', '=', videoId).executeTakeFirstOrThrow()).views;
};
const storedSessions = async (videoId: string) => {
  await progress.flush();
  const rows = await db.selectFrom('video_daily_stats').select('sessions').where('video_id', '=', videoId).execute();
  return rows.reduce((n, r) => n + r.sessions, 0);
};
const watch = (videoId: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/video/v/${videoId}`, remoteAddress, headers });
const heartbeat = (videoId: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/video/v/${videoId}/progress`,
    remoteAddress,
    headers,
    payload: { position: 5, playing: true },
  });
/** A signed-in account's cookie, without a registration per account. */
const signedIn = async () => {
  const user = await createUser(db);
  const { token } = await ctx.deps.services.sessions.start(user.id);
  return `${SESSION_COOKIE}=${token}`;
};

describe('networkOf (pure)', () => {
  it('IPv4 whole, IPv6 by its /64, IPv4-mapped IPv6 as IPv4', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkOf('2001:db8:1:3::1')).not.toBe(networkOf('2001:db8:1:2::1'));
  });
});

describe('inflating views and watch time from one address', () => {
  it('150 requests with 150 User-Agents from one address count one view and one session', async () => {
    const owner = await createUser(db);
    const videoId = await createVideo(db, owner.id, { duration: 600 });
    for (let i = 0; i < 150; i++) {
      const headers = { 'user-agent': `Mozilla/5.0 (bot ${i})` };
      expect((await watch(videoId, '198.51.100.9', headers)).statusCode).toBe(200);
      expect((await heartbeat(videoId, '198.51.100.9', headers)).statusCode).toBe(200);
    }
    expect(await storedViews(videoId)).toBe(1);
    expect(await storedSessions(videoId)).toBe(1);
    const trending = await app.inject({ method: 'GET', url: '/api/video/trending?page=1' });
    expect(trending.json().data.videos.find((v: { _id: string }) => v._id === videoId)?.views).toBe(1);
    // Another address is another viewer.
    await watch(videoId, '198.51.100.10');
    await heartbeat(videoId, '198.51.100.10');
    expect(await storedViews(videoId)).toBe(2);
    expect(await storedSessions(videoId)).toBe(2);
  });

  it('an IPv6 viewer is its /64: new addresses in it add nothing, another /64 does', async () => {
    const owner = await createUser(db);
    const videoId = await createVideo(db, owner.id);
    for (let i = 1; i <= 20; i++) await watch(videoId, `2001:db8:7:7::${i.toString(16)}`, { 'user-agent': `ua ${i}` });
    expect(await storedViews(videoId)).toBe(1);
    await watch(videoId, '2001:db8:7:8::1');
    expect(await storedViews(videoId)).toBe(2);
  });

  it(`signed-in viewers count one each, up to ${VIEWS_PER_ADDRESS} views and sessions per address and video`, async () => {
    const owner = await createUser(db);
    const videoId = await createVideo(db, owner.id, { duration: 600 });
    const other = await createVideo(db, owner.id, { duration: 600 });
    const accounts = await Promise.all(Array.from({ length: VIEWS_PER_ADDRESS + 5 }, signedIn));
    for (const cookie of accounts) {
      await watch(videoId, '192.0.2.44', { cookie });
      await watch(videoId, '192.0.2.44', { cookie }); // one viewer's refresh never counts again
      await heartbeat(videoId, '192.0.2.44', { cookie });
    }
    expect(await storedViews(videoId)).toBe(VIEWS_PER_ADDRESS);
    expect(await storedSessions(videoId)).toBe(VIEWS_PER_ADDRESS);
    // The cap is per video, and another address has its own.
    await watch(other, '192.0.2.44', { cookie: accounts[0]! });
    await watch(videoId, '192.0.2.45', { cookie: await signedIn() });
    expect(await storedViews(other)).toBe(1);
    expect(await storedViews(videoId)).toBe(VIEWS_PER_ADDRESS + 1);
  });

  it('concurrent requests of one viewer with many User-Agents still count once', async () => {
    const owner = await createUser(db);
    const videoId = await createVideo(db, owner.id);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => watch(videoId, '198.51.100.77', { 'user-agent': `ua ${i}` })),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(await storedViews(videoId)).toBe(1);
  });
});
