import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { createUser, createVideo, createVideos, createEntitlement } from '../../../test/factories.ts';
import { trendAfterViews } from './trend-score.ts';
import { createRecommendationsRepo, NEIGHBOUR_KNOBS } from './recommendations.repo.ts';

const ctx = await createTestContext();
const { app, db } = ctx;
const { recommendations } = ctx.deps.services;
const MISSING = '0190a5f0-0000-7000-8000-000000000000';

type Card = { _id: string; isExclusive: boolean; owner: [{ _id: string }] };
const get = async (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const ids = (cards: Card[]) => cards.map((c) => c._id);
const watch = (cookie: string, videoId: string) => get(`/api/video/v/${videoId}`, cookie);
const track = (cookie: string, videoId: string) =>
  app.inject({ method: 'POST', url: `/api/watchHistory/track/${videoId}`, headers: { cookie } });
/** `count` views of a video at `at`, through the expression the view counter uses. */
async function viewsAt(videoId: string, count: number, at: Date) {
  for (let i = 0; i < count; i++) {
    await db
      .updateTable('videos')
      .set({ trend_score: trendAfterViews(1, sql<Date>`${at.toISOString()}::timestamptz`) })
      .where('id', '=', videoId)
      .execute();
  }
}
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
/** Every For-you page of a viewer, in order. */
async function forYouPages(cookie: string): Promise<Card[][]> {
  const first = (await get('/api/feed/for-you?page=1', cookie)).json().data;
  const pages: Card[][] = [first.videos];
  for (let p = 2; p <= Math.ceil(first.total / 12); p++)
    pages.push((await get(`/api/feed/for-you?page=${p}`, cookie)).json().data.videos);
  return pages;
}
/** A watch_history row of `userId` for each video, a second apart in this order. */
async function history(userId: string, videoIds: string[]) {
  const base = Date.now() - videoIds.length * 1000;
  await db
    .insertInto('watch_history')
    .values(
      videoIds.map((videoId, i) => ({
        id: crypto.randomUUID(),
        user_id: userId,
        video_id: videoId,
        watched_on: new Date(base + i * 1000).toISOString().slice(0, 10),
        watched_at: new Date(base + i * 1000),
      })),
    )
    .execute();
}

describe('trending (GET /api/video/trending)', () => {
  it('orders by counted views: more viewers first; a video nobody watched is not trending', async () => {
    const owner = await createUser(db);
    const [a, b, c] = await createVideos(db, owner.id, [{}, {}, {}]);
    const viewers = await Promise.all([1, 2, 3].map(() => registerUser(ctx)));
    for (const v of viewers) await watch(v.cookie, a!);
    await watch(viewers[0]!.cookie, b!);
    // A second view of one viewer within the hour is not counted again.
    await watch(viewers[0]!.cookie, b!);
    const res = await get('/api/video/trending');
    expect(res.statusCode).toBe(200);
    const list = ids(res.json().data.videos);
    expect(list.indexOf(a!)).toBeGreaterThanOrEqual(0);
    expect(list.indexOf(a!)).toBeLessThan(list.indexOf(b!));
    expect(list).not.toContain(c);
    expect(res.json().data.total).toBeGreaterThanOrEqual(2);
  });

  it('weights views by age: one view now beats four three days old; a view past the window is gone', async () => {
    const owner = await createUser(db);
    const [old, fresh, stale, removed] = await createVideos(db, owner.id, [{}, {}, {}, {}]);
    await viewsAt(old!, 4, daysAgo(3));
    await viewsAt(fresh!, 1, new Date());
    await viewsAt(stale!, 1, daysAgo(8));
    await viewsAt(removed!, 50, new Date());
    await db
      .updateTable('videos')
      .set({ status: 'removed', removed_reason: 'Rules', removed_by: 'takedown', status_before_removal: 'ready' })
      .where('id', '=', removed!)
      .execute();
    const list = ids((await get('/api/video/trending')).json().data.videos);
    expect(list.indexOf(fresh!)).toBeGreaterThanOrEqual(0);
    expect(list.indexOf(fresh!)).toBeLessThan(list.indexOf(old!));
    expect(list).not.toContain(stale);
    expect(list).not.toContain(removed);
  });

  it('pages of 12; a bad page is 400', async () => {
    expect((await get('/api/video/trending?page=0')).statusCode).toBe(400);
    expect((await get('/api/video/trending?page=abc')).statusCode).toBe(400);
    const far = (await get('/api/video/trending?page=900')).json().data;
    expect(far.videos).toEqual([]);
  });
});

describe('up next (GET /api/video/v/:videoId/up-next)', () => {
  it('co-watched videos first, then the channel; never the video itself, never an unlisted one; 404/400', async () => {
    const owner = await createUser(db);
    const otherChannel = await createUser(db);
    const [current, sibling, hidden] = await createVideos(db, owner.id, [{}, {}, { status: 'processing' }]);
    const [coWatched] = await createVideos(db, otherChannel.id, [{}]);
    for (let i = 0; i < 3; i++) await history((await createUser(db)).id, [current!, coWatched!]);
    await recommendations.refresh();
    const res = await get(`/api/video/v/${current}/up-next`);
    expect(res.statusCode).toBe(200);
    const list = ids(res.json().data);
    expect(list[0]).toBe(coWatched);
    expect(list).toContain(sibling);
    expect(list).not.toContain(current);
    expect(list).not.toContain(hidden);
    expect(list.length).toBeLessThanOrEqual(12);
    expect((await get(`/api/video/v/${MISSING}/up-next`)).statusCode).toBe(404);
    expect((await get(`/api/video/v/nope/up-next`)).statusCode).toBe(400);
    expect((await get(`/api/video/v/${hidden}/up-next`)).statusCode).toBe(404);
  });
});

describe('for you (GET /api/feed/for-you)', () => {
  it('anonymous: trending', async () => {
    const anonymous = (await get('/api/feed/for-you')).json().data;
    expect(anonymous).toEqual((await get('/api/video/trending')).json().data);
  });

  it('a viewer who watched two videos of a taste gets the third first; never what they watched', async () => {
    const channel = await createUser(db);
    const [a, b, c, unrelated] = await createVideos(db, channel.id, [{}, {}, {}, {}]);
    for (let i = 0; i < 4; i++) await history((await createUser(db)).id, [a!, b!, c!]);
    await history((await createUser(db)).id, [unrelated!]);
    const viewer = await registerUser(ctx);
    expect((await track(viewer.cookie, a!)).statusCode).toBe(200);
    expect((await track(viewer.cookie, b!)).statusCode).toBe(200);
    await recommendations.refresh();
    const page = (await get('/api/feed/for-you', viewer.cookie)).json().data;
    expect(page.videos[0]._id).toBe(c);
    const all = (await forYouPages(viewer.cookie)).flat().map((v) => v._id);
    expect(all).not.toContain(a);
    expect(all).not.toContain(b);
  });

  it('never their own, a removed, an unready or an unbought exclusive unmarked; at most 2 of one channel and 2 locked exclusives in 12', async () => {
    const viewer = await registerUser(ctx);
    const channels = await Promise.all(Array.from({ length: 4 }, () => createUser(db)));
    const seed = await createVideo(db, channels[0]!.id);
    const own = await createVideo(db, viewer.id);
    const pool: string[] = [own];
    for (const ch of channels)
      pool.push(
        ...(await createVideos(
          db,
          ch.id,
          Array.from({ length: 8 }, () => ({})),
        )),
      );
    const exclusives = await createVideos(
      db,
      channels[1]!.id,
      Array.from({ length: 5 }, () => ({ isExclusive: true })),
    );
    const bought = exclusives[0]!;
    await createEntitlement(db, viewer.id, { videoId: bought });
    const [removed, processing] = await createVideos(db, channels[2]!.id, [{}, { status: 'processing' }]);
    await db
      .updateTable('videos')
      .set({ status: 'removed', removed_reason: 'Rules', removed_by: 'takedown', status_before_removal: 'ready' })
      .where('id', '=', removed!)
      .execute();
    // Everyone who watched the seed watched all of them.
    for (let i = 0; i < 3; i++) await history((await createUser(db)).id, [seed, ...pool, ...exclusives, removed!, processing!]);
    await history(viewer.id, [seed]);
    await recommendations.refresh();

    const pages = await forYouPages(viewer.cookie);
    const all = pages.flat();
    expect(all.length).toBeGreaterThan(12);
    expect(ids(all)).not.toContain(own);
    expect(ids(all)).not.toContain(seed);
    expect(ids(all)).not.toContain(removed);
    expect(ids(all)).not.toContain(processing);
    for (const page of pages) {
      const perChannel = new Map<string, number>();
      for (const v of page) perChannel.set(v.owner[0]._id, (perChannel.get(v.owner[0]._id) ?? 0) + 1);
      expect(Math.max(...perChannel.values())).toBeLessThanOrEqual(2);
      const locked = page.filter((v) => v.isExclusive && v._id !== bought);
      expect(locked.length).toBeLessThanOrEqual(2);
    }
    // Locked ones that do appear carry their mark.
    for (const v of all.filter((x) => exclusives.includes(x._id))) expect(v.isExclusive).toBe(true);
  });

  it('a new upload of a subscribed channel is in the first page at once (no refresh needed)', async () => {
    const viewer = await registerUser(ctx);
    const creator = await registerUser(ctx);
    const sub = await app.inject({
      method: 'POST',
      url: `/api/subscription/channel/${creator.id}`,
      headers: { cookie: viewer.cookie },
    });
    expect(sub.statusCode).toBe(200);
    const someone = await createUser(db);
    await history(viewer.id, [await createVideo(db, someone.id)]);
    const upload = await createVideo(db, creator.id);
    const page = (await get('/api/feed/for-you', viewer.cookie)).json().data;
    expect(ids(page.videos)).toContain(upload);
  });

  it('the refresh reads each new viewer-video pair once (several days, a like, the overlap) and nothing when nothing is new', async () => {
    const channel = await createUser(db);
    const [x, y] = await createVideos(db, channel.id, [{}, {}]);
    const user = await createUser(db);
    await history(user.id, [x!, y!]);
    await db
      .insertInto('watch_history')
      .values({ id: crypto.randomUUID(), user_id: user.id, video_id: x!, watched_on: '2020-01-01', watched_at: new Date() })
      .execute();
    await db.insertInto('video_likes').values({ id: crypto.randomUUID(), user_id: user.id, video_id: y! }).execute();
    await recommendations.refresh();
    await recommendations.refresh();
    const users = await db
      .selectFrom('rec_video_users')
      .select(['video_id', 'users'])
      .where('video_id', 'in', [x!, y!])
      .execute();
    expect(users.map((u) => u.users)).toEqual([1, 1]);
    const pair = await db
      .selectFrom('rec_pairs')
      .select('n')
      .where('video_id', '=', x!)
      .where('other_id', '=', y!)
      .executeTakeFirst();
    expect(pair?.n).toBe(1);
    expect(await recommendations.refresh()).toEqual({ interactions: 0, pairs: 0, touched: 0 });

    // A deleted video leaves no pairs or neighbours behind, on either side.
    await db.deleteFrom('videos').where('id', '=', y!).execute();
    const left = await db
      .selectFrom('rec_pairs')
      .select('n')
      .where((eb) => eb.or([eb('video_id', '=', y!), eb('other_id', '=', y!)]))
      .execute();
    const neighbours = await db
      .selectFrom('rec_neighbours')
      .select('score')
      .where((eb) => eb.or([eb('video_id', '=', y!), eb('neighbour_id', '=', y!)]))
      .execute();
    expect([left, neighbours]).toEqual([[], []]);
  });

  it("a new watch pairs with the viewer's 20 watches just before it, not with older ones; a later refresh adds to the counts", async () => {
    const channel = await createUser(db);
    const videos = await createVideos(
      db,
      channel.id,
      Array.from({ length: 23 }, () => ({})),
    );
    const user = await createUser(db);
    await history(user.id, videos.slice(0, 22));
    await recommendations.refresh();
    const pairOf = async (a: string, b: string) =>
      (await db.selectFrom('rec_pairs').select('n').where('video_id', '=', a).where('other_id', '=', b).executeTakeFirst())?.n;
    const last = videos[21]!;
    expect([await pairOf(videos[0]!, last), await pairOf(videos[1]!, last), await pairOf(last, videos[1]!)]).toEqual([
      undefined,
      1,
      1,
    ]);
    // Another viewer watching the same two: the pair counts 2, both ways.
    const other = await createUser(db);
    await history(other.id, [videos[1]!, last]);
    await recommendations.refresh();
    expect([await pairOf(videos[1]!, last), await pairOf(last, videos[1]!)]).toEqual([2, 2]);
  });

  it("a neighbour most of a video's viewers watched outranks one a single viewer watched with it, however popular it is", async () => {
    const channel = await createUser(db);
    const [seed, shared, rare] = await createVideos(db, channel.id, [{}, {}, {}]);
    const viewers = await Promise.all(Array.from({ length: 4 }, () => createUser(db)));
    for (const v of viewers) await history(v.id, [seed!, shared!]);
    await history(viewers[0]!.id, [rare!]);
    // 400 others watched `shared` as well: a plain cosine (alpha 0.5) would put `rare` first.
    const others = Array.from({ length: 400 }, () => crypto.randomUUID());
    await db
      .insertInto('users')
      .values(
        others.map((id) => ({
          id,
          username: `u${id.slice(0, 8)}${id.slice(-6)}`,
          fullname: 'Other viewer',
          email: `${id}@example.com`,
          avatar: 'avatars/factory.webp',
          password_hash: 'not-a-hash',
        })),
      )
      .execute();
    await db
      .insertInto('watch_history')
      .values(
        others.map((id) => ({
          id: crypto.randomUUID(),
          user_id: id,
          video_id: shared!,
          watched_on: new Date().toISOString().slice(0, 10),
          watched_at: new Date(),
        })),
      )
      .execute();
    await recommendations.refresh();
    const neighbours = await db
      .selectFrom('rec_neighbours')
      .select('neighbour_id')
      .where('video_id', '=', seed!)
      .orderBy('score', 'desc')
      .execute();
    expect(neighbours.map((n) => n.neighbour_id)).toEqual([shared, rare]);
  });

  it('a bad page is 400', async () => {
    expect((await get('/api/feed/for-you?page=-1')).statusCode).toBe(400);
  });
});

describe('the first build (bulk) and the incremental refresh', () => {
  const repo = createRecommendationsRepo(db);
  /** Empties the co-watch tables, as migration 0024 left them: the next refresh reads all history. */
  async function reset() {
    await sql`TRUNCATE rec_neighbours, rec_pairs, rec_video_users, rec_interactions`.execute(db);
    await sql`UPDATE rec_state SET read_until = '-infinity'`.execute(db);
  }
  async function tables() {
    const rows = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows;
    return {
      interactions: await rows(sql`SELECT user_id, video_id, at FROM rec_interactions ORDER BY 1, 2`),
      users: await rows(sql`SELECT video_id, users FROM rec_video_users ORDER BY 1`),
      pairs: await rows(sql`SELECT video_id, other_id, n FROM rec_pairs ORDER BY 1, 2`),
      neighbours: await rows(sql`SELECT video_id, neighbour_id, score FROM rec_neighbours ORDER BY 1, 2`),
    };
  }

  it('build the same interactions, viewer counts, pairs and neighbours from the same history', async () => {
    // 40 viewers over 24 videos of 3 channels (plus what earlier tests wrote): 3–14 watches each
    // in an order of their own, some at the same instant, some seen on two days or also liked.
    let r = 7;
    const next = (n: number) => ((r = (r * 48271) % 2147483647), r % n);
    const channels = await Promise.all([0, 1, 2].map(() => createUser(db)));
    const videos = (
      await Promise.all(
        channels.map((c) =>
          createVideos(
            db,
            c.id,
            Array.from({ length: 8 }, () => ({})),
          ),
        ),
      )
    ).flat();
    const viewers = await Promise.all(Array.from({ length: 40 }, () => createUser(db)));
    const start = Date.now() - 10 * 86_400_000;
    const history: Array<{ id: string; user_id: string; video_id: string; watched_on: string; watched_at: Date }> = [];
    const likes: Array<{ id: string; user_id: string; video_id: string; created_at: Date }> = [];
    for (const [u, viewer] of viewers.entries()) {
      const taste = u % 3;
      const seen = new Set<string>();
      const count = 3 + next(12);
      for (let i = 0; seen.size < count; i++) {
        const video = videos[next(3) === 0 ? next(24) : taste * 8 + next(8)]!;
        if (seen.has(video)) continue;
        seen.add(video);
        // Every fifth watch at the same instant as the one before it: ties go by video id.
        const at = new Date(start + u * 60_000 + (i - (i % 5 === 4 ? 1 : 0)) * 1000);
        history.push({ id: crypto.randomUUID(), user_id: viewer.id, video_id: video, watched_on: '2020-01-01', watched_at: at });
        if (next(6) === 0)
          history.push({
            id: crypto.randomUUID(),
            user_id: viewer.id,
            video_id: video,
            watched_on: '2020-01-02',
            watched_at: new Date(at.getTime() + 86_400_000),
          });
        if (next(8) === 0)
          likes.push({
            id: crypto.randomUUID(),
            user_id: viewer.id,
            video_id: video,
            created_at: new Date(at.getTime() - next(2) * 500),
          });
      }
    }
    await db.insertInto('watch_history').values(history).execute();
    await db.insertInto('video_likes').values(likes).execute();
    // A small window and few neighbours kept, so both cut somewhere.
    const knobs = { ...NEIGHBOUR_KNOBS, pairsPerInteraction: 3, neighbours: 4 };

    await reset();
    const bulkSteps: string[] = [];
    const bulk = await repo.refresh(knobs, (step) => bulkSteps.push(step), 'bulk');
    const built = await tables();
    await reset();
    const incremental = await repo.refresh(knobs, () => {}, 'incremental');
    expect(await tables()).toEqual(built);
    expect(incremental).toEqual(bulk);

    // Not a vacuous comparison: windows and neighbour lists were cut, and scores tie.
    expect(bulk!.interactions).toBeGreaterThan(history.length / 2);
    const partners = new Map<string, number>();
    for (const p of built.pairs as Array<{ video_id: string }>) partners.set(p.video_id, (partners.get(p.video_id) ?? 0) + 1);
    expect(Math.max(...partners.values())).toBeGreaterThan(knobs.neighbours);
    const scores = (built.neighbours as Array<{ video_id: string; score: number }>).map((n) => `${n.video_id} ${n.score}`);
    expect(new Set(scores).size).toBeLessThan(scores.length);

    // The job's own choice: bulk while the tables are empty, incremental after; bulk refuses a counted state.
    await reset();
    const autoSteps: string[] = [];
    await repo.refresh(knobs, (step) => autoSteps.push(step));
    expect(autoSteps).toEqual(bulkSteps);
    expect(await tables()).toEqual(built);
    await expect(repo.refresh(knobs, () => {}, 'bulk')).rejects.toThrow(/empty/);
    expect(await repo.refresh(knobs)).toEqual({ interactions: 0, pairs: 0, touched: 0 });
  });
});
