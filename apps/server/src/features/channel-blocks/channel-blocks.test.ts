import { describe, expect, it } from 'vitest';
import { createTestContext, errorEnvelope, registerUser } from '../../../test/support.ts';
import { createVideo } from '../../../test/factories.ts';

const ctx = await createTestContext();
const { app, db } = ctx;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, body?: unknown) {
  const headers = { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) };
  return app.inject({ method, url, headers, ...(body !== undefined ? { payload: JSON.stringify(body) } : {}) });
}
const comment = (cookie: string, on: { videoId: string } | { postId: string }, content = 'Nice one') =>
  call('POST', 'videoId' in on ? `/api/comment/video/${on.videoId}` : `/api/comment/post/${on.postId}`, cookie, { content });
const commentIds = async (on: { videoId: string }, cookie?: string) =>
  (await call('GET', `/api/comment/video/${on.videoId}`, cookie)).json().data.map((c: { _id: string }) => c._id);

const creator = await registerUser(ctx);
const troll = await registerUser(ctx);
const fan = await registerUser(ctx);
const video = { videoId: await createVideo(db, creator.id) };
const postRes = await call('POST', '/api/post/new', creator.cookie, { content: 'My post' });
const post = { postId: postRes.json().data._id as string };

describe('blocking a user from my channel', () => {
  it('refuses their comments on my videos and posts (403) until I unblock them; others comment as before', async () => {
    const block = await call('POST', `/api/channel/blocks/${troll.id}`, creator.cookie);
    expect(block.json()).toMatchObject({ statusCode: 200, data: {}, message: 'User blocked' });
    // Blocking again is no error.
    expect((await call('POST', `/api/channel/blocks/${troll.id}`, creator.cookie)).statusCode).toBe(200);

    for (const on of [video, post]) {
      expect((await comment(troll.cookie, on)).json()).toEqual(errorEnvelope(403, 'You cannot comment on this channel'));
      expect((await comment(fan.cookie, on)).statusCode).toBe(201);
    }
    const list = (await call('GET', '/api/channel/blocks', creator.cookie)).json().data;
    expect(list).toEqual([
      {
        user: { _id: troll.id, username: troll.username, fullname: troll.fullname, avatar: expect.any(String) },
        createdAt: expect.any(String),
      },
    ]);
    // Only my channel: the blocked user still comments elsewhere, and my block list is mine alone.
    const elsewhere = { videoId: await createVideo(db, fan.id) };
    expect((await comment(troll.cookie, elsewhere)).statusCode).toBe(201);
    expect((await call('GET', '/api/channel/blocks', fan.cookie)).json().data).toEqual([]);

    expect((await call('DELETE', `/api/channel/blocks/${troll.id}`, creator.cookie)).json()).toMatchObject({
      statusCode: 200,
      message: 'User unblocked',
    });
    expect((await comment(troll.cookie, video)).statusCode).toBe(201);
    expect((await call('GET', '/api/channel/blocks', creator.cookie)).json().data).toEqual([]);
    expect((await call('DELETE', `/api/channel/blocks/${troll.id}`, creator.cookie)).statusCode).toBe(200);
  });

  it('answers 401 anonymous, 400 for myself or a malformed id, 404 for nobody', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      expect((await call(method, `/api/channel/blocks/${troll.id}`)).statusCode).toBe(401);
      expect((await call(method, '/api/channel/blocks/not-an-id', creator.cookie)).statusCode).toBe(400);
    }
    expect((await call('GET', '/api/channel/blocks')).statusCode).toBe(401);
    expect((await call('POST', `/api/channel/blocks/${creator.id}`, creator.cookie)).json()).toEqual(
      errorEnvelope(400, 'You cannot block yourself'),
    );
    expect((await call('POST', '/api/channel/blocks/01900000-0000-7000-8000-000000000000', creator.cookie)).json()).toEqual(
      errorEnvelope(404, 'User does not exist'),
    );
  });
});

describe('blocked words', () => {
  it('are saved trimmed, lower-cased and once each; anyone signed in keeps their own list', async () => {
    const res = await call('PUT', '/api/channel/blocked-words', creator.cookie, { words: [' Scam ', 'scam', 'free money'] });
    expect(res.json()).toMatchObject({ statusCode: 200, data: { words: ['free money', 'scam'] } });
    expect((await call('GET', '/api/channel/blocked-words', creator.cookie)).json().data).toEqual({
      words: ['free money', 'scam'],
    });
    expect((await call('GET', '/api/channel/blocked-words', fan.cookie)).json().data).toEqual({ words: [] });
    expect((await call('GET', '/api/channel/blocked-words')).statusCode).toBe(401);
  });

  it('refuses malformed lists with 400 and keeps the saved one', async () => {
    for (const body of [
      {},
      { words: 'scam' },
      { words: [''] },
      { words: ['  '] },
      { words: ['x'.repeat(101)] },
      { words: Array.from({ length: 201 }, (_, i) => `w${i}`) },
      { words: ['bad\u0000word'] },
      { words: [42] },
    ]) {
      expect(
        (await call('PUT', '/api/channel/blocked-words', creator.cookie, body)).statusCode,
        JSON.stringify(body).slice(0, 50),
      ).toBe(400);
    }
    expect((await call('GET', '/api/channel/blocked-words', creator.cookie)).json().data.words).toEqual(['free money', 'scam']);
    const most = Array.from({ length: 200 }, (_, i) => `word${i}`);
    expect((await call('PUT', '/api/channel/blocked-words', fan.cookie, { words: most })).json().data.words).toHaveLength(200);
  });

  it('hold a matching comment for the creator: seen by its author and the creator only, until approved', async () => {
    const held = await comment(fan.cookie, video, 'Get FREE   money at my site');
    expect(held.statusCode).toBe(201);
    expect(held.json().data).toMatchObject({ held: true });
    const id = held.json().data._id;
    const plain = await comment(fan.cookie, video, 'A scammer would say that');
    expect(plain.json().data.held).toBeUndefined();

    expect(await commentIds(video, fan.cookie)).toContain(id);
    expect(await commentIds(video, creator.cookie)).toContain(id);
    expect(await commentIds(video, troll.cookie)).not.toContain(id);
    expect(await commentIds(video)).not.toContain(id);
    expect(await commentIds(video)).toContain(plain.json().data._id);

    const queue = (await call('GET', '/api/channel/held-comments', creator.cookie)).json().data;
    expect(queue).toEqual([
      expect.objectContaining({
        _id: id,
        content: 'Get FREE   money at my site',
        owner: expect.objectContaining({ _id: fan.id }),
        parent: { type: 'video', _id: video.videoId, title: expect.any(String) },
      }),
    ]);
    expect((await call('GET', '/api/channel/held-comments', fan.cookie)).json().data).toEqual([]);

    // Only the channel decides: to anyone else the held comment is not theirs to find.
    expect((await call('POST', `/api/channel/held-comments/${id}/approve`, fan.cookie)).json()).toEqual(
      errorEnvelope(404, 'Held comment not found'),
    );
    expect((await call('POST', `/api/channel/held-comments/${id}/approve`, creator.cookie)).json()).toMatchObject({
      statusCode: 200,
      message: 'Comment approved',
    });
    expect(await commentIds(video)).toContain(id);
    expect((await call('GET', '/api/channel/held-comments', creator.cookie)).json().data).toEqual([]);
    // No longer held: nothing left to approve.
    expect((await call('POST', `/api/channel/held-comments/${id}/approve`, creator.cookie)).statusCode).toBe(404);
  });

  it('a held comment on a post can be deleted by the creator; the creator is never held by their own words', async () => {
    const held = await comment(troll.cookie, post, 'total SCAM');
    const id = held.json().data._id;
    expect(held.json().data.held).toBe(true);
    expect((await call('GET', '/api/channel/held-comments', creator.cookie)).json().data).toEqual([
      expect.objectContaining({ _id: id, parent: { type: 'post', _id: post.postId, title: 'My post' } }),
    ]);
    expect((await call('DELETE', `/api/channel/held-comments/${id}`, troll.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/channel/held-comments/${id}`, creator.cookie)).json()).toMatchObject({
      message: 'Comment deleted',
    });
    expect(await db.selectFrom('comments').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();

    const own = await comment(creator.cookie, post, 'No scam here, promise');
    expect(own.json().data.held).toBeUndefined();
  });

  it('answers 401 anonymous and 400 for malformed ids on the held-comment calls', async () => {
    expect((await call('GET', '/api/channel/held-comments')).statusCode).toBe(401);
    expect((await call('POST', '/api/channel/held-comments/x/approve', creator.cookie)).statusCode).toBe(400);
    expect((await call('DELETE', '/api/channel/held-comments/x', creator.cookie)).statusCode).toBe(400);
  });
});
