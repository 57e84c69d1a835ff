import { describe, expect, it } from 'vitest';
import { createPlaylist, createVideo } from '../../../test/factories.ts';
import { createTestContext, registerUser } from '../../../test/support.ts';

// Visibility (API.md §18, docs/visibility.md) through the real app and database: an unlisted video
// is never listed but opens by its link and its embed; a private one is its owner's alone.

const ctx = await createTestContext();
const { app, db } = ctx;

const get = (url: string, cookie = '') => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const mentions = (body: string, id: string) => body.includes(id);

const owner = await registerUser(ctx);
const other = await registerUser(ctx);
const word = `vis${Date.now()}`;
const publicId = await createVideo(db, owner.id, { title: `${word} public` });
const unlistedId = await createVideo(db, owner.id, { title: `${word} unlisted`, visibility: 'unlisted' });
const privateId = await createVideo(db, owner.id, { title: `${word} private`, visibility: 'private' });

describe('lists and search', () => {
  for (const url of ['/api/video?limit=50', `/api/video?query=${word}`, '/api/video/trending', '/api/feed/for-you']) {
    it(`${url} lists the public video only`, async () => {
      for (const cookie of ['', other.cookie, owner.cookie]) {
        const res = await get(url, cookie);
        expect(res.statusCode).toBe(200);
        expect(mentions(res.body, unlistedId)).toBe(false);
        expect(mentions(res.body, privateId)).toBe(false);
      }
    });
  }
  it('search finds the public video, anonymously', async () => {
    const res = await get(`/api/video?query=${word}`);
    expect(mentions(res.body, publicId)).toBe(true);
  });

  it("a channel's videos: others see the public one, the owner all three with their visibility", async () => {
    for (const cookie of ['', other.cookie]) {
      const res = await get(`/api/dashboard/videos/${owner.id}`, cookie);
      expect(res.statusCode).toBe(200);
      const ids = (res.json().data.videos as { _id: string }[]).map((v) => v._id);
      expect(ids).toEqual([publicId]);
    }
    const mine = await get(`/api/dashboard/videos/${owner.id}`, owner.cookie);
    const seen = Object.fromEntries(
      (mine.json().data.videos as { _id: string; visibility: string }[]).map((v) => [v._id, v.visibility]),
    );
    expect(seen).toEqual({ [publicId]: 'public', [unlistedId]: 'unlisted', [privateId]: 'private' });
  });
});

describe('by link', () => {
  it('an unlisted video is watchable by anyone with the link, and says so', async () => {
    for (const cookie of ['', other.cookie, owner.cookie]) {
      const res = await get(`/api/video/v/${unlistedId}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.visibility).toBe('unlisted');
    }
    const embed = await get(`/embed/${unlistedId}`);
    expect(embed.statusCode).toBe(200);
    expect(embed.body).toContain(`${word} unlisted`);
  });

  it('a private video is 404 to everyone but its owner, embed and details included', async () => {
    for (const cookie of ['', other.cookie]) {
      expect((await get(`/api/video/v/${privateId}`, cookie)).statusCode).toBe(404);
      expect((await get(`/api/video/v/${privateId}/details`, cookie)).statusCode).toBe(404);
    }
    const embed = await get(`/embed/${privateId}`);
    expect(embed.statusCode).toBe(404);
    expect(embed.body).not.toContain(`${word} private`);
    const mine = await get(`/api/video/v/${privateId}`, owner.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.visibility).toBe('private');
    // Its files go through a token bound to the owner's session, never the public path.
    expect(mine.json().data.hlsUrl ?? mine.json().data.videoFile ?? '/media/t/').toContain('/media/t/');
  });

  it("a private video's files give nobody else a byte", async () => {
    for (const file of ['video.mp4', 'master.m3u8', 'storyboard.vtt']) {
      const res = await get(`/media/videos/${privateId}/${file}`, other.cookie);
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('#EXT');
    }
  });
});

describe('changing visibility', () => {
  it('PATCH takes JSON; another value is 400; the change holds at once', async () => {
    const id = await createVideo(db, owner.id, { title: `${word} changing` });
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/video/v/${id}`,
      payload: { visibility: 'secret' },
      headers: { cookie: owner.cookie },
    });
    expect(bad.statusCode).toBe(400);
    // Exactly one of the three words: another spelling is another value.
    for (const visibility of ['PRIVATE', ' private', 7]) {
      const other = await app.inject({
        method: 'PATCH',
        url: `/api/video/v/${id}`,
        payload: { visibility },
        headers: { cookie: owner.cookie },
      });
      expect(other.statusCode, String(visibility)).toBe(400);
    }
    const anon = await app.inject({ method: 'PATCH', url: `/api/video/v/${id}`, payload: { visibility: 'private' } });
    expect(anon.statusCode).toBe(401);
    const notOwner = await app.inject({
      method: 'PATCH',
      url: `/api/video/v/${id}`,
      payload: { visibility: 'private' },
      headers: { cookie: other.cookie },
    });
    expect(notOwner.statusCode).toBe(403);
    const ok = await app.inject({
      method: 'PATCH',
      url: `/api/video/v/${id}`,
      payload: { visibility: 'private' },
      headers: { cookie: owner.cookie },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.visibility).toBe('private');
    expect((await get(`/api/video/v/${id}`)).statusCode).toBe(404);
    const back = await app.inject({
      method: 'PATCH',
      url: `/api/video/v/${id}`,
      payload: { visibility: 'unlisted' },
      headers: { cookie: owner.cookie },
    });
    expect(back.json().data.visibility).toBe('unlisted');
    expect((await get(`/api/video/v/${id}`)).statusCode).toBe(200);
  });
});

describe('playlists', () => {
  it('a private playlist is 404 to others; an unlisted one opens by link but is not in the channel list', async () => {
    const privateList = await createPlaylist(db, owner.id, { visibility: 'private', videoIds: [publicId] });
    const unlistedList = await createPlaylist(db, owner.id, {
      visibility: 'unlisted',
      videoIds: [publicId, unlistedId, privateId],
    });
    for (const cookie of ['', other.cookie]) {
      expect((await get(`/api/playlist/${privateList}`, cookie)).statusCode).toBe(404);
      const list = await get(`/api/playlist/user/${owner.id}`, cookie);
      expect(list.statusCode).toBe(200);
      expect(mentions(list.body, privateList)).toBe(false);
      expect(mentions(list.body, unlistedList)).toBe(false);
      const detail = await get(`/api/playlist/${unlistedList}`, cookie);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data.playlist.visibility).toBe('unlisted');
      // Unlisted videos show to those who have the playlist; private ones never do.
      expect((detail.json().data.playlist.videos as { _id: string }[]).map((v) => v._id)).toEqual([publicId, unlistedId]);
    }
    expect((await get(`/api/playlist/${privateList}`, owner.cookie)).statusCode).toBe(200);
    const mine = await get(`/api/playlist/user/${owner.id}`, owner.cookie);
    expect(mentions(mine.body, privateList) && mentions(mine.body, unlistedList)).toBe(true);
  });

  it('POST /api/playlist takes visibility; another value is 400', async () => {
    const post = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/playlist', payload, headers: { cookie: owner.cookie } });
    expect((await post({ name: 'x', description: 'y', visibility: 'hidden' })).statusCode).toBe(400);
    const made = await post({ name: 'x', description: 'y', visibility: 'unlisted' });
    expect(made.statusCode).toBe(201);
    expect(made.json().data.visibility).toBe('unlisted');
    const plain = await post({ name: 'z', description: 'y' });
    expect(plain.json().data.visibility).toBe('public');
  });
});
