import { describe, expect, it } from 'vitest';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { createEntitlement, createPlaylist, createUser, createVideo } from '../../../test/factories.ts';

const ctx = await createTestContext();
const { app, db } = ctx;
const MISSING = '0190a5f0-0000-7000-8000-000000000000';

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const create = (cookie: string | undefined, body: unknown) => call('POST', '/api/playlist', cookie, body);
const detail = (id: string, cookie?: string) => call('GET', `/api/playlist/${id}`, cookie);
const addVideo = (videoId: string, playlistId: string, cookie?: string) =>
  call('POST', `/api/playlist/video/${videoId}/${playlistId}`, cookie);
const removeVideo = (videoId: string, playlistId: string, cookie?: string) =>
  call('DELETE', `/api/playlist/video/${videoId}/${playlistId}`, cookie);

describe('POST /api/playlist', () => {
  it('creates a playlist (201) with trimmed text; exclusive without a price costs 30', async () => {
    const owner = await registerUser(ctx);
    const res = await create(owner.cookie, { name: '  Road trip  ', description: ' songs ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Road trip',
      description: 'songs',
      videos: [],
      poster: null,
      isExclusive: false,
      price: 0,
      owner: owner.id,
    });
    const exclusive = await create(owner.cookie, { name: 'Paid', description: '', isExclusive: true });
    expect(exclusive.json().data).toMatchObject({ isExclusive: true, price: 30 });
    const priced = await create(owner.cookie, { name: 'Paid', description: 'x', isExclusive: 'true', price: '24.50' });
    expect(priced.json().data).toMatchObject({ isExclusive: true, price: 24.5 });
    // A price on a free playlist is ignored.
    expect((await create(owner.cookie, { name: 'Free', description: '', price: 50 })).json().data.price).toBe(0);
  });

  it('refuses bad bodies with 400 and says why', async () => {
    const owner = await registerUser(ctx);
    const cases: [unknown, string][] = [
      [{ description: 'x' }, 'Name is required'],
      [{ name: '   ', description: 'x' }, 'Name is required'],
      [{ name: 'a'.repeat(101), description: 'x' }, 'Name cannot be longer than 100 characters'],
      [{ name: 'a\u0000b', description: 'x' }, 'Name must not contain control characters'],
      [{ name: 'ok' }, 'Description is required'],
      [{ name: 'ok', description: 'd'.repeat(1001) }, 'Description cannot be longer than 1,000 characters'],
      [{ name: 'ok', description: 'd\u0000' }, 'Description must not contain control characters'],
      [{ name: 'ok', description: '', isExclusive: true, price: 19.99 }, 'Price must be at least 20'],
      [{ name: 'ok', description: '', isExclusive: true, price: -20 }, 'Price cannot be negative'],
      [{ name: 'ok', description: '', isExclusive: true, price: 1e12 }, 'Price cannot be more than 1,000,000'],
      [{ name: 'ok', description: '', isExclusive: true, price: 20.001 }, 'Price can have at most two decimals'],
      [{ name: 'ok', description: '', isExclusive: true, price: true }, 'Price must be a number'],
      [{ name: 'ok', description: '', isExclusive: true, price: 'twenty' }, 'Price must be a number'],
      [{ name: 'ok', description: '', price: -1 }, 'Price cannot be negative'],
      [{ name: 'ok', description: '', isExclusive: 5 }, 'isExclusive must be true or false'],
      [{ name: 42, description: '' }, 'Name is required'],
    ];
    for (const [body, text] of cases) {
      const res = await create(owner.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data, JSON.stringify(body)).toBe(text);
    }
    expect((await create(owner.cookie, [1, 2])).statusCode).toBe(400);
    for (const payload of ['null', '"text"', '{"name":', '{"name":"x","description":"","__proto__":{"a":1}}']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/playlist',
        headers: { cookie: owner.cookie, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
    expect(await db.selectFrom('playlists').where('owner_id', '=', owner.id).where('kind', '=', 'user').execute()).toEqual([]);
  });

  it('anonymous → 401 with reason signin, nothing written', async () => {
    const res = await create(undefined, { name: 'x', description: '' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, reason: 'signin' });
  });
});

describe('GET /api/playlist/user/:userId', () => {
  it("lists a user's playlists with visible video ids, the first video as poster, newest change first", async () => {
    const owner = await registerUser(ctx);
    const [a, b] = [await createVideo(db, owner.id), await createVideo(db, owner.id)];
    const processing = await createVideo(db, owner.id, { status: 'processing' });
    const older = await createPlaylist(db, owner.id, { videoIds: [b, processing, a] });
    const newer = await createPlaylist(db, owner.id, { isExclusive: true, priceMinor: 2500 });
    await db
      .updateTable('playlists')
      .set({ updated_at: new Date(Date.now() + 60_000) })
      .where('id', '=', newer)
      .execute();

    const anonymous = (await call('GET', `/api/playlist/user/${owner.id}`)).json().data;
    expect(anonymous.map((p: { _id: string }) => p._id)).toEqual([newer, older]);
    expect(anonymous[1]).toMatchObject({ videos: [b, a], poster: { _id: b, thumbnail: `/media/thumbnails/${b}.webp` } });
    expect(anonymous[0]).toMatchObject({ videos: [], poster: null, isExclusive: true, price: 25 });
    // The owner also sees their own video while it processes.
    const own = (await call('GET', `/api/playlist/user/${owner.id}`, owner.cookie)).json().data;
    expect(own[1].videos).toEqual([b, processing, a]);
  });

  it('a missing user → 404, a malformed id → 400', async () => {
    expect((await call('GET', `/api/playlist/user/${MISSING}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/playlist/user/nope')).statusCode).toBe(400);
    const empty = await createUser(db);
    expect((await call('GET', `/api/playlist/user/${empty.id}`)).json().data).toEqual([]);
  });
});

describe('GET /api/playlist/:id', () => {
  it('answers the videos with owners and per-video access, and whether the caller may watch it all', async () => {
    const owner = await registerUser(ctx);
    const buyer = await registerUser(ctx);
    const fan = await registerUser(ctx);
    const free = await createVideo(db, owner.id, { title: 'Free one' });
    const paid = await createVideo(db, owner.id, { isExclusive: true, priceMinor: 700 });
    const id = await createPlaylist(db, owner.id, { isExclusive: true, priceMinor: 2000, videoIds: [paid, free] });
    await createEntitlement(db, buyer.id, { playlistId: id });

    const anonymous = (await detail(id)).json().data;
    expect(anonymous.access).toBe(false);
    expect(anonymous.playlist).toMatchObject({
      _id: id,
      isExclusive: true,
      price: 20,
      owner: { _id: owner.id, username: owner.username, fullname: owner.fullname },
    });
    expect(anonymous.playlist.videos.map((v: { _id: string; hasAccess: boolean }) => [v._id, v.hasAccess])).toEqual([
      [paid, false],
      [free, true],
    ]);
    expect(anonymous.playlist.videos[0]).toMatchObject({ isExclusive: true, price: 7, owner: { _id: owner.id } });
    expect(anonymous.playlist.videos[0]).not.toHaveProperty('videoFile');
    expect((await detail(id, fan.cookie)).json().data.access).toBe(false);
    for (const who of [owner, buyer]) {
      const seen = (await detail(id, who.cookie)).json().data;
      expect(seen.access).toBe(true);
      expect(seen.playlist.videos.every((v: { hasAccess: boolean }) => v.hasAccess)).toBe(true);
    }
  });

  it('missing → 404, malformed → 400', async () => {
    expect((await detail(MISSING)).statusCode).toBe(404);
    expect((await detail('x')).statusCode).toBe(400);
    expect((await detail('%00')).statusCode).toBe(400);
  });
});

describe('edit and delete', () => {
  it('only the owner: anonymous 401, others 403, missing 404; edits answer the playlist', async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    const id = await createPlaylist(db, owner.id);
    const edit = (cookie: string | undefined, pid = id) =>
      call('POST', `/api/playlist/${pid}`, cookie, { name: 'Renamed', description: 'New words' });
    expect((await edit(undefined)).statusCode).toBe(401);
    expect((await edit(other.cookie)).statusCode).toBe(403);
    expect((await edit(owner.cookie, MISSING)).statusCode).toBe(404);
    expect((await edit(owner.cookie, 'bad')).statusCode).toBe(400);
    expect((await call('POST', `/api/playlist/${id}`, owner.cookie, { name: '', description: '' })).statusCode).toBe(400);
    expect((await call('POST', `/api/playlist/${id}`, owner.cookie, { name: 'x' })).statusCode).toBe(400);
    const done = await edit(owner.cookie);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ _id: id, name: 'Renamed', description: 'New words' });

    expect((await call('DELETE', `/api/playlist/${id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/playlist/${id}`, other.cookie)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/playlist/${MISSING}`, owner.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/playlist/${id}`, owner.cookie)).statusCode).toBe(200);
    expect((await detail(id)).statusCode).toBe(404);
  });

  it('a bought playlist cannot be deleted (409): its buyers hold what it contains', async () => {
    const owner = await registerUser(ctx);
    const buyer = await createUser(db);
    const id = await createPlaylist(db, owner.id, { isExclusive: true });
    await createEntitlement(db, buyer.id, { playlistId: id });
    const res = await call('DELETE', `/api/playlist/${id}`, owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toBe('This playlist has buyers and cannot be deleted');
    expect((await detail(id)).statusCode).toBe(200);
  });
});

describe('adding and removing videos', () => {
  it('adds at the end and removes; updatedAt moves each time; the poster follows the first video', async () => {
    const owner = await registerUser(ctx);
    const someone = await createUser(db);
    const [mine, theirs] = [await createVideo(db, owner.id), await createVideo(db, someone.id)];
    const id = await createPlaylist(db, owner.id);
    const before = (await detail(id)).json().data.playlist.updatedAt;
    const added = await addVideo(theirs, id, owner.cookie);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ videos: [theirs], poster: { _id: theirs } });
    expect(added.json().data.updatedAt > before).toBe(true);
    const second = (await addVideo(mine, id, owner.cookie)).json().data;
    expect(second.videos).toEqual([theirs, mine]);
    const removed = (await removeVideo(theirs, id, owner.cookie)).json().data;
    expect(removed).toMatchObject({ videos: [mine], poster: { _id: mine } });
    expect(removed.updatedAt > second.updatedAt).toBe(true);
  });

  it('no duplicates (409), even under concurrent clicks', async () => {
    const owner = await registerUser(ctx);
    const video = await createVideo(db, owner.id);
    const id = await createPlaylist(db, owner.id);
    const results = await Promise.all(Array.from({ length: 10 }, () => addVideo(video, id, owner.cookie)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(results.find((r) => r.statusCode === 409)!.json().data).toBe('Video is already in this playlist');
    const rows = await db.selectFrom('playlist_videos').where('playlist_id', '=', id).execute();
    expect(rows.length).toBe(1);
  });

  it('the video must exist and be visible to the caller; removing one not in it → 404', async () => {
    const owner = await registerUser(ctx);
    const someone = await createUser(db);
    const id = await createPlaylist(db, owner.id);
    const theirsProcessing = await createVideo(db, someone.id, { status: 'processing' });
    const mineProcessing = await createVideo(db, owner.id, { status: 'processing' });
    const exclusive = await createVideo(db, someone.id, { isExclusive: true });
    expect((await addVideo(MISSING, id, owner.cookie)).statusCode).toBe(404);
    expect((await addVideo(theirsProcessing, id, owner.cookie)).json()).toMatchObject({
      statusCode: 404,
      data: 'Video not found',
    });
    expect((await addVideo(mineProcessing, id, owner.cookie)).statusCode).toBe(200);
    // Listed exclusive videos are visible (as cards) even without access.
    expect((await addVideo(exclusive, id, owner.cookie)).statusCode).toBe(200);
    expect((await removeVideo(theirsProcessing, id, owner.cookie)).json()).toMatchObject({
      statusCode: 404,
      data: 'Video is not in this playlist',
    });
  });

  it('owner of the playlist only: anonymous 401, others 403, missing playlist 404, malformed ids 400', async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    const video = await createVideo(db, owner.id);
    const id = await createPlaylist(db, owner.id, { videoIds: [video] });
    for (const action of [addVideo, removeVideo]) {
      expect((await action(video, id)).statusCode).toBe(401);
      expect((await action(video, id, other.cookie)).statusCode).toBe(403);
      expect((await action(video, MISSING, owner.cookie)).statusCode).toBe(404);
      expect((await action('bad', id, owner.cookie)).statusCode).toBe(400);
      expect((await action(video, 'bad', owner.cookie)).statusCode).toBe(400);
    }
    expect((await detail(id)).json().data.playlist.videos.length).toBe(1);
  });

  it('a deleted video leaves every playlist, which moves updatedAt', async () => {
    const owner = await registerUser(ctx);
    const video = await createVideo(db, owner.id);
    const id = await createPlaylist(db, owner.id, { videoIds: [video] });
    const before = (await detail(id)).json().data.playlist.updatedAt;
    await db.deleteFrom('videos').where('id', '=', video).execute();
    const after = (await detail(id)).json().data.playlist;
    expect(after.videos).toEqual([]);
    expect(after.updatedAt > before).toBe(true);
  });

  it('refuses cross-site changes (403)', async () => {
    const owner = await registerUser(ctx);
    const res = await app.inject({
      method: 'POST',
      url: '/api/playlist',
      headers: { cookie: owner.cookie, 'sec-fetch-site': 'cross-site' },
      payload: { name: 'x', description: '' },
    });
    expect(res.statusCode).toBe(403);
    expect(await db.selectFrom('playlists').where('owner_id', '=', owner.id).where('kind', '=', 'user').execute()).toEqual([]);
  });
});

describe('exclusive playlists and removals', () => {
  it("an exclusive playlist holds only its creator's own videos (403); a free one holds anyone's", async () => {
    const owner = await registerUser(ctx);
    const other = await createUser(db);
    const own = await createVideo(db, owner.id, { isExclusive: true, priceMinor: 500 });
    const theirs = await createVideo(db, other.id, { isExclusive: true, priceMinor: 500 });
    const theirsOpen = await createVideo(db, other.id);
    const exclusive = (await create(owner.cookie, { name: 'Mine to sell', description: '', isExclusive: true })).json().data._id;
    const free = (await create(owner.cookie, { name: 'Favourites', description: '' })).json().data._id;

    expect((await addVideo(own, exclusive, owner.cookie)).statusCode).toBe(200);
    for (const videoId of [theirs, theirsOpen]) {
      const res = await addVideo(videoId, exclusive, owner.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("An exclusive playlist can only hold its creator's own videos");
    }
    expect((await addVideo(theirsOpen, free, owner.cookie)).statusCode).toBe(200);
    expect((await detail(exclusive, owner.cookie)).json().data.playlist.videos.map((v: { _id: string }) => v._id)).toEqual([own]);
  });

  it("a removed video leaves playlist views, its owner's included; a removed playlist is there for its owner only", async () => {
    const owner = await registerUser(ctx);
    const viewer = await registerUser(ctx);
    const [kept, removed] = [await createVideo(db, owner.id), await createVideo(db, owner.id)];
    const playlistId = await createPlaylist(db, owner.id, { videoIds: [kept, removed] });
    await db
      .updateTable('videos')
      .set({ status: 'removed', removed_reason: 'Spam', removed_by: 'takedown', status_before_removal: 'ready' })
      .where('id', '=', removed)
      .execute();
    for (const cookie of [owner.cookie, viewer.cookie]) {
      expect((await detail(playlistId, cookie)).json().data.playlist.videos.map((v: { _id: string }) => v._id)).toEqual([kept]);
    }
    await db
      .updateTable('playlists')
      .set({ removed_reason: 'Scam', removed_by: 'takedown' })
      .where('id', '=', playlistId)
      .execute();
    expect((await detail(playlistId, viewer.cookie)).statusCode).toBe(404);
    expect((await detail(playlistId)).statusCode).toBe(404);
    expect((await detail(playlistId, owner.cookie)).statusCode).toBe(200);
    const listed = await call('GET', `/api/playlist/user/${owner.id}`, viewer.cookie);
    expect(listed.json().data.map((p: { _id: string }) => p._id)).not.toContain(playlistId);
  });
});

describe('playlist counts', () => {
  it('appear in the own profile, a channel and the channel stats', async () => {
    const owner = await registerUser(ctx);
    const visitor = await registerUser(ctx);
    await createPlaylist(db, owner.id);
    await createPlaylist(db, owner.id, { isExclusive: true });
    expect((await call('GET', '/api/users/current_user', owner.cookie)).json().data.playlists).toBe(2);
    expect((await call('GET', `/api/users/channel/${owner.id}`, visitor.cookie)).json().data.playlists).toBe(2);
    expect((await call('GET', `/api/dashboard/stats/${owner.id}`)).json().data.totalPlaylists).toBe(2);
    expect((await call('GET', `/api/dashboard/stats/${visitor.id}`)).json().data.totalPlaylists).toBe(0);
  });
});
