import { describe, expect, it } from 'vitest';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { createVideo } from '../../../test/factories.ts';

const ctx = await createTestContext();
const { app } = ctx;
const json = (cookie: string, body: unknown) => ({
  headers: { cookie, 'content-type': 'application/json' },
  payload: JSON.stringify(body),
});

describe('video comments', () => {
  it('add, list oldest first, edit and delete by the author only; likes toggle', async () => {
    const owner = await registerUser(ctx);
    const author = await registerUser(ctx);
    const other = await registerUser(ctx);
    const videoId = await createVideo(ctx.db, owner.id);
    const url = `/api/comment/video/${videoId}`;
    expect((await app.inject({ method: 'POST', url, ...json('', { content: 'hi' }) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url, ...json(author.cookie, { content: '   ' }) })).statusCode).toBe(400);
    expect(
      (
        await app.inject({
          method: 'POST',
          url,
          headers: { cookie: author.cookie, 'content-type': 'application/json' },
          payload: '{oops',
        })
      ).statusCode,
    ).toBe(400);
    const first = await app.inject({ method: 'POST', url, ...json(author.cookie, { content: 'First!' }) });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      content: 'First!',
      likes: 0,
      isLiked: false,
      owner: { _id: author.id, username: author.username },
    });
    await app.inject({ method: 'POST', url, ...json(other.cookie, { content: 'Second' }) });
    const list = (await app.inject({ method: 'GET', url })).json().data;
    expect(list.map((c: { content: string }) => c.content)).toEqual(['First!', 'Second']);
    const id = first.json().data._id;
    expect(
      (await app.inject({ method: 'POST', url: `/api/comment/c/${id}`, ...json(other.cookie, { content: 'x' }) })).statusCode,
    ).toBe(403);
    const edited = await app.inject({
      method: 'POST',
      url: `/api/comment/c/${id}`,
      ...json(author.cookie, { content: 'Edited' }),
    });
    expect(edited.json().data.content).toBe('Edited');
    const like = await app.inject({ method: 'POST', url: `/api/like/c/${id}`, headers: { cookie: other.cookie } });
    expect(like.json().data).toEqual({ isLiked: true, likes: 1 });
    const listed = (await app.inject({ method: 'GET', url, headers: { cookie: other.cookie } })).json().data[0];
    expect(listed).toMatchObject({ likes: 1, isLiked: true });
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/comment/c/${id}`, headers: { cookie: other.cookie } })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/comment/c/${id}`, headers: { cookie: author.cookie } })).statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'GET', url })).json().data).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/comment/video/0190a5f0-0000-7000-8000-000000000000' })).statusCode).toBe(
      404,
    );
  });

  it('an exclusive video: others get 401 as on the watch call, the owner reads and writes', async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    const url = `/api/comment/video/${await createVideo(ctx.db, owner.id, { isExclusive: true })}`;
    expect((await app.inject({ method: 'GET', url, headers: { cookie: other.cookie } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const denied = await app.inject({ method: 'POST', url, ...json(other.cookie, { content: 'hi' }) });
    expect(denied.statusCode).toBe(401);
    expect(denied.json().data).toBe('No access to this video');
    expect((await app.inject({ method: 'POST', url, ...json(owner.cookie, { content: 'mine' }) })).statusCode).toBe(201);
    expect((await app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).json().data).toHaveLength(1);
  });
});

const MISSING = '0190a5f0-0000-7000-8000-000000000000';

describe("a comment follows its video's watch rule", () => {
  it('liking a comment on an exclusive video without access is 401 and writes nothing', async () => {
    const owner = await registerUser(ctx);
    const stranger = await registerUser(ctx);
    const videoId = await createVideo(ctx.db, owner.id, { isExclusive: true });
    const comment = await app.inject({
      method: 'POST',
      url: `/api/comment/video/${videoId}`,
      ...json(owner.cookie, { content: 'for buyers' }),
    });
    const id = comment.json().data._id;
    const refused = await app.inject({ method: 'POST', url: `/api/like/c/${id}`, headers: { cookie: stranger.cookie } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().data).toBe('No access to this video');
    const row = await ctx.db.selectFrom('comments').select('likes').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.likes).toBe(0);
    expect(await ctx.db.selectFrom('comment_likes').select('id').where('comment_id', '=', id).execute()).toEqual([]);
    // The owner may watch, so may like.
    const liked = await app.inject({ method: 'POST', url: `/api/like/c/${id}`, headers: { cookie: owner.cookie } });
    expect(liked.json().data).toEqual({ isLiked: true, likes: 1 });
  });

  it("the author's edit, delete and like go through the rule too: exclusive → 401, unlisted → 404", async () => {
    const owner = await registerUser(ctx);
    const author = await registerUser(ctx);
    const videoId = await createVideo(ctx.db, owner.id);
    const comment = await app.inject({
      method: 'POST',
      url: `/api/comment/video/${videoId}`,
      ...json(author.cookie, { content: 'written while public' }),
    });
    const id = comment.json().data._id;
    const attempts = () =>
      Promise.all([
        app.inject({ method: 'POST', url: `/api/comment/c/${id}`, ...json(author.cookie, { content: 'changed' }) }),
        app.inject({ method: 'DELETE', url: `/api/comment/c/${id}`, headers: { cookie: author.cookie } }),
        app.inject({ method: 'POST', url: `/api/like/c/${id}`, headers: { cookie: author.cookie } }),
      ]);
    await ctx.db.updateTable('videos').set({ is_exclusive: true, price_minor: 500 }).where('id', '=', videoId).execute();
    expect((await attempts()).map((r) => r.statusCode)).toEqual([401, 401, 401]);
    await ctx.db.updateTable('videos').set({ is_exclusive: false, status: 'failed' }).where('id', '=', videoId).execute();
    expect((await attempts()).map((r) => r.statusCode)).toEqual([404, 404, 404]);
    const row = await ctx.db.selectFrom('comments').select(['content', 'likes']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ content: 'written while public', likes: 0 });
  });

  it('a missing comment is 404 to edit, delete and like; a malformed id 400', async () => {
    const user = await registerUser(ctx);
    const edit = await app.inject({ method: 'POST', url: `/api/comment/c/${MISSING}`, ...json(user.cookie, { content: 'x' }) });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().data).toBe('Comment not found');
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/comment/c/${MISSING}`, headers: { cookie: user.cookie } })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: `/api/like/c/${MISSING}`, headers: { cookie: user.cookie } })).statusCode,
    ).toBe(404);
    for (const [method, url] of [
      ['POST', '/api/comment/c/nope'],
      ['DELETE', '/api/comment/c/nope'],
      ['POST', '/api/like/c/nope'],
    ] as const) {
      const res = await app.inject({ method, url, ...json(user.cookie, { content: 'x' }) });
      expect(res.statusCode, url).toBe(400);
    }
  });
});
