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
