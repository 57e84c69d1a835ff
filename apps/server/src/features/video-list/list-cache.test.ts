import { describe, expect, it } from 'vitest';
import { createMicroCache } from '../../lib/micro-cache.ts';
import { createVideo } from '../../../test/factories.ts';
import { createTestContext, registerUser } from '../../../test/support.ts';

// Public list pages come from a short-lived shared micro-cache (LIST_CACHE_MS): one computation
// per page at a time, new and deleted videos visible within twice the lifetime, nothing per viewer.

const TTL = 1500;
const ctx = await createTestContext({ LIST_CACHE_MS: String(TTL) });
const { app } = ctx;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const page1 = async (cookie?: string, query = '') => {
  const res = await app.inject({ method: 'GET', url: `/api/video?page=1${query}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  return { raw: res.body, ids: (res.json().data.videos as { _id: string }[]).map((v) => v._id) };
};

/** Asks until `check` holds, for at most twice the cache lifetime plus a margin (see micro-cache.ts). */
async function within(check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > 2 * TTL + 1000) throw new Error('not within the cache lifetime');
    await sleep(100);
  }
}

describe('list micro-cache', () => {
  it('shows a new video on page 1 within the cache lifetime, and drops a deleted one', async () => {
    const owner = await registerUser(ctx);
    await createVideo(ctx.db, owner.id, { title: 'Older video' });
    await page1(); // cached now
    const id = await createVideo(ctx.db, owner.id, { title: 'Brand new video' });
    const appeared = await within(async () => (await page1()).ids[0] === id);
    expect(appeared).toBeLessThanOrEqual(2 * TTL + 1000);

    const del = await app.inject({ method: 'DELETE', url: `/api/video/v/${id}`, headers: { cookie: owner.cookie } });
    expect(del.statusCode, del.body).toBe(200);
    await within(async () => !(await page1()).ids.includes(id));
  });

  it('serves one body to every viewer, with nothing of the viewer in it', async () => {
    const a = await registerUser(ctx);
    const b = await registerUser(ctx);
    const id = await createVideo(ctx.db, a.id, { title: 'Seen by everyone' });
    await within(async () => (await page1()).ids.includes(id));
    const [asA, asB, anonymous] = await Promise.all([page1(a.cookie), page1(b.cookie), page1()]);
    expect(asA.raw).toBe(anonymous.raw);
    expect(asB.raw).toBe(anonymous.raw);
    // a's video card names its channel (for everyone); nothing names who is asking.
    for (const field of ['isLiked', 'isSubscribed', 'hasAccess', 'purchased', a.email, b.username, b.email]) {
      expect(anonymous.raw).not.toContain(field);
    }
  });

  it('keeps pages apart by their query (search, channel, sort)', async () => {
    const owner = await registerUser(ctx);
    const id = await createVideo(ctx.db, owner.id, { title: 'Zebra crossing lessons', views: 5 });
    await within(async () => (await page1(undefined, '&query=zebra')).ids.includes(id));
    const other = await page1(undefined, '&query=nothingmatcheshere');
    expect(other.ids).toEqual([]);
    const channel = await page1(undefined, `&name=${owner.username}`);
    expect(channel.ids).toEqual([id]);
    expect((await page1(undefined, '&sortBy=views&sortType=desc')).ids[0]).toBe(id);
    expect((await page1(undefined, '&sortBy=views&sortType=asc')).ids[0]).not.toBe(id);
  });
});

describe('createMicroCache', () => {
  it('computes each key once at a time and keeps the answer for its lifetime', async () => {
    let clock = 0;
    const cache = createMicroCache<number>({ ttlMs: 1000, now: () => clock });
    let calls = 0;
    const compute = async () => {
      calls += 1;
      await sleep(20);
      return calls;
    };
    const burst = await Promise.all(Array.from({ length: 50 }, () => cache.get('page1', compute)));
    expect(calls).toBe(1);
    expect(new Set(burst)).toEqual(new Set([1]));
    // Fresh for its lifetime (the first computation ended at 0 on this clock).
    clock = 999;
    expect(await cache.get('page1', compute)).toBe(1);
    // Then served once more while a single refresh runs in the background; nobody waits for it.
    clock = 1500;
    const during = await Promise.all(Array.from({ length: 20 }, () => cache.get('page1', compute)));
    expect(new Set(during)).toEqual(new Set([1]));
    expect(calls).toBe(2);
    await sleep(30);
    expect(await cache.get('page1', compute)).toBe(2);
    // Past twice the lifetime an answer is never served: the ask computes and waits.
    clock = 5000;
    expect(await cache.get('page1', compute)).toBe(3);
    expect(await cache.get('page2', compute)).toBe(4);
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
