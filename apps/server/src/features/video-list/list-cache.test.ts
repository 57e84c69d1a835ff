import { describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import type { Events } from '../../events/events.ts';
import { EVENTS_CHANNEL } from '../../events/outbox.ts';
import { createMicroCache } from '../../lib/micro-cache.ts';
import { createVideo } from '../../../test/factories.ts';
import {
  anotherProcess,
  createTestContext,
  multipart,
  registerUser,
  testImage,
  type TestContext,
} from '../../../test/support.ts';
import { createListPages } from './video-list.routes.ts';

// Public list pages come from a shared micro-cache (LIST_CACHE_MS), cleared in every process by
// the events of every committed change a page could show (list-changes.ts): a write shows on the
// very next list, here with a lifetime long enough that only the event can explain it.

const ctx = await createTestContext({ LIST_CACHE_MS: '10000' });
const { app, db } = ctx;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 5000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}
await until(() => ctx.deps.events.listening(), 'the events listener');

/**
 * A change made outside this process's requests (a worker's job, another process), announced in
 * its transaction as the services do; resolves once this process has heard it.
 */
async function changeAndAnnounce(videoId: string, change: (q: typeof db) => Promise<unknown>) {
  await db.transaction().execute(async (trx) => {
    await change(trx);
    await ctx.deps.events.publish(trx, 'video.changed', { videoId });
  });
  await ctx.deps.events.caughtUp();
}

interface Card {
  _id: string;
  title: string;
  views: number;
  owner: { fullname: string; avatar: string }[];
}
async function list(query = '', on: TestContext['app'] = app) {
  const res = await on.inject({ method: 'GET', url: `/api/video?page=1${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { videos: Card[]; total: number };
  return { raw: res.body, ...data, ids: data.videos.map((v) => v._id) };
}
/** Computations of list pages from now on (each is a database query). */
function countComputations(deps: AppDeps = ctx.deps) {
  const spy = vi.spyOn(deps.services.videoList, 'list');
  return { calls: () => spy.mock.calls.length, [Symbol.dispose]: () => spy.mockRestore() };
}
const byChannel = (username: string) => `&name=${username}`;

describe('list micro-cache', () => {
  it('answers an identical ask from memory, without a query', async () => {
    const owner = await registerUser(ctx);
    await createVideo(db, owner.id, { title: 'Cached once' });
    using computed = countComputations();
    const first = await list(byChannel(owner.username));
    const again = await Promise.all([list(byChannel(owner.username)), list(byChannel(owner.username))]);
    expect(computed.calls()).toBe(1);
    expect(again.map((p) => p.raw)).toEqual([first.raw, first.raw]);
    // Another page (here, another sort) is another entry.
    await list(`${byChannel(owner.username)}&sortBy=views`);
    expect(computed.calls()).toBe(2);
  });

  it('serves one body to every viewer, with nothing of the viewer in it', async () => {
    const a = await registerUser(ctx);
    const b = await registerUser(ctx);
    await createVideo(db, a.id, { title: 'Seen by everyone' });
    const page = async (cookie?: string) =>
      (await app.inject({ method: 'GET', url: '/api/video?page=1', headers: cookie ? { cookie } : {} })).body;
    const [asA, asB, anonymous] = [await page(a.cookie), await page(b.cookie), await page()];
    expect(asA).toBe(anonymous);
    expect(asB).toBe(anonymous);
    // a's video card names its channel (for everyone); nothing names who is asking.
    for (const field of ['isLiked', 'isSubscribed', 'hasAccess', 'purchased', a.email, b.username, b.email]) {
      expect(anonymous).not.toContain(field);
    }
  });

  it('shows a new video once it is announced, and drops a deleted one on the very next list', async () => {
    const owner = await registerUser(ctx);
    const older = await createVideo(db, owner.id, { title: 'Older video' });
    await changeAndAnnounce(older, async () => {});
    const before = await list();
    const id = await createVideo(db, owner.id, { title: 'Brand new video' });
    expect((await list()).ids).not.toContain(id); // a row written behind the services' back announces nothing
    await changeAndAnnounce(id, async () => {});
    const after = await list();
    expect(after.ids[0]).toBe(id);
    expect(after.total).toBe(before.total + 1);

    const del = await app.inject({ method: 'DELETE', url: `/api/video/v/${id}`, headers: { cookie: owner.cookie } });
    expect(del.statusCode, del.body).toBe(200);
    const gone = await list();
    expect(gone.ids).not.toContain(id);
    expect(gone.total).toBe(before.total);
  });

  it('shows an edit on the very next list, and in search results', async () => {
    const owner = await registerUser(ctx);
    const a = await createVideo(db, owner.id, { title: 'First title' });
    await createVideo(db, owner.id);
    const search = () => list('&query=Zanzibarquest');
    await list(byChannel(owner.username));
    expect((await search()).ids).toEqual([]); // the search and its ranking are kept now

    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/video/v/${a}`,
      ...multipart({ title: 'Second title Zanzibarquest' }, {}, owner.cookie),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await list(byChannel(owner.username))).videos.find((v) => v._id === a)?.title).toBe('Second title Zanzibarquest');
    expect((await search()).ids).toEqual([a]);
  });

  it("a like or a view clears no cache: counters show once the page's lifetime ends, views once written", async () => {
    const owner = await registerUser(ctx);
    const fan = await registerUser(ctx);
    await createVideo(db, owner.id);
    await createVideo(db, owner.id);
    // A short lifetime on the same app's services, as LIST_CACHE_MS=300 would have it.
    const pages = createListPages({ ...listPagesDeps(), listCacheMs: 300 });
    const sorted = async (sortBy: 'likes' | 'views') =>
      (
        JSON.parse((await pages.body({ page: 1, name: owner.username, sortBy, sortType: 'desc' })).toString()) as {
          data: { videos: Card[] };
        }
      ).data.videos;
    // Both pages kept now. Ties sort by id: the last must come first once it has one more.
    const liked = (await sorted('likes')).at(-1)!._id;
    const viewed = (await sorted('views')).at(-1)!._id;
    using computed = countComputations();

    const like = await app.inject({ method: 'POST', url: `/api/like/v/${liked}`, headers: { cookie: fan.cookie } });
    expect(like.statusCode, like.body).toBe(200);
    const watch = await app.inject({ method: 'GET', url: `/api/video/v/${viewed}`, headers: { cookie: fan.cookie } });
    expect(watch.json().data.views).toBe(1); // the answer that counted it shows it at once
    await sorted('likes');
    await sorted('views');
    expect(computed.calls()).toBe(0); // neither emptied the cache

    await ctx.deps.services.views.flush(); // as every VIEW_FLUSH_MS
    const started = Date.now();
    await until(async () => (await sorted('likes'))[0]!._id === liked, 'the like in the sort', 2000);
    await until(async () => (await sorted('views'))[0]!._id === viewed, 'the view in the sort', 2000);
    expect((await sorted('views'))[0]!.views).toBe(1);
    expect(Date.now() - started).toBeLessThan(2 * 300 + 500); // at most twice the lifetime (served stale while it refreshes)
    pages.stop();
  });

  it('shows a video that becomes ready, and hides one that stops being listed, on the very next list', async () => {
    const owner = await registerUser(ctx);
    const id = await createVideo(db, owner.id, { status: 'processing' });
    expect((await list(byChannel(owner.username))).ids).toEqual([]);
    // As the transcode job does, from the worker process.
    await changeAndAnnounce(id, (q) =>
      q.updateTable('videos').set({ status: 'ready', duration: 42 }).where('id', '=', id).execute(),
    );
    expect((await list(byChannel(owner.username))).ids).toEqual([id]);
    await changeAndAnnounce(id, (q) => q.updateTable('videos').set({ status: 'failed' }).where('id', '=', id).execute());
    expect((await list(byChannel(owner.username))).ids).toEqual([]);
  });

  it("shows an owner's new name and avatar on the very next list, in the name filter too", async () => {
    const owner = await registerUser(ctx);
    const id = await createVideo(db, owner.id);
    const before = await list(byChannel(owner.username));
    expect(before.videos[0]!.owner[0]!.fullname).toBe(owner.fullname);
    expect((await list('&name=Renamed%20Channel%20Owner')).ids).toEqual([]);

    const rename = await app.inject({
      method: 'PATCH',
      url: '/api/users/update_details',
      headers: { cookie: owner.cookie },
      payload: { fullname: 'Renamed Channel Owner' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect((await list(byChannel(owner.username))).videos[0]!.owner[0]!.fullname).toBe('Renamed Channel Owner');
    expect((await list('&name=Renamed%20Channel%20Owner')).ids).toContain(id);

    const avatar = await app.inject({
      method: 'PATCH',
      url: '/api/users/update_avatar',
      ...multipart({}, { avatar: { data: testImage(), filename: 'b.png', type: 'image/png' } }, owner.cookie),
    });
    expect(avatar.statusCode, avatar.body).toBe(200);
    const after = await list(byChannel(owner.username));
    expect(after.videos[0]!.owner[0]!.avatar).not.toBe(before.videos[0]!.owner[0]!.avatar);
  });

  it('is not cleared by changes no list shows (a video still processing)', async () => {
    const owner = await registerUser(ctx);
    await createVideo(db, owner.id);
    const processing = await createVideo(db, owner.id, { status: 'processing' });
    await list(byChannel(owner.username));
    using computed = countComputations();
    await db.updateTable('videos').set({ progress: 50, duration: 12 }).where('id', '=', processing).execute();
    await list(byChannel(owner.username));
    expect(computed.calls()).toBe(0);
  });

  it('two app instances on one database (two processes) each see a change made through the other as it commits', async () => {
    const other = await anotherProcess(ctx);
    const owner = await registerUser(ctx);
    const id = await createVideo(db, owner.id, { title: 'Seen from both' });
    const on = (instance: TestContext['app']) => list(byChannel(owner.username), instance);
    expect((await on(app)).ids).toEqual([id]);
    expect((await on(other.app)).ids).toEqual([id]);
    /** The other process hears a change as it commits: far within the page's 10 s lifetime. */
    async function seenBy(instance: TestContext['app'], check: (page: Awaited<ReturnType<typeof on>>) => boolean) {
      const started = Date.now();
      await until(async () => check(await on(instance)), 'the change in the other process', 2000);
      return Date.now() - started;
    }

    // A title through the first instance, seen by the second; a delete through the second, by the first.
    const title = await app.inject({
      method: 'PATCH',
      url: `/api/video/v/${id}`,
      ...multipart({ title: 'Renamed through the first' }, {}, owner.cookie),
    });
    expect(title.statusCode, title.body).toBe(200);
    expect(await seenBy(other.app, (p) => p.videos[0]?.title === 'Renamed through the first')).toBeLessThan(1000);
    // The process that made the change heard it before its client did.
    expect((await on(app)).videos[0]!.title).toBe('Renamed through the first');

    const del = await other.app.inject({ method: 'DELETE', url: `/api/video/v/${id}`, headers: { cookie: owner.cookie } });
    expect(del.statusCode, del.body).toBe(200);
    expect((await on(other.app)).ids).toEqual([]);
    expect(await seenBy(app, (p) => p.ids.length === 0)).toBeLessThan(1000);
  });

  it('computes every page while it is not listening, and forgets what it kept when it listens again', async () => {
    const owner = await registerUser(ctx);
    const id = await createVideo(db, owner.id, { title: 'Before the outage' });
    const other = await anotherProcess(ctx);
    await list(byChannel(owner.username), other.app);
    // The listening session is ended by the server (a restart, a network cut, an administrator).
    const backends = await pgBackendsListening();
    expect(backends.length).toBeGreaterThanOrEqual(2);
    await terminate(backends);
    await until(() => !other.deps.events.listening(), 'the lost connection');
    using computed = countComputations(other.deps);
    await list(byChannel(owner.username), other.app);
    await list(byChannel(owner.username), other.app);
    expect(computed.calls()).toBe(2);

    await until(() => other.deps.events.listening(), 'listening again');
    await until(() => ctx.deps.events.listening(), 'listening again');
    await changeAndAnnounce(id, (q) => q.updateTable('videos').set({ title: 'After the outage' }).where('id', '=', id).execute());
    await other.deps.events.caughtUp();
    expect((await list(byChannel(owner.username), other.app)).videos[0]!.title).toBe('After the outage');
  });
});

/** The listening sessions on this database (db/listener.ts names them). */
async function pgBackendsListening(): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity
    WHERE datname = current_database() AND application_name = ${`listen ${EVENTS_CHANNEL}`}`.execute(db);
  return rows.map((r) => r.pid);
}

async function terminate(pids: number[]) {
  for (const pid of pids) await sql`SELECT pg_terminate_backend(${pid})`.execute(db);
}

/** What the app gives createListPages, from this file's app. */
const listPagesDeps = () => ({
  videoList: ctx.deps.services.videoList,
  events: ctx.deps.events,
  listCacheMs: ctx.config.listCacheMs,
  publicUrl: (key: string) => ctx.deps.storage.publicUrl(key),
});

describe('createListPages', () => {
  it('computes every ask while this process is not listening for events', async () => {
    using computed = countComputations();
    const deaf: Events = { ...ctx.deps.events, listening: () => false };
    const pages = createListPages({ ...listPagesDeps(), events: deaf });
    await pages.body({ page: 1 });
    await pages.body({ page: 1 });
    expect(computed.calls()).toBe(2);
    pages.stop();
  });
});

describe('createMicroCache', () => {
  it('computes each key once at a time and keeps the answer for its lifetime', async () => {
    let clock = 0;
    const cache = createMicroCache<number>({ ttlMs: 1000, now: () => clock });
    // Each computation runs until the test ends it, so "while it runs" is a state, not a race.
    const running: Array<{ end: () => void; answer: Promise<number> }> = [];
    const compute = () => {
      const n = running.length + 1; // the nth computation answers n
      let end = () => {};
      const answer = new Promise<number>((resolve) => (end = () => resolve(n)));
      running.push({ end, answer });
      return answer;
    };
    const burst = Promise.all(Array.from({ length: 50 }, () => cache.get('page1', compute)));
    expect(running).toHaveLength(1);
    running[0]!.end();
    expect(new Set(await burst)).toEqual(new Set([1]));
    // Fresh for its lifetime (the first computation ended at 0 on this clock).
    clock = 999;
    expect(await cache.get('page1', compute)).toBe(1);
    expect(running).toHaveLength(1);
    // Then served once more while a single refresh runs in the background: these answers come
    // while the refresh is still running, so nobody waits for it.
    clock = 1500;
    const during = await Promise.all(Array.from({ length: 20 }, () => cache.get('page1', compute)));
    expect(new Set(during)).toEqual(new Set([1]));
    expect(running).toHaveLength(2);
    running[1]!.end();
    await running[1]!.answer; // the cache's own handler of this answer ran first
    expect(await cache.get('page1', compute)).toBe(2);
    expect(running).toHaveLength(2);
    // Past twice the lifetime an answer is never served: the ask computes and waits.
    clock = 5000;
    const waiting = cache.get('page1', compute);
    expect(running).toHaveLength(3);
    running[2]!.end();
    expect(await waiting).toBe(3);
    const otherKey = cache.get('page2', compute);
    running[3]!.end();
    expect(await otherKey).toBe(4);
  });

  it('after clear(), never serves an answer whose computation started before it', async () => {
    const cache = createMicroCache<string>({ ttlMs: 60_000 });
    const pending: Array<(v: string) => void> = [];
    const compute = () => new Promise<string>((resolve) => pending.push(resolve));
    const early = cache.get('k', compute); // started before the change
    cache.clear(); // the change is heard
    const late = cache.get('k', compute);
    expect(pending).toHaveLength(2);
    pending[0]!('old');
    pending[1]!('new');
    expect(await early).toBe('old'); // those who asked before the change
    expect(await late).toBe('new');
    expect(await cache.get('k', compute)).toBe('new');

    // The same for a background refresh running when the change is heard.
    let clock = 0;
    const refreshing = createMicroCache<string>({ ttlMs: 1000, now: () => clock });
    let next = 0;
    const gates: Array<() => void> = [];
    const slow = () => new Promise<string>((resolve) => gates.push(() => resolve(`v${++next}`)));
    const first = refreshing.get('k', slow);
    gates.shift()!();
    expect(await first).toBe('v1');
    clock = 1500;
    expect(await refreshing.get('k', slow)).toBe('v1'); // stale, and a refresh starts
    refreshing.clear();
    gates.shift()!(); // the refresh (v2) ends after the change: kept nowhere
    const after = refreshing.get('k', slow);
    gates.shift()!();
    expect(await after).toBe('v3');
    expect(await refreshing.get('k', slow)).toBe('v3');
  });

  it('keeps no failure, and computes every time when turned off', async () => {
    const cache = createMicroCache<number>({ ttlMs: 1000 });
    await expect(cache.get('k', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await cache.get('k', async () => 7)).toBe(7);
    const off = createMicroCache<number>({ ttlMs: 0 });
    let calls = 0;
    await Promise.all([off.get('k', async () => ++calls), off.get('k', async () => ++calls)]);
    expect(calls).toBe(2);
  });

  it('stays bounded in entries', async () => {
    const cache = createMicroCache<number>({ ttlMs: 1000, maxEntries: 10 });
    for (let i = 0; i < 50; i++) await cache.get(`k${i}`, async () => i);
    expect(cache.size()).toBe(10);
  });
});
