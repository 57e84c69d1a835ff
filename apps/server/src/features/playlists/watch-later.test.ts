import { describe, expect, it } from 'vitest';
import { createPlaylist, createVideo, createVideos } from '../../../test/factories.ts';
import { createTestContext, registerUser } from '../../../test/support.ts';

// Watch later and playlist order (API.md §22): a private list every user has, kept by its own
// calls, and the owner's new order of a playlist's videos.

const ctx = await createTestContext();
const { app, db } = ctx;
const call = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const ids = (list: { _id: string }[]) => list.map((v) => v._id);

describe('watch later', () => {
  it('every user has one, empty at first; add, list in order, remove; theirs alone', async () => {
    const me = await registerUser(ctx);
    const other = await registerUser(ctx);
    const creator = await registerUser(ctx);
    const [a, b] = await createVideos(db, creator.id, [{ title: 'First' }, { title: 'Second' }]);

    const empty = await call('GET', '/api/playlist/watch-later', me.cookie);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data).toMatchObject({
      name: 'Watch later',
      videos: [],
      owner: { _id: me.id },
      isExclusive: false,
      visibility: 'private',
    });

    expect((await call('POST', `/api/playlist/watch-later/${b}`, me.cookie)).statusCode).toBe(200);
    const added = await call('POST', `/api/playlist/watch-later/${a}`, me.cookie);
    expect(added.json()).toMatchObject({ statusCode: 200, message: 'Added to Watch later' });
    expect(ids(added.json().data.videos)).toEqual([b, a]);
    expect(added.json().data.videos[0]).toMatchObject({ title: 'Second', owner: { _id: creator.id }, hasAccess: true });
    // Twice is a conflict, as in any playlist.
    expect((await call('POST', `/api/playlist/watch-later/${a}`, me.cookie)).statusCode).toBe(409);
    // One list per user.
    const [x, y] = await Promise.all([
      call('GET', '/api/playlist/watch-later', other.cookie),
      call('GET', '/api/playlist/watch-later', other.cookie),
    ]);
    expect(x.json().data._id).toBe(y.json().data._id);
    expect(x.json().data.videos).toEqual([]);

    // It is private: never listed, not counted, 404 to others, and not renamed or deleted.
    const listId = added.json().data._id as string;
    expect((await call('GET', `/api/playlist/user/${me.id}`, me.cookie)).json().data).toEqual([]);
    expect((await call('GET', `/api/users/current_user`, me.cookie)).json().data.playlists).toBe(0);
    expect((await call('GET', `/api/playlist/${listId}`, other.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/playlist/${listId}`)).statusCode).toBe(404);
    const mine = await call('GET', `/api/playlist/${listId}`, me.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.playlist.visibility).toBe('private');
    expect((await call('POST', `/api/playlist/${listId}`, other.cookie, { name: 'Mine', description: 'Now' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/api/playlist/${listId}`, me.cookie, { name: 'Renamed', description: 'No' })).statusCode).toBe(
      400,
    );
    expect((await call('DELETE', `/api/playlist/${listId}`, me.cookie)).statusCode).toBe(400);

    const removed = await call('DELETE', `/api/playlist/watch-later/${b}`, me.cookie);
    expect(removed.statusCode).toBe(200);
    expect(ids(removed.json().data.videos)).toEqual([a]);
    expect((await call('DELETE', `/api/playlist/watch-later/${b}`, me.cookie)).statusCode).toBe(404);
  });

  it('refuses anonymous callers, malformed ids, and videos the caller cannot see', async () => {
    const me = await registerUser(ctx);
    const creator = await registerUser(ctx);
    const hidden = await createVideo(db, creator.id, { status: 'processing' });
    expect((await call('GET', '/api/playlist/watch-later')).statusCode).toBe(401);
    expect((await call('POST', `/api/playlist/watch-later/${hidden}`)).statusCode).toBe(401);
    expect((await call('POST', '/api/playlist/watch-later/nope', me.cookie)).statusCode).toBe(400);
    expect((await call('POST', `/api/playlist/watch-later/${hidden}`, me.cookie)).statusCode).toBe(404);
  });
});

describe('PATCH /api/playlist/:id/order', () => {
  it('puts the same videos in the new order; the owner only; anything but the same ids once is a 400', async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    const [a, b, c] = await createVideos(db, owner.id, [{}, {}, {}]);
    const id = await createPlaylist(db, owner.id, { videoIds: [a!, b!, c!] });
    const order = (videoIds: unknown, cookie = owner.cookie) => call('PATCH', `/api/playlist/${id}/order`, cookie, { videoIds });

    const res = await order([c, a, b]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.videos).toEqual([c, a, b]);
    const detail = (await call('GET', `/api/playlist/${id}`, other.cookie)).json().data.playlist;
    expect(ids(detail.videos)).toEqual([c, a, b]);
    // A video added later goes to the end.
    const d = await createVideo(db, owner.id);
    await call('POST', `/api/playlist/video/${d}/${id}`, owner.cookie);
    expect((await call('GET', `/api/playlist/${id}`)).json().data.playlist.videos.map((v: { _id: string }) => v._id)).toEqual([
      c,
      a,
      b,
      d,
    ]);
    expect((await order([d, b, a, c])).json().data.videos).toEqual([d, b, a, c]);

    expect((await order([a, b, c, d], other.cookie)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/playlist/${id}/order`, undefined, { videoIds: [a] })).statusCode).toBe(401);
    for (const bad of [[a, b, c], [a, b, c, d, d], [a, b, c, owner.id], 'x', [1, 2], null]) {
      const r = await order(bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await call('PATCH', `/api/playlist/0190a5f0-0000-7000-8000-000000000000/order`, owner.cookie, { videoIds: [] }))
        .statusCode,
    ).toBe(404);
    // Nothing moved by the refusals.
    expect((await call('GET', `/api/playlist/${id}`)).json().data.playlist.videos.map((v: { _id: string }) => v._id)).toEqual([
      d,
      b,
      a,
      c,
    ]);
  });
});
