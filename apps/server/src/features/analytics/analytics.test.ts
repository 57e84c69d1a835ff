import { describe, expect, it } from 'vitest';
import { addDays, RETENTION_POINTS } from '@streamhub/contract';
import { createTestContext, errorEnvelope, registerUser } from '../../../test/support.ts';
import { createPlaylist, createUser, createVideo } from '../../../test/factories.ts';
import { createAnalyticsRepo } from './analytics.repo.ts';
import { createAnalyticsService, resolveRange } from './analytics.service.ts';
import { createProgressTracker, MIN_HEARTBEAT_GAP_MS, retentionPoint, SESSION_IDLE_MS } from './progress-tracker.ts';

const ctx = await createTestContext();
const { app, db } = ctx;
const silent = { warn() {} };
const today = () => new Date().toISOString().slice(0, 10);

const beat = (videoId: string, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/video/v/${videoId}/progress`, payload: body as object, headers });
const studio = (query: string, cookie?: string) =>
  app.inject({ method: 'GET', url: `/api/studio/analytics${query}`, headers: cookie ? { cookie } : {} });

describe('retention points and ranges (pure)', () => {
  it('a position reaches the point at or below it; the last half second reaches 100 %', () => {
    expect(retentionPoint(0, 100)).toBe(0);
    expect(retentionPoint(4.99, 100)).toBe(0);
    expect(retentionPoint(5, 100)).toBe(1);
    expect(retentionPoint(40, 100)).toBe(8);
    expect(retentionPoint(99.4, 100)).toBe(19);
    expect(retentionPoint(99.6, 100)).toBe(20);
    expect(retentionPoint(101, 100)).toBe(20);
  });

  it('the range defaults to the last 28 days, refuses a reversed or longer than 366 days one', () => {
    expect(resolveRange({}, '2026-03-01')).toEqual({ from: '2026-02-02', to: '2026-03-01' });
    expect(resolveRange({ from: '2026-01-01' }, '2026-12-01')).toEqual({ from: '2026-01-01', to: '2026-01-28' });
    expect(resolveRange({ from: '2024-01-01', to: '2024-12-31' }, '2026-01-01')).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
    });
    expect(() => resolveRange({ from: '2026-02-02', to: '2026-02-01' }, '2026-03-01')).toThrow(/after/);
    expect(() => resolveRange({ from: '2024-01-01', to: '2025-01-01' }, '2026-03-01')).toThrow(/366/);
  });
});

describe('analytics from simulated heartbeats', () => {
  /** A tracker and service on a clock the test moves, writing to the real tables. */
  function simulated(videoId: string) {
    const repo = createAnalyticsRepo(db);
    const t0 = Date.parse(`${today()}T00:00:00Z`);
    let clock = t0;
    const tracker = createProgressTracker({ write: (b) => repo.addProgress(b), flushMs: 60_000, log: silent, now: () => clock });
    const service = createAnalyticsService({ repo, access: ctx.deps.services.access, tracker });
    /** One heartbeat of `viewer` at `seconds` after t0, as the player sends it. */
    const send = (viewer: string, seconds: number, position: number, playing: boolean) => {
      clock = t0 + seconds * 1000;
      return service.progress(videoId, null, { key: viewer, address: `address-${viewer}` }, { position, playing });
    };
    return { tracker, send };
  }

  it('one viewer plays 7 s of a 12 s video and leaves: 7 s watched, retention up to 55 %', async () => {
    const owner = await registerUser(ctx);
    const videoId = await createVideo(db, owner.id, { duration: 12 });
    const { tracker, send } = simulated(videoId);
    expect(await send('A', 0, 0, true)).toBe(true); // starts
    expect(await send('A', 7, 7, false)).toBe(true); // the tab closes (pagehide)
    await tracker.close();
    const a = (await studio(`?videoId=${videoId}`, owner.cookie)).json().data;
    expect(a.watchSeconds.at(-1)).toEqual({ day: today(), seconds: 7 });
    expect(a.averageViewSeconds).toBe(7);
    // 7 s of 12 is 58 %: the points 0 % … 55 % were played through, 60 % … 100 % never.
    expect(a.retention).toEqual(Array.from({ length: RETENTION_POINTS }, (_, i) => (i <= 11 ? 1 : 0)));
  });

  it('a video watched to the end and again from the start is two sessions: the average never exceeds what was played', async () => {
    const owner = await registerUser(ctx);
    const videoId = await createVideo(db, owner.id, { duration: 12 });
    const { tracker, send } = simulated(videoId);
    await send('A', 0, 0, true);
    await send('A', 12, 12, false); // the end pauses it
    await send('A', 14, 0, true); // played again from the start
    await send('A', 26, 12, false);
    await tracker.close();
    const a = (await studio(`?videoId=${videoId}`, owner.cookie)).json().data;
    expect(a.watchSeconds.at(-1)).toEqual({ day: today(), seconds: 24 });
    expect(a.averageViewSeconds).toBe(12);
    expect(a.retention).toEqual(Array(RETENTION_POINTS).fill(1));
  });

  it('three viewers (one seeks, one pauses in a tab left open) match a hand count', async () => {
    const owner = await registerUser(ctx);
    const videoId = await createVideo(db, owner.id, { duration: 100 });
    const { tracker, send } = simulated(videoId);
    // A: 0 → 40 s playing, paused at 40: 15 + 15 + 10 = 40 s watched; points 0 … 8 (40 %).
    // B: plays 0 → 15, seeks to 80 (the next heartbeat, 15 s later, says 85: no time counted, only
    //    where it landed), then plays to the end: 15 + 15 = 30 s; points 0 … 3 and 17 … 20.
    // C: plays 0 → 10 and pauses; the tab stays open 20 minutes; resumes and plays 15 s more:
    //    10 + 15 = 25 s; points 0 … 5. A burst of heartbeats counts once.
    const beats: [string, number, number, boolean][] = [
      ['A', 0, 0, true],
      ['B', 0, 0, true],
      ['C', 0, 0, true],
      ['C', 10, 10, false],
      ['A', 15, 15, true],
      ['B', 15, 15, true],
      ['B', 16, 16, true],
      ['B', 17, 17, true],
      ['A', 30, 30, true],
      ['B', 30, 85, true],
      ['A', 40, 40, false],
      ['B', 45, 100, false],
      ['C', 1210, 10, true],
      ['C', 1225, 25, true],
    ];
    const counted = [];
    for (const [viewer, s, position, playing] of beats) counted.push(await send(viewer, s, position, playing));
    expect(counted.filter((c) => !c)).toHaveLength(2); // B's burst
    await tracker.close();
    // Three views through the real watch call (three different viewers).
    for (const user of [owner, await registerUser(ctx), await registerUser(ctx)]) {
      expect(
        (await app.inject({ method: 'GET', url: `/api/video/v/${videoId}`, headers: { cookie: user.cookie } })).statusCode,
      ).toBe(200);
    }

    const res = await studio(`?videoId=${videoId}`, owner.cookie);
    expect(res.statusCode).toBe(200);
    const a = res.json().data;
    expect(a.views).toHaveLength(28);
    expect(a.views.at(-1)).toEqual({ day: today(), count: 3 });
    expect(a.views.slice(0, -1).every((v: { count: number }) => v.count === 0)).toBe(true);
    expect(a.views[0].day).toBe(addDays(today(), -27));
    expect(a.watchSeconds.at(-1)).toEqual({ day: today(), seconds: 95 });
    expect(a.averageViewSeconds).toBe(31.7); // 95 s / 3 sessions
    const third = Math.round(10000 / 3) / 10000;
    const twoThirds = Math.round(20000 / 3) / 10000;
    const expected = Array.from({ length: RETENTION_POINTS }, (_, i) =>
      i <= 3 ? 1 : i <= 5 ? twoThirds : i <= 8 ? third : i <= 16 ? 0 : third,
    );
    expect(a.retention).toEqual(expected);
    expect(a.revenue).toHaveLength(28);
    expect(a.revenue.every((r: { amount: number }) => r.amount === 0)).toBe(true);
  });

  it('a viewer silent for 30 minutes starts a new session; a paused one adds no watch time', async () => {
    const owner = await registerUser(ctx);
    const videoId = await createVideo(db, owner.id, { duration: 60 });
    const repo = createAnalyticsRepo(db);
    const t0 = Date.parse(`${today()}T00:00:00Z`);
    let clock = t0;
    const tracker = createProgressTracker({ write: (b) => repo.addProgress(b), flushMs: 0, log: silent, now: () => clock });
    const record = async (ms: number, position: number, playing: boolean) => {
      clock = t0 + ms;
      return tracker.record({ key: 'viewer', address: 'address' }, { id: videoId, duration: 60 }, { position, playing });
    };
    await record(0, 0, false);
    await record(MIN_HEARTBEAT_GAP_MS * 2, 1, false); // paused throughout
    await record(MIN_HEARTBEAT_GAP_MS * 2 + SESSION_IDLE_MS + 1, 30, true);
    const [row] = await repo.perDay({ ownerId: owner.id, videoId }, today(), today());
    expect(row).toMatchObject({ sessions: 2, watch_seconds: 0 });
    // The first session reached 0 % only; the second started half way (a `?t=` link): 50 % only.
    expect(await repo.reached({ ownerId: owner.id, videoId }, today(), today())).toEqual([
      1,
      ...Array(9).fill(0),
      1,
      ...Array(10).fill(0),
    ]);
  });
});

describe('POST /api/video/v/:videoId/progress', () => {
  it('anyone who may watch sends heartbeats, anonymous viewers too; too soon after the last one is ignored, not an error', async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    const videoId = await createVideo(db, owner.id);
    for (const cookie of [owner.cookie, other.cookie, undefined]) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const first = await beat(videoId, { position: 3, playing: true }, headers);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ statusCode: 200, data: { counted: true }, message: 'Success', success: true });
      expect((await beat(videoId, { position: 4, playing: true }, headers)).json().data).toEqual({ counted: false });
    }
    const rows = await ctx.deps.services.analytics.analytics({ _id: owner.id } as never, { videoId });
    expect(rows.retention[0]).toBe(1);
  });

  it("a viewer who may not watch gets the watch call's answer", async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    const exclusive = await createVideo(db, owner.id, { isExclusive: true, priceMinor: 500 });
    const processing = await createVideo(db, owner.id, { status: 'processing' });
    for (const [id, cookie, status] of [
      [exclusive, undefined, 401],
      [exclusive, other.cookie, 401],
      [processing, other.cookie, 404],
      ['8d9f0b4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', other.cookie, 404],
    ] as const) {
      const res = await beat(id, { position: 1, playing: true }, cookie ? { cookie } : {});
      expect(res.statusCode, `${id} ${status}`).toBe(status);
      expect(res.json().success).toBe(false);
    }
    // The owner may, and a processing video is not measured yet.
    expect((await beat(exclusive, { position: 1, playing: true }, { cookie: owner.cookie })).json().data.counted).toBe(true);
    expect((await beat(processing, { position: 1, playing: true }, { cookie: owner.cookie })).json().data.counted).toBe(false);
  });

  it('malformed heartbeats are 400 with the envelope, never a 500', async () => {
    const owner = await createUser(db);
    const videoId = await createVideo(db, owner.id, { duration: 60 });
    for (const body of [
      { position: -1, playing: true },
      { position: '12', playing: true },
      '{"position": 1e400, "playing": true}', // Infinity once parsed
      { position: 63, playing: true }, // past the end (2 s of slack)
      { position: 1 },
      { position: 1, playing: 'yes' },
      [],
      'position=1',
    ]) {
      const res = await beat(videoId, body, typeof body === 'string' ? { 'content-type': 'application/json' } : {});
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, success: false });
    }
    expect((await beat('not-an-id', { position: 1, playing: true })).statusCode).toBe(400);
    expect((await beat(videoId, { position: 61.5, playing: false })).statusCode).toBe(200);
  });
});

describe('GET /api/studio/analytics', () => {
  it('anonymous 401, someone else 403, a missing video 404, the owner 200', async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    const videoId = await createVideo(db, owner.id);
    expect((await studio(`?videoId=${videoId}`)).json()).toEqual(
      errorEnvelope(401, 'Unauthorized request', { reason: 'signin' }),
    );
    expect((await studio('')).statusCode).toBe(401);
    const refused = await studio(`?videoId=${videoId}`, other.cookie);
    expect(refused.json()).toEqual(errorEnvelope(403, 'Only the owner can see these analytics'));
    expect((await studio('?videoId=8d9f0b4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', other.cookie)).statusCode).toBe(404);
    const mine = await studio(`?videoId=${videoId}&from=2026-01-01&to=2026-01-07`, owner.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual({
      views: ['01', '02', '03', '04', '05', '06', '07'].map((d) => ({ day: `2026-01-${d}`, count: 0 })),
      watchSeconds: ['01', '02', '03', '04', '05', '06', '07'].map((d) => ({ day: `2026-01-${d}`, seconds: 0 })),
      averageViewSeconds: 0,
      retention: Array(21).fill(0),
      revenue: ['01', '02', '03', '04', '05', '06', '07'].map((d) => ({ day: `2026-01-${d}`, amount: 0 })),
    });
    // Someone else's channel-wide view is their own: it never shows the owner's numbers.
    expect((await studio('', other.cookie)).statusCode).toBe(200);
  });

  it('malformed queries are 400', async () => {
    const owner = await registerUser(ctx);
    for (const q of [
      '?videoId=abc',
      '?from=2026-13-01',
      '?from=2026-02-30',
      '?from=yesterday',
      '?from=2026-02-02&to=2026-02-01',
      '?from=2024-01-01&to=2025-01-01',
      '?to=2026-1-1',
    ]) {
      const res = await studio(q, owner.cookie);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, success: false });
    }
  });

  it('revenue per day matches the ledger after real purchases, per video and for the channel', async () => {
    const owner = await createUser(db);
    const [a, b] = [
      await createVideo(db, owner.id, { isExclusive: true, priceMinor: 999 }),
      await createVideo(db, owner.id, { isExclusive: true, priceMinor: 250 }),
    ];
    const playlist = await createPlaylist(db, owner.id, { isExclusive: true, priceMinor: 3000, videoIds: [a] });
    for (const [fan, items] of [
      [await registerUser(ctx), [`video/${a}`, `video/${b}`]],
      [await registerUser(ctx), [`video/${a}`, `playlist/${playlist}`]],
    ] as const) {
      for (const item of items) {
        const res = await app.inject({ method: 'POST', url: `/api/purchase/buy/${item}`, headers: { cookie: fan.cookie } });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    const { ledger } = ctx.deps.services;
    const totals = await ledger.earnings({ _id: owner.id } as never);
    const analytics = (videoId?: string) => ctx.deps.services.analytics.analytics({ _id: owner.id } as never, { videoId });
    const sum = (r: { revenue: { amount: number }[] }) => r.revenue.reduce((s, x) => s + x.amount, 0);
    const channel = await analytics();
    expect(channel.revenue.at(-1)).toEqual({ day: today(), amount: totals.total });
    expect(sum(channel)).toBe(totals.total);
    for (const id of [a, b]) {
      const item = totals.items.find((i) => i._id === id)!;
      expect(sum(await analytics(id))).toBe(item.amount);
    }
    // 10 % platform fee: 999 → 899 twice; 250 → 225.
    expect(sum(await analytics(a))).toBe(17.98);
    expect(sum(await analytics(b))).toBe(2.25);
  });
});

describe('batched heartbeats and views on shutdown', async () => {
  const batched = await createTestContext({ VIEW_FLUSH_MS: '60000' });

  it('closing the app writes every heartbeat and view it holds', async () => {
    const owner = await registerUser(batched);
    const videoId = await createVideo(batched.db, owner.id, { duration: 60 });
    const send = (headers: Record<string, string>) =>
      batched.app.inject({
        method: 'POST',
        url: `/api/video/v/${videoId}/progress`,
        payload: { position: 30, playing: true },
        headers,
      });
    expect((await send({ cookie: owner.cookie })).json().data.counted).toBe(true);
    expect((await send({ 'user-agent': 'another browser' })).json().data.counted).toBe(true);
    expect(
      (await batched.app.inject({ method: 'GET', url: `/api/video/v/${videoId}`, headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(200);
    const stored = () => batched.db.selectFrom('video_daily_stats').selectAll().where('video_id', '=', videoId).execute();
    expect(await stored()).toEqual([]); // held in memory until the flush
    await batched.app.close();
    const [row] = await stored();
    expect(row).toMatchObject({ day: today(), views: 1, sessions: 2, watch_seconds: 0 });
    // Both started at 50 % (a first heartbeat past 15 s is not taken as played from the start).
    expect(row!.reached).toEqual([...Array(10).fill(0), 2, ...Array(10).fill(0)]);
  });
});
