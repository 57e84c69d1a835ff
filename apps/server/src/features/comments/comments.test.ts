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
const newPost = async (cookie: string) =>
  (await app.inject({ method: 'POST', url: '/api/post/new', ...json(cookie, { content: 'a post' }) })).json().data._id as string;

describe('post comments: the same comments, under a post', () => {
  it('add, list oldest first (public), edit and delete by the author only; the post counts them', async () => {
    const author = await registerUser(ctx);
    const fan = await registerUser(ctx);
    const postId = await newPost(author.cookie);
    const url = `/api/comment/post/${postId}`;
    expect((await app.inject({ method: 'POST', url, ...json('', { content: 'hi' }) })).statusCode).toBe(401);
    const first = await app.inject({ method: 'POST', url, ...json(fan.cookie, { content: ' First on a post ' }) });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: 'Comment added' });
    expect(first.json().data).toEqual({
      _id: expect.any(String),
      content: 'First on a post',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      likes: 0,
      isLiked: false,
      owner: { _id: fan.id, fullname: fan.fullname, username: fan.username, avatar: expect.any(String) },
      parentId: null,
      replyCount: 0,
      pinned: false,
    });
    await app.inject({ method: 'POST', url, ...json(author.cookie, { content: 'Reply by the author' }) });
    const anonymous = await app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data.map((c: { content: string }) => c.content)).toEqual(['First on a post', 'Reply by the author']);
    expect((await app.inject({ method: 'GET', url: `/api/post/${postId}` })).json().data.comments).toBe(2);

    const id = first.json().data._id;
    const edit = (cookie: string) =>
      app.inject({ method: 'POST', url: `/api/comment/c/${id}`, ...json(cookie, { content: 'Edited' }) });
    const remove = (cookie: string) => app.inject({ method: 'DELETE', url: `/api/comment/c/${id}`, headers: { cookie } });
    expect((await edit('')).statusCode).toBe(401);
    // The post's author is not the comment's author.
    expect((await edit(author.cookie)).statusCode).toBe(403);
    expect((await edit(fan.cookie)).json().data).toMatchObject({ _id: id, content: 'Edited' });
    expect((await remove('')).statusCode).toBe(401);
    expect((await remove(author.cookie)).statusCode).toBe(403);
    expect((await remove(fan.cookie)).json()).toMatchObject({ statusCode: 200, data: {} });
    expect((await remove(fan.cookie)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/post/${postId}` })).json().data.comments).toBe(1);
  });

  it('a missing post is 404 for list and add, a malformed id 400, nothing written', async () => {
    const user = await registerUser(ctx);
    const missing = await app.inject({ method: 'GET', url: `/api/comment/post/${MISSING}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().data).toBe('Post not found');
    const add = await app.inject({ method: 'POST', url: `/api/comment/post/${MISSING}`, ...json(user.cookie, { content: 'x' }) });
    expect(add.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/comment/post/xyz' })).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'POST', url: '/api/comment/post/xyz', ...json(user.cookie, { content: 'x' }) })).statusCode,
    ).toBe(400);
    expect(await ctx.db.selectFrom('comments').select('id').where('owner_id', '=', user.id).execute()).toEqual([]);
  });
});

describe('comment content rules (add and edit, video and post)', () => {
  it.each([
    ['blank', { content: '' }, 'Comment cannot be blank'],
    ['whitespace only', { content: '  \n ' }, 'Comment cannot be blank'],
    ['longer than 5,000 characters', { content: 'c'.repeat(5001) }, 'Comment cannot be longer than 5,000 characters'],
    ['a NUL character', { content: 'a\u0000b' }, 'Content must not contain control characters'],
    ['a number', { content: 7 }, undefined],
    ['no content', {}, 'Content is required'],
  ])('%s → 400, nothing written', async (_name, body, text) => {
    const owner = await registerUser(ctx);
    const videoId = await createVideo(ctx.db, owner.id);
    const postId = await newPost(owner.cookie);
    const kept = await app.inject({
      method: 'POST',
      url: `/api/comment/post/${postId}`,
      ...json(owner.cookie, { content: 'kept' }),
    });
    const urls = [`/api/comment/video/${videoId}`, `/api/comment/post/${postId}`, `/api/comment/c/${kept.json().data._id}`];
    for (const url of urls) {
      const res = await app.inject({ method: 'POST', url, ...json(owner.cookie, body) });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      if (text) expect(res.json().data).toBe(text);
    }
    const rows = await ctx.db.selectFrom('comments').select('content').where('owner_id', '=', owner.id).execute();
    expect(rows).toEqual([{ content: 'kept' }]);
  });

  it('accepts exactly 5,000 characters', async () => {
    const owner = await registerUser(ctx);
    const url = `/api/comment/video/${await createVideo(ctx.db, owner.id)}`;
    const res = await app.inject({ method: 'POST', url, ...json(owner.cookie, { content: 'd'.repeat(5000) }) });
    expect(res.statusCode).toBe(201);
  });
});

describe('comment paging', () => {
  it('all comments by default; page and limit give one page, oldest first', async () => {
    const owner = await registerUser(ctx);
    const postId = await newPost(owner.cookie);
    const url = `/api/comment/post/${postId}`;
    for (let i = 1; i <= 25; i += 1) {
      await app.inject({ method: 'POST', url, ...json(owner.cookie, { content: `c${i}` }) });
    }
    const contents = async (query: string) =>
      (await app.inject({ method: 'GET', url: `${url}${query}` })).json().data.map((c: { content: string }) => c.content);
    expect(await contents('')).toHaveLength(25);
    expect(await contents('?page=1')).toEqual(Array.from({ length: 20 }, (_, i) => `c${i + 1}`));
    expect(await contents('?page=2')).toEqual(['c21', 'c22', 'c23', 'c24', 'c25']);
    expect(await contents('?limit=3')).toEqual(['c1', 'c2', 'c3']);
    expect(await contents('?page=3&limit=10')).toEqual(['c21', 'c22', 'c23', 'c24', 'c25']);
    expect(await contents('?page=9')).toEqual([]);
    for (const bad of ['?page=0', '?limit=0', '?limit=101', '?page=x', '?page=1.5']) {
      expect((await app.inject({ method: 'GET', url: `${url}${bad}` })).statusCode, bad).toBe(400);
    }
  });
});

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

describe('deleting a video', () => {
  it('removes its comments, their likes and its likes in one go; channel stats and other counters stay right', async () => {
    const owner = await registerUser(ctx);
    const fans = [await registerUser(ctx), await registerUser(ctx)];
    const kept = await createVideo(ctx.db, owner.id, { views: 7 });
    const doomed = await createVideo(ctx.db, owner.id, { views: 5 });
    const commentsOf: Record<string, string[]> = { [kept]: [], [doomed]: [] };
    for (const videoId of [kept, doomed]) {
      for (const fan of fans) {
        const like = await app.inject({ method: 'POST', url: `/api/like/v/${videoId}`, headers: { cookie: fan.cookie } });
        expect(like.statusCode).toBe(200);
        const comment = await app.inject({
          method: 'POST',
          url: `/api/comment/video/${videoId}`,
          ...json(fan.cookie, { content: 'nice' }),
        });
        commentsOf[videoId]!.push(comment.json().data._id);
        for (const liker of [owner, ...fans]) {
          const res = await app.inject({
            method: 'POST',
            url: `/api/like/c/${comment.json().data._id}`,
            headers: { cookie: liker.cookie },
          });
          expect(res.statusCode).toBe(200);
        }
      }
    }
    const stats = async () => (await app.inject({ method: 'GET', url: `/api/dashboard/stats/${owner.id}` })).json().data;
    expect(await stats()).toMatchObject({ totalVideos: 2, totalLikes: 4, totalViews: 12 });

    const res = await app.inject({ method: 'DELETE', url: `/api/video/v/${doomed}`, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);

    const left = {
      comments: await ctx.db.selectFrom('comments').select('id').where('video_id', '=', doomed).execute(),
      videoLikes: await ctx.db.selectFrom('video_likes').select('id').where('video_id', '=', doomed).execute(),
      commentLikes: await ctx.db
        .selectFrom('comment_likes')
        .select('id')
        .where('comment_id', 'in', commentsOf[doomed]!)
        .execute(),
    };
    expect(left).toEqual({ comments: [], videoLikes: [], commentLikes: [] });
    expect(await stats()).toMatchObject({ totalVideos: 1, totalLikes: 2, totalViews: 7 });
    const keptComments = (await app.inject({ method: 'GET', url: `/api/comment/video/${kept}` })).json().data;
    expect(keptComments.map((c: { _id: string; likes: number }) => [c._id, c.likes])).toEqual(
      commentsOf[kept]!.map((id) => [id, 3]),
    );
    const keptRows = await ctx.db.selectFrom('comment_likes').select('id').where('comment_id', 'in', commentsOf[kept]!).execute();
    expect(keptRows).toHaveLength(6);
    const liked = await app.inject({ method: 'GET', url: '/api/like/likedVideos', headers: { cookie: fans[0]!.cookie } });
    expect(liked.json().data.map((l: { videos: { _id: string }[] }) => l.videos[0]!._id)).toEqual([kept]);
    const stale = await app.inject({
      method: 'POST',
      url: `/api/like/c/${commentsOf[doomed]![0]}`,
      headers: { cookie: owner.cookie },
    });
    expect(stale.statusCode).toBe(404);
  });
});
