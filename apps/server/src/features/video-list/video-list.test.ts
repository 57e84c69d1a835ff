import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { createUser, createVideo, createVideos } from '../../../test/factories.ts';
import { searchWords } from './video-list.service.ts';
import { DEEP_OFFSET } from './video-list.repo.ts';

const ctx = await createTestContext();
const { app, db } = ctx;

type Card = { _id: string; title: string; views: number; duration: number; createdAt: string; owner: { _id: string }[] };

async function list(params: Record<string, string | number> | string) {
  const qs =
    typeof params === 'string'
      ? params
      : new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await app.inject({ method: 'GET', url: `/api/video?${qs}` });
  return res;
}
async function listOk(params: Record<string, string | number>) {
  const res = await list(params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { videos: Card[]; total: number };
}
const ids = (page: { videos: Card[] }) => page.videos.map((v) => v._id);
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const countReadyInDb = async () =>
  Number(
    (
      await db
        .selectFrom('videos')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'ready')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET /api/video paging and totals', () => {
  it('pages a channel by 12 with the total of all matches, newest first', async () => {
    const owner = await createUser(db);
    const made = await createVideos(
      db,
      owner.id,
      Array.from({ length: 30 }, (_, i) => ({ title: `Paging clip ${i}`, createdAt: minutesAgo(100 - i) })),
    );
    const newestFirst = [...made].reverse();
    const pages = [];
    for (const page of [1, 2, 3, 4]) pages.push(await listOk({ page, name: owner.username }));
    expect(pages.map((p) => p.videos.length)).toEqual([12, 12, 6, 0]);
    expect(pages.every((p) => p.total === 30)).toBe(true);
    expect(pages.flatMap(ids)).toEqual(newestFirst);
  });

  it('counts the whole catalogue exactly, following inserts, status changes and deletes', async () => {
    const owner = await createUser(db);
    const before = await listOk({ page: 1 });
    expect(before.total).toBe(await countReadyInDb());
    const [a, b] = await createVideos(db, owner.id, [{}, {}, { status: 'processing' }, { status: 'failed' }]);
    expect((await listOk({ page: 1 })).total).toBe(before.total + 2);
    const processing = await createVideo(db, owner.id, { status: 'processing' });
    await db.updateTable('videos').set({ status: 'ready' }).where('id', '=', processing).execute();
    await db.updateTable('videos').set({ status: 'failed' }).where('id', '=', a!).execute();
    await db.deleteFrom('videos').where('id', '=', b!).execute();
    const after = await listOk({ page: 1 });
    expect(after.total).toBe(before.total + 1);
    expect(after.total).toBe(await countReadyInDb());
    await db.deleteFrom('users').where('id', '=', owner.id).execute(); // cascades to the videos
    expect((await listOk({ page: 1 })).total).toBe(await countReadyInDb());
  });

  it('lists the newest ready videos first across the catalogue and never processing or failed ones', async () => {
    const owner = await createUser(db);
    const [ready, processing, failed] = await createVideos(db, owner.id, [
      { title: 'Quokka ready', createdAt: new Date(Date.now() + 60_000) },
      { title: 'Quokka processing', status: 'processing', createdAt: new Date(Date.now() + 120_000) },
      { title: 'Quokka failed', status: 'failed', createdAt: new Date(Date.now() + 180_000) },
    ]);
    const first = await listOk({ page: 1 });
    expect(first.videos[0]?._id).toBe(ready);
    const everywhere = [first, await listOk({ page: 1, query: 'quokka' }), await listOk({ page: 1, name: owner.username })];
    for (const page of everywhere) {
      expect(ids(page)).not.toContain(processing);
      expect(ids(page)).not.toContain(failed);
    }
    expect(everywhere[1]!.total).toBe(1);
    expect(everywhere[2]!.total).toBe(1);
  });

  it('answers the card shape, without file URLs', async () => {
    const owner = await createUser(db, { fullname: 'Card Shape Owner' });
    const id = await createVideo(db, owner.id, {
      title: 'Card shape',
      isExclusive: true,
      priceMinor: 1250,
      duration: 12.5,
      views: 7,
    });
    const page = await listOk({ page: 1, name: owner.username });
    expect(page.videos).toEqual([
      {
        _id: id,
        title: 'Card shape',
        description: 'Made by a test factory',
        thumbnail: `/media/thumbnails/${id}.webp`,
        duration: 12.5,
        views: 7,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        isExclusive: true,
        price: 12.5,
        owner: [{ _id: owner.id, fullname: 'Card Shape Owner', username: owner.username, avatar: '/media/avatars/factory.webp' }],
      },
    ]);
    expect(JSON.stringify(page)).not.toMatch(/videoFile|hlsUrl|\.mp4|\.m3u8/);
  });
});

describe('GET /api/video search', () => {
  const owner = createUser(db);
  const made = owner.then(async (o) => {
    const [generics, kitchen, video, both] = await createVideos(db, o.id, [
      { title: 'Learning TypeScript generics', description: 'A deep dive into the type system', createdAt: minutesAgo(4) },
      { title: 'Cooking pasta at home', description: 'Our Italian kitchen, step by step', createdAt: minutesAgo(3) },
      { title: 'My first video about marmots', description: 'Filmed in the Alps', createdAt: minutesAgo(2) },
      { title: 'Marmots in winter', description: 'Where do marmots sleep when the pasta is gone', createdAt: minutesAgo(1) },
    ]);
    return { generics, kitchen, video, both };
  });

  it('finds a word of the title and a word of the description', async () => {
    const { generics, kitchen } = await made;
    expect(ids(await listOk({ page: 1, query: 'generics' }))).toEqual([generics]);
    expect(ids(await listOk({ page: 1, query: 'KITCHEN' }))).toEqual([kitchen]);
    expect(ids(await listOk({ page: 1, query: 'learning typescript' }))).toEqual([generics]);
    // Stemming: "cook" finds "Cooking"; all words must match.
    expect(ids(await listOk({ page: 1, query: 'cook', name: (await owner).username }))).toEqual([kitchen]);
    expect((await listOk({ page: 1, query: 'generics kitchen' })).total).toBe(0);
  });

  it('ranks a title match above a description match when there is no sortBy', async () => {
    const { kitchen, both, video } = await made;
    const pasta = await listOk({ page: 1, query: 'pasta', name: (await owner).username });
    expect(ids(pasta)).toEqual([kitchen, both]);
    const marmots = await listOk({ page: 1, query: 'marmots', name: (await owner).username });
    // Both have it in the title; "Marmots in winter" also in the description.
    expect(ids(marmots)).toEqual([both, video]);
  });

  it('tolerates a typo and finds prefixes', async () => {
    const { video, generics } = await made;
    const name = (await owner).username;
    expect(ids(await listOk({ page: 1, query: 'vidoe', name }))).toEqual([video]);
    expect(ids(await listOk({ page: 1, query: 'marmtos', name })).sort()).toEqual([(await made).both, video].sort());
    expect(ids(await listOk({ page: 1, query: 'TypeScr' }))).toEqual([generics]);
    expect(ids(await listOk({ page: 1, query: 'gener', name }))).toEqual([generics]);
  });

  it('corrects a swap of two letters in a short word', async () => {
    const o = await createUser(db);
    const [guitar, chords] = await createVideos(db, o.id, [
      { title: 'Guitar lessons', description: 'For beginners' },
      { title: 'Piano basics', description: 'Three chords everyone should know' },
    ]);
    expect(ids(await listOk({ page: 1, query: 'gutiar', name: o.username }))).toEqual([guitar]);
    expect(ids(await listOk({ page: 1, query: 'chrods', name: o.username }))).toEqual([chords]);
  });

  it('finds prefixes even when the prefix is itself a word some video uses', async () => {
    const o = await createUser(db);
    const [photography, photo] = await createVideos(db, o.id, [
      { title: 'Photography for everyone', createdAt: minutesAgo(2) },
      { title: 'One photo a day', createdAt: minutesAgo(1) },
    ]);
    const found = await listOk({ page: 1, query: 'photo', name: o.username });
    expect(ids(found).sort()).toEqual([photography, photo].sort());
    expect(found.total).toBe(2);
  });

  it('gives nothing for stop words only, punctuation only, or an unknown word', async () => {
    for (const query of ['the', '!!! ???', 'xyzzyplugh']) {
      expect(await listOk({ page: 1, query })).toEqual({ videos: [], total: 0 });
    }
  });

  it('combines the search with a channel and a sort', async () => {
    const { kitchen, both } = await made;
    await db.updateTable('videos').set({ views: 10 }).where('id', '=', kitchen!).execute();
    await db.updateTable('videos').set({ views: 20 }).where('id', '=', both!).execute();
    const name = (await owner).username;
    expect(ids(await listOk({ page: 1, query: 'pasta', name, sortBy: 'views' }))).toEqual([both, kitchen]);
    expect(ids(await listOk({ page: 1, query: 'pasta', name, sortBy: 'views', sortType: 'asc' }))).toEqual([kitchen, both]);
  });

  it('splits a query into letters-and-digits words only', () => {
    expect(searchWords(`'; DROP TABLE videos; -- .*(a+)+$ <-> !x & y:* \\0`)).toEqual([
      'DROP',
      'TABLE',
      'videos',
      'a',
      'x',
      'y',
      '0',
    ]);
    expect(searchWords('a a a')).toEqual(['a']);
    // Cut by characters, never inside a surrogate pair.
    expect(searchWords('a' + '\u{1D538}'.repeat(50))).toEqual(['a' + '\u{1D538}'.repeat(39)]);
    expect(searchWords('w '.repeat(50).replace(/w/g, () => Math.random().toString(36).slice(2, 8))).length).toBe(8);
  });
});

describe('GET /api/video name filter', () => {
  it('matches a channel by username or full name, ignoring case and outer spaces, exactly', async () => {
    const alice = await createUser(db, { username: `alice${Date.now()}`, fullname: 'Alice Liddell' });
    const other = await createUser(db, { fullname: 'Alice Liddell' }); // full names are not unique
    const [a] = await createVideos(db, alice.id, [{ createdAt: minutesAgo(2) }]);
    const [o] = await createVideos(db, other.id, [{ createdAt: minutesAgo(1) }]);
    expect(ids(await listOk({ page: 1, name: alice.username.toUpperCase() }))).toEqual([a]);
    expect(ids(await listOk({ page: 1, name: '  alice liddell ' }))).toEqual([o, a]);
    expect((await listOk({ page: 1, name: 'Alice Liddel' })).total).toBe(0);
    expect((await listOk({ page: 1, name: 'alice' })).total).toBe(0);
  });

  it('gives no results for a name that matches no channel, wildcards included', async () => {
    for (const name of ['nobody-at-all', '%', '_', '.*', "o'brien"]) {
      expect(await listOk({ page: 1, name })).toEqual({ videos: [], total: 0 });
    }
  });

  it('refuses control characters in the filters (400), as every text field does', async () => {
    const filters: Record<string, string>[] = [{ name: 'a\u0000b' }, { query: 'gui\u0000tar' }];
    for (const query of filters) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/video',
        query: { page: '1', ...query } as Record<string, string>,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().data).toMatch(/must not contain control characters/);
    }
  });
});

describe('GET /api/video sorting', () => {
  it('sorts a channel by likes, views and duration both ways, ties broken by id', async () => {
    const owner = await createUser(db);
    // Likes: some through real toggles, some set by the factory. a and b tie on every field.
    const [a, b, c, d] = await createVideos(db, owner.id, [
      { likes: 0, views: 5, duration: 30 },
      { likes: 0, views: 5, duration: 30 },
      { likes: 3, views: 1, duration: 90 },
      { likes: 0, views: 9, duration: 10 },
    ]);
    const fans = await Promise.all([registerUser(ctx), registerUser(ctx)]);
    for (const fan of fans) {
      const res = await app.inject({ method: 'POST', url: `/api/like/v/${d}`, headers: { cookie: fan.cookie } });
      expect(res.statusCode).toBe(200);
    }
    const byId = (x: string, y: string) => (x < y ? -1 : 1);
    const [lo, hi] = [a!, b!].sort(byId);
    const name = owner.username;
    const sorted = async (sortBy: string, sortType?: string) =>
      ids(await listOk({ page: 1, name, sortBy, ...(sortType ? { sortType } : {}) }));
    expect(await sorted('likes')).toEqual([c, d, hi, lo]);
    expect(await sorted('likes', 'asc')).toEqual([lo, hi, d, c]);
    expect(await sorted('views', 'desc')).toEqual([d, hi, lo, c]);
    expect(await sorted('views', 'asc')).toEqual([c, lo, hi, d]);
    expect(await sorted('duration')).toEqual([c, hi, lo, d]);
    expect(await sorted('duration', 'asc')).toEqual([d, lo, hi, c]);
  });

  it('sorts the whole catalogue through its indexes, stable across pages', async () => {
    const owner = await createUser(db);
    await createVideos(
      db,
      owner.id,
      Array.from({ length: 30 }, (_, i) => ({ likes: i % 3, views: i % 4, duration: i % 5 })),
    );
    for (const sortBy of ['likes', 'views', 'duration'] as const) {
      for (const sortType of ['asc', 'desc'] as const) {
        const pages = [await listOk({ page: 1, sortBy, sortType }), await listOk({ page: 2, sortBy, sortType })];
        const rows = await db
          .selectFrom('videos')
          .select(['id', sortBy])
          .where('status', '=', 'ready')
          .orderBy(sortBy, sortType)
          .orderBy('id', sortType)
          .limit(24)
          .execute();
        expect(pages.flatMap(ids), `${sortBy} ${sortType}`).toEqual(rows.map((r) => r.id));
      }
    }
  });
});

describe('GET /api/video hostile input', () => {
  it('answers 200 or 400, never 500', async () => {
    const cases = [
      `query=${'a'.repeat(10_000)}`,
      `query=${encodeURIComponent('.*(a+)+$ [[ \\ ( ) | & ! :* <-> \' " ;')}`,
      `query=${encodeURIComponent("'; DROP TABLE videos; --")}`,
      'query=%00',
      'query=a%00b',
      'name=%00',
      'query=%E0%A4%A',
      'query=%F0%9F%8E%A5%20cat',
      `query=${encodeURIComponent('a' + '\u{1D538}'.repeat(30))}`,
      'query=' + encodeURIComponent('!'.repeat(190)),
      'query=' + encodeURIComponent('a:* | b & !c'),
      'page=1&page=2',
      'query=a&query=b',
      'page=-1',
      'page=0',
      'page=1.5',
      'page=abc',
      'page=',
      'page=1e400',
      'page=99999999999999999999',
      'page=100000',
      'sortBy=likes&sortType=sideways',
      'sortBy=title',
      'sortBy=likes;DROP',
      'sortType=asc',
      'query[]=x',
      'name=' + 'n'.repeat(5000),
      '__proto__=1&constructor=2',
    ];
    for (const qs of cases) {
      const res = await list(qs);
      expect([200, 400], `${qs.slice(0, 60)} → ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ statusCode: res.statusCode, success: res.statusCode === 200 });
    }
  });

  it('refuses unknown sort fields and directions with 400 and names the field', async () => {
    const res = await list('page=1&sortBy=title');
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toContain('sortBy');
    expect((await list('page=1&sortBy=views&sortType=up')).statusCode).toBe(400);
  });

  it('takes empty parameters as absent, as a client that sends every field of its form would', async () => {
    const all = await listOk({ page: 1 });
    const blank = await list('page=&query=&name=&sortBy=&sortType=');
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().data).toEqual(all);
    const sortTypeOnly = await list('page=1&sortBy=&sortType=asc');
    expect(sortTypeOnly.statusCode, sortTypeOnly.body).toBe(200);
    expect(sortTypeOnly.json().data).toEqual(all);
  });

  it('answers an empty page past the end with the real total', async () => {
    const page = await listOk({ page: 100000 });
    expect(page.videos).toEqual([]);
    expect(page.total).toBe(await countReadyInDb());
    expect(await listOk({ page: 100000, sortBy: 'likes', sortType: 'asc' })).toEqual(page);
  });

  it('documents the route in OpenAPI', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/video/']?.get ?? doc.paths['/api/video']?.get;
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'query', 'name', 'sortBy', 'sortType']),
    );
    expect(op.responses['200']).toBeDefined();
  });
});

describe('search vocabulary', () => {
  it('learns the words of new and edited videos', async () => {
    const owner = await createUser(db);
    const id = await createVideo(db, owner.id, { title: 'Axolotl care', description: 'Aquarium basics' });
    await db.updateTable('videos').set({ title: 'Axolotl feeding' }).where('id', '=', id).execute();
    const { rows } = await sql<{
      word: string;
    }>`SELECT word FROM search_words WHERE word IN ('axolotl', 'care', 'aquarium', 'feeding')`.execute(db);
    expect(rows.map((r) => r.word).sort()).toEqual(['aquarium', 'axolotl', 'care', 'feeding']);
    expect(ids(await listOk({ page: 1, query: 'axolotol' }))).toEqual([id]);
  });
});

describe('deep newest-first pages', () => {
  it('match a plain OFFSET over the catalogue, whatever day a page starts in', async () => {
    const owner = await createUser(db);
    const day = 86_400_000;
    // 1,500 videos over ~40 days, some on the same instant, some not ready.
    await createVideos(
      db,
      owner.id,
      Array.from({ length: 1500 }, (_, i) => ({
        createdAt: new Date(Date.now() - 3 * day - Math.floor(i / 2) * 0.05 * day),
        status: i % 37 === 0 ? ('processing' as const) : ('ready' as const),
      })),
    );
    const expectedPage = async (page: number) =>
      (
        await db
          .selectFrom('videos')
          .select('id')
          .where('status', '=', 'ready')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(12)
          .offset((page - 1) * 12)
          .execute()
      ).map((r) => r.id);
    const total = await countReadyInDb();
    const firstDeep = Math.floor(DEEP_OFFSET / 12) + 1;
    const lastPage = Math.ceil(total / 12);
    for (const page of [firstDeep, firstDeep + 1, firstDeep + 17, lastPage - 1, lastPage, lastPage + 1]) {
      const got = await listOk({ page });
      expect(ids(got), `page ${page}`).toEqual(await expectedPage(page));
      expect(got.total).toBe(total);
    }
    const { rows } = await sql<{ wrong: number }>`
      SELECT count(*)::int AS wrong FROM video_ready_days d
      FULL JOIN (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM videos WHERE status = 'ready' GROUP BY 1) v USING (day)
      WHERE coalesce(d.ready, 0) <> coalesce(v.n, 0)`.execute(db);
    expect(rows[0]?.wrong).toBe(0);
  });
});

describe('GET /api/video kept search rankings', () => {
  const word = () => `zephyr${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'q')}`;
  const searchIds = async (query: string, page = 1) => {
    const res = await listOk({ query, page });
    return { ids: ids(res), total: res.total };
  };

  it('follow every change a search can see: new, ready, edited, deleted videos', async () => {
    const owner = await createUser(db);
    const w = word();
    const [first] = await createVideos(db, owner.id, [{ title: `${w} one`, createdAt: minutesAgo(5) }]);
    expect(await searchIds(w)).toEqual({ ids: [first], total: 1 });

    const [second, waiting] = await createVideos(db, owner.id, [
      { title: `${w} ${w} two` },
      { title: `${w} three`, status: 'processing' },
    ]);
    expect((await searchIds(w)).total).toBe(2);
    await db.updateTable('videos').set({ status: 'ready' }).where('id', '=', waiting!).execute();
    expect(new Set((await searchIds(w)).ids)).toEqual(new Set([first, second, waiting]));

    await db.updateTable('videos').set({ title: 'nothing to find' }).where('id', '=', first!).execute();
    expect((await searchIds(w)).ids).not.toContain(first);
    await db
      .updateTable('videos')
      .set({ description: `now with ${w}` })
      .where('id', '=', first!)
      .execute();
    expect((await searchIds(w)).ids).toContain(first);

    await db.deleteFrom('videos').where('id', '=', second!).execute();
    expect(await searchIds(w)).toMatchObject({ total: 2 });
    expect((await searchIds(w)).ids).not.toContain(second);
  });

  it('pages past the kept depth and past the end like any list', async () => {
    const owner = await createUser(db);
    const w = word();
    const made = await createVideos(
      db,
      owner.id,
      Array.from({ length: 250 }, (_, i) => ({ title: `${w} clip ${i}` })),
    );
    const all: string[] = [];
    for (let page = 1; page <= 21; page++) {
      const res = await searchIds(w, page);
      expect(res.total).toBe(250);
      all.push(...res.ids);
    }
    expect(all).toHaveLength(250);
    expect(new Set(all)).toEqual(new Set(made));
    expect(await searchIds(w, 22)).toEqual({ ids: [], total: 250 });
  });
});
