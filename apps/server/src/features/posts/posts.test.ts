import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { createUser } from '../../../test/factories.ts';

const ctx = await createTestContext();
const { app, db } = ctx;
const MISSING = '0190a5f0-0000-7000-8000-000000000000';

/** One call: optional cookie, optional JSON body (a string is sent as is). */
function call(method: 'GET' | 'POST' | 'DELETE', url: string, cookie = '', body?: unknown) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (body === undefined) return app.inject({ method, url, headers });
  headers['content-type'] = 'application/json';
  return app.inject({ method, url, headers, payload: typeof body === 'string' ? body : JSON.stringify(body) });
}
const create = async (cookie: string, content: string) => {
  const res = await call('POST', '/api/post/new', cookie, { content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; content: string };
};

describe('posts: read, create, edit, delete', () => {
  it('creates with 201 and answers the post in the API.md §10 shape; anyone may read it', async () => {
    const author = await registerUser(ctx, { fullname: 'Post Author' });
    const res = await call('POST', '/api/post/new', author.cookie, { content: '  Hello, channel!\nSecond line  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ statusCode: 201, success: true, message: 'Post created' });
    const post = res.json().data;
    expect(post).toEqual({
      _id: expect.any(String),
      content: 'Hello, channel!\nSecond line',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: post.createdAt,
      likes: 0,
      isLiked: false,
      comments: 0,
      owner: [{ _id: author.id, fullname: 'Post Author', username: author.username, avatar: expect.any(String) }],
    });
    const anonymous = await call('GET', `/api/post/${post._id}`);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data).toEqual(post);
    const other = await registerUser(ctx);
    expect((await call('GET', `/api/post/${post._id}`, other.cookie)).json().data).toEqual(post);
  });

  it("lists a user's posts newest first, publicly; 404 for a user that does not exist", async () => {
    const author = await registerUser(ctx);
    const first = await create(author.cookie, 'first');
    const second = await create(author.cookie, 'second');
    const third = await create(author.cookie, 'third');
    const someoneElse = await registerUser(ctx);
    await create(someoneElse.cookie, 'not theirs');
    const list = await call('GET', `/api/post/user/${author.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { _id: string }) => p._id)).toEqual([third._id, second._id, first._id]);
    expect(list.json().data[0]).toMatchObject({ content: 'third', likes: 0, isLiked: false, comments: 0 });

    const empty = await createUser(db);
    expect((await call('GET', `/api/post/user/${empty.id}`)).json().data).toEqual([]);
    const missing = await call('GET', `/api/post/user/${MISSING}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, data: 'Channel does not exist' });
    expect((await call('GET', '/api/post/user/not-an-id')).statusCode).toBe(400);
  });

  it('shows likes, isLiked (per viewer) and the comment count', async () => {
    const author = await registerUser(ctx);
    const fan = await registerUser(ctx);
    const post = await create(author.cookie, 'likeable');
    expect((await call('POST', `/api/like/p/${post._id}`, fan.cookie)).json().data).toEqual({ isLiked: true, likes: 1 });
    for (const content of ['one', 'two']) {
      expect((await call('POST', `/api/comment/post/${post._id}`, fan.cookie, { content })).statusCode).toBe(201);
    }
    expect((await call('GET', `/api/post/${post._id}`, fan.cookie)).json().data).toMatchObject({
      likes: 1,
      isLiked: true,
      comments: 2,
    });
    expect((await call('GET', `/api/post/${post._id}`, author.cookie)).json().data).toMatchObject({ likes: 1, isLiked: false });
    expect((await call('GET', `/api/post/user/${author.id}`)).json().data[0]).toMatchObject({
      likes: 1,
      isLiked: false,
      comments: 2,
    });
  });

  it('edits by the author: new content and updatedAt, same createdAt', async () => {
    const author = await registerUser(ctx);
    const post = await create(author.cookie, 'before');
    // Written an hour ago, so the edit's time is later whatever the clock's resolution.
    await db
      .updateTable('posts')
      .set({ created_at: sql`created_at - interval '1 hour'`, updated_at: sql`updated_at - interval '1 hour'` })
      .where('id', '=', post._id)
      .execute();
    const before = (await call('GET', `/api/post/${post._id}`)).json().data;
    const res = await call('POST', `/api/post/${post._id}`, author.cookie, { content: 'after' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Post edited', data: { _id: post._id, content: 'after' } });
    expect(res.json().data.createdAt).toBe(before.createdAt);
    expect(Date.parse(res.json().data.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
  });

  it('deletes by the author; the post is then 404', async () => {
    const author = await registerUser(ctx);
    const post = await create(author.cookie, 'short-lived');
    const res = await call('DELETE', `/api/post/${post._id}`, author.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: {}, message: 'Post deleted' });
    expect((await call('GET', `/api/post/${post._id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/post/${post._id}`, author.cookie)).statusCode).toBe(404);
  });
});

describe('posts: who may do what', () => {
  it.each([
    ['create', 'POST', () => '/api/post/new', { content: 'x' }, 201],
    ['edit', 'POST', (id: string) => `/api/post/${id}`, { content: 'changed' }, 200],
    ['delete', 'DELETE', (id: string) => `/api/post/${id}`, undefined, 200],
  ] as const)('%s: anonymous 401, non-author 403, author 2xx', async (name, method, url, body, status) => {
    const author = await registerUser(ctx);
    const other = await registerUser(ctx);
    const post = await create(author.cookie, 'original');
    expect((await call(method, url(post._id), '', body)).statusCode).toBe(401);
    if (name !== 'create') {
      const refused = await call(method, url(post._id), other.cookie, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().data).toBe('Only the author can change this post');
      expect((await call('GET', `/api/post/${post._id}`)).json().data.content).toBe('original');
    }
    expect((await call(method, url(post._id), author.cookie, body)).statusCode).toBe(status);
  });

  it('a missing post is 404 to read, edit and delete; a malformed id is 400', async () => {
    const user = await registerUser(ctx);
    const missing = await call('GET', `/api/post/${MISSING}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, data: 'Post not found', message: 'Post not found' });
    expect((await call('POST', `/api/post/${MISSING}`, user.cookie, { content: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/post/${MISSING}`, user.cookie)).statusCode).toBe(404);
    for (const bad of ['not-an-id', "1'%20OR%20'1'='1", '0190a5f0-0000-7000-8000-00000000000g']) {
      expect((await call('GET', `/api/post/${bad}`)).statusCode).toBe(400);
      expect((await call('POST', `/api/post/${bad}`, user.cookie, { content: 'x' })).statusCode).toBe(400);
      expect((await call('DELETE', `/api/post/${bad}`, user.cookie)).statusCode).toBe(400);
    }
  });
});

describe('posts: content rules', () => {
  const tooLong = 'a'.repeat(5001);
  it.each([
    ['empty', { content: '' }, 'Post cannot be blank'],
    ['whitespace only', { content: ' \n\t  ' }, 'Post cannot be blank'],
    ['longer than 5,000 characters', { content: tooLong }, 'Post cannot be longer than 5,000 characters'],
    ['a NUL character', { content: 'nul\u0000here' }, 'Content must not contain control characters'],
    ['another control character', { content: 'bell\u0007' }, 'Content must not contain control characters'],
    ['a number', { content: 42 }, undefined],
    ['null', { content: null }, undefined],
    ['no content', {}, 'Content is required'],
    ['an array body', [], undefined],
    ['malformed JSON', '{"content": "x"', undefined],
  ])('%s → 400 on create and on edit, nothing written', async (_name, body, text) => {
    const author = await registerUser(ctx);
    const post = await create(author.cookie, 'kept');
    for (const url of ['/api/post/new', `/api/post/${post._id}`]) {
      const res = await call('POST', url, author.cookie, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().success).toBe(false);
      if (text) expect(res.json().data).toBe(text);
    }
    const list = (await call('GET', `/api/post/user/${author.id}`)).json().data;
    expect(list.map((p: { content: string }) => p.content)).toEqual(['kept']);
  });

  it('accepts exactly 5,000 characters (after trimming) and keeps line breaks and tabs', async () => {
    const author = await registerUser(ctx);
    expect((await create(author.cookie, ` ${'b'.repeat(5000)} `)).content).toHaveLength(5000);
    expect((await create(author.cookie, 'line one\r\n\tline two')).content).toBe('line one\r\n\tline two');
  });
});

describe('deleting a post', () => {
  it('removes its comments, their likes and its likes in one go, and the channel stats follow', async () => {
    const author = await registerUser(ctx);
    const fans = [await registerUser(ctx), await registerUser(ctx)];
    const kept = await create(author.cookie, 'kept');
    const doomed = await create(author.cookie, 'doomed');
    const commentIds: string[] = [];
    for (const post of [kept, doomed]) {
      for (const fan of fans) {
        expect((await call('POST', `/api/like/p/${post._id}`, fan.cookie)).statusCode).toBe(200);
        const comment = await call('POST', `/api/comment/post/${post._id}`, fan.cookie, { content: `on ${post.content}` });
        commentIds.push(comment.json().data._id);
        for (const liker of [author, ...fans]) {
          expect((await call('POST', `/api/like/c/${comment.json().data._id}`, liker.cookie)).statusCode).toBe(200);
        }
      }
    }
    const stats = async () => (await call('GET', `/api/dashboard/stats/${author.id}`)).json().data;
    expect(await stats()).toMatchObject({ totalPosts: 2 });

    expect((await call('DELETE', `/api/post/${doomed._id}`, author.cookie)).statusCode).toBe(200);

    const orphans = {
      comments: await db.selectFrom('comments').select('id').where('post_id', '=', doomed._id).execute(),
      postLikes: await db.selectFrom('post_likes').select('id').where('post_id', '=', doomed._id).execute(),
      commentLikes: await db.selectFrom('comment_likes').select('id').where('comment_id', 'in', commentIds.slice(2)).execute(),
    };
    expect(orphans).toEqual({ comments: [], postLikes: [], commentLikes: [] });
    expect(await stats()).toMatchObject({ totalPosts: 1 });
    // The other post is untouched: its likes, comments and their likes and counters.
    expect((await call('GET', `/api/post/${kept._id}`)).json().data).toMatchObject({ likes: 2, comments: 2 });
    const keptComments = (await call('GET', `/api/comment/post/${kept._id}`)).json().data;
    expect(keptComments.map((c: { likes: number }) => c.likes)).toEqual([3, 3]);
    const keptLikeRows = await db
      .selectFrom('comment_likes')
      .select('id')
      .where('comment_id', 'in', commentIds.slice(0, 2))
      .execute();
    expect(keptLikeRows).toHaveLength(6);
    for (const id of commentIds.slice(2)) expect((await call('POST', `/api/like/c/${id}`, author.cookie)).statusCode).toBe(404);
  });
});
