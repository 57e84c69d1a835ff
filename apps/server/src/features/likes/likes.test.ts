import { describe, expect, it } from 'vitest';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { createUser, createVideo } from '../../../test/factories.ts';

const ctx = await createTestContext();
const { app, db } = ctx;

const like = (videoId: string, cookie?: string) =>
  app.inject({ method: 'POST', url: `/api/like/v/${videoId}`, headers: cookie ? { cookie } : {} });
const liked = (cookie: string) => app.inject({ method: 'GET', url: '/api/like/likedVideos', headers: { cookie } });

async function counterAndRows(videoId: string) {
  const video = await db.selectFrom('videos').select('likes').where('id', '=', videoId).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('video_likes').select('user_id').where('video_id', '=', videoId).execute();
  return { likes: video.likes, rows: rows.length };
}

describe('POST /api/like/v/:videoId', () => {
  it('toggles the like and answers the state after the toggle', async () => {
    const fan = await registerUser(ctx);
    const owner = await createUser(db);
    const videoId = await createVideo(db, owner.id, { likes: 4 });
    const first = await like(videoId, fan.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ statusCode: 200, success: true, data: { isLiked: true, likes: 5 } });
    expect((await like(videoId, fan.cookie)).json().data).toEqual({ isLiked: false, likes: 4 });
    expect((await like(videoId, fan.cookie)).json().data).toEqual({ isLiked: true, likes: 5 });
  });

  it('keeps one like per user under concurrent clicks, and the counter equal to the rows', async () => {
    const fan = await registerUser(ctx);
    const other = await registerUser(ctx);
    const owner = await createUser(db);
    const videoId = await createVideo(db, owner.id);
    const [mine, theirs] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => like(videoId, fan.cookie))),
      Promise.all(Array.from({ length: 15 }, () => like(videoId, other.cookie))),
    ]);
    for (const res of [...mine, ...theirs]) expect(res.statusCode, res.body).toBe(200);
    // Toggles are serialised: 20 clicks alternate like/unlike and end unliked, 15 end liked.
    expect(mine.filter((r) => r.json().data.isLiked).length).toBe(10);
    expect(theirs.filter((r) => r.json().data.isLiked).length).toBe(8);
    const state = await counterAndRows(videoId);
    expect(state).toEqual({ likes: 1, rows: 1 });
    const likers = await db.selectFrom('video_likes').select('user_id').where('video_id', '=', videoId).execute();
    expect(likers.map((l) => l.user_id)).toEqual([other.id]);
    // Every answer is the counter right after its own toggle: the clicker's like as answered, plus
    // 0 or 1 for the other user's like at that moment.
    const othersPart = [...mine, ...theirs].map((res) => {
      const { isLiked, likes } = res.json().data as { isLiked: boolean; likes: number };
      return likes - (isLiked ? 1 : 0);
    });
    expect(othersPart.filter((part) => part !== 0 && part !== 1)).toEqual([]);
  });

  it('answers 404 for a missing or unlisted video and 400 for a malformed id', async () => {
    const fan = await registerUser(ctx);
    const owner = await createUser(db);
    const processing = await createVideo(db, owner.id, { status: 'processing' });
    const missing = await like('0190a5f0-0000-7000-8000-000000000000', fan.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, data: 'Video not found', message: 'Video not found' });
    expect((await like(processing, fan.cookie)).statusCode).toBe(404);
    expect((await counterAndRows(processing)).rows).toBe(0);
    expect((await like('not-an-id', fan.cookie)).statusCode).toBe(400);
    expect((await like("1' OR '1'='1", fan.cookie)).statusCode).toBe(400);
  });

  it('needs the right to watch: an exclusive video answers 401 to others, its owner may like it', async () => {
    const owner = await registerUser(ctx);
    const fan = await registerUser(ctx);
    const exclusive = await createVideo(db, owner.id, { isExclusive: true, priceMinor: 900 });
    const refused = await like(exclusive, fan.cookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ statusCode: 401, success: false, data: 'No access to this video' });
    expect(await counterAndRows(exclusive)).toEqual({ likes: 0, rows: 0 });
    expect((await like(exclusive, owner.cookie)).json().data).toEqual({ isLiked: true, likes: 1 });
  });

  it('answers 404 to the owner too while the video is not ready', async () => {
    const owner = await registerUser(ctx);
    const processing = await createVideo(db, owner.id, { status: 'processing' });
    expect((await like(processing, owner.cookie)).statusCode).toBe(404);
    expect(await counterAndRows(processing)).toEqual({ likes: 0, rows: 0 });
  });

  it('shows in the watch call: likes and isLiked for the liker, isLiked false for others', async () => {
    const owner = await createUser(db);
    const fan = await registerUser(ctx);
    const other = await registerUser(ctx);
    const videoId = await createVideo(db, owner.id, { likes: 2 });
    const watch = async (cookie?: string) =>
      (await app.inject({ method: 'GET', url: `/api/video/v/${videoId}`, headers: cookie ? { cookie } : {} })).json().data;
    await like(videoId, fan.cookie);
    expect(await watch(fan.cookie)).toMatchObject({ likes: 3, isLiked: true });
    expect(await watch(other.cookie)).toMatchObject({ likes: 3, isLiked: false });
    expect(await watch()).toMatchObject({ likes: 3, isLiked: false });
    await like(videoId, fan.cookie);
    expect(await watch(fan.cookie)).toMatchObject({ likes: 2, isLiked: false });
  });

  it('refuses anonymous callers with 401 and cross-site requests with 403', async () => {
    const owner = await createUser(db);
    const videoId = await createVideo(db, owner.id);
    expect((await like(videoId)).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/like/likedVideos' })).statusCode).toBe(401);
    const fan = await registerUser(ctx);
    const cross = await app.inject({
      method: 'POST',
      url: `/api/like/v/${videoId}`,
      headers: { cookie: fan.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.statusCode).toBe(403);
    expect((await counterAndRows(videoId)).likes).toBe(0);
  });
});

describe('GET /api/like/likedVideos', () => {
  it('lists liked ready videos as {_id: like id, videos: [card]}, newest like first', async () => {
    const fan = await registerUser(ctx);
    const owner = await createUser(db, { fullname: 'Liked Owner' });
    const first = await createVideo(db, owner.id, { title: 'First liked' });
    const second = await createVideo(db, owner.id, { title: 'Second liked' });
    const unliked = await createVideo(db, owner.id, { title: 'Liked then unliked' });
    for (const id of [first, unliked, second, unliked]) expect((await like(id, fan.cookie)).statusCode).toBe(200);
    const res = await liked(fan.cookie);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { _id: string; videos: { _id: string; title: string; owner: unknown[] }[] }[];
    expect(data.map((d) => d.videos[0]?._id)).toEqual([second, first]);
    const likeIds = await db.selectFrom('video_likes').select(['id', 'video_id']).where('user_id', '=', fan.id).execute();
    const likeOf = new Map(likeIds.map((l) => [l.video_id, l.id]));
    expect(data[0]).toEqual({
      _id: likeOf.get(second),
      videos: [
        {
          _id: second,
          title: 'Second liked',
          description: 'Made by a test factory',
          thumbnail: `/media/thumbnails/${second}.webp`,
          duration: 60,
          views: 0,
          createdAt: expect.any(String),
          isExclusive: false,
          owner: [{ _id: owner.id, fullname: 'Liked Owner', username: owner.username, avatar: '/media/avatars/factory.webp' }],
        },
      ],
    });
    expect(data[1]?._id).toBe(likeOf.get(first));

    // Another user's likes are not mixed in; a video that stops being ready leaves the list.
    const other = await registerUser(ctx);
    expect((await liked(other.cookie)).json().data).toEqual([]);
    await db.updateTable('videos').set({ status: 'failed' }).where('id', '=', first).execute();
    expect((await liked(fan.cookie)).json().data.map((d: { _id: string }) => d._id)).toEqual([likeOf.get(second)]);
  });
});

describe('comment and post likes: the same toggle', () => {
  const toggle = (path: string, cookie?: string) =>
    app.inject({ method: 'POST', url: `/api/like/${path}`, headers: cookie ? { cookie } : {} });

  async function fixtures() {
    const owner = await registerUser(ctx);
    const videoId = await createVideo(db, owner.id);
    const comment = await app.inject({
      method: 'POST',
      url: `/api/comment/video/${videoId}`,
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ content: 'like me' }),
    });
    const post = await app.inject({
      method: 'POST',
      url: '/api/post/new',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ content: 'like me too' }),
    });
    return { commentId: comment.json().data._id as string, postId: post.json().data._id as string };
  }

  const state = {
    async c(id: string) {
      const row = await db.selectFrom('comments').select('likes').where('id', '=', id).executeTakeFirstOrThrow();
      const rows = await db.selectFrom('comment_likes').select('user_id').where('comment_id', '=', id).execute();
      return { likes: row.likes, rows: rows.map((r) => r.user_id) };
    },
    async p(id: string) {
      const row = await db.selectFrom('posts').select('likes').where('id', '=', id).executeTakeFirstOrThrow();
      const rows = await db.selectFrom('post_likes').select('user_id').where('post_id', '=', id).execute();
      return { likes: row.likes, rows: rows.map((r) => r.user_id) };
    },
  };

  it.each(['c', 'p'] as const)('/%s/:id toggles and answers {isLiked, likes} after the toggle', async (kind) => {
    const { commentId, postId } = await fixtures();
    const id = kind === 'c' ? commentId : postId;
    const fan = await registerUser(ctx);
    const other = await registerUser(ctx);
    expect((await toggle(`${kind}/${id}`, fan.cookie)).json()).toMatchObject({
      statusCode: 200,
      success: true,
      data: { isLiked: true, likes: 1 },
    });
    expect((await toggle(`${kind}/${id}`, other.cookie)).json().data).toEqual({ isLiked: true, likes: 2 });
    expect((await toggle(`${kind}/${id}`, fan.cookie)).json().data).toEqual({ isLiked: false, likes: 1 });
    expect(await state[kind](id)).toEqual({ likes: 1, rows: [other.id] });
  });

  it.each(['c', 'p'] as const)(
    '/%s/:id: 20 concurrent toggles by one user (and 15 by another) end in the parity state, counter = rows',
    async (kind) => {
      const { commentId, postId } = await fixtures();
      const id = kind === 'c' ? commentId : postId;
      const fan = await registerUser(ctx);
      const other = await registerUser(ctx);
      const [mine, theirs] = await Promise.all([
        Promise.all(Array.from({ length: 20 }, () => toggle(`${kind}/${id}`, fan.cookie))),
        Promise.all(Array.from({ length: 15 }, () => toggle(`${kind}/${id}`, other.cookie))),
      ]);
      for (const res of [...mine, ...theirs]) expect(res.statusCode, res.body).toBe(200);
      // Serialised toggles alternate: 10 of 20 answers say liked, 8 of 15.
      expect(mine.filter((r) => r.json().data.isLiked)).toHaveLength(10);
      expect(theirs.filter((r) => r.json().data.isLiked)).toHaveLength(8);
      for (const res of [...mine, ...theirs]) expect([0, 1, 2]).toContain(res.json().data.likes);
      expect(await state[kind](id)).toEqual({ likes: 1, rows: [other.id] });
      // Every answer is the state after its own toggle: the last one of each user says so.
      const last = await toggle(`${kind}/${id}`, fan.cookie);
      expect(last.json().data).toEqual({ isLiked: true, likes: 2 });
    },
  );

  it.each(['c', 'p'] as const)('/%s/:id: anonymous 401, missing 404, malformed 400, nothing written', async (kind) => {
    const { commentId, postId } = await fixtures();
    const id = kind === 'c' ? commentId : postId;
    const fan = await registerUser(ctx);
    expect((await toggle(`${kind}/${id}`)).statusCode).toBe(401);
    const missing = await toggle(`${kind}/0190a5f0-0000-7000-8000-000000000000`, fan.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().data).toBe(kind === 'c' ? 'Comment not found' : 'Post not found');
    expect((await toggle(`${kind}/not-an-id`, fan.cookie)).statusCode).toBe(400);
    expect((await toggle(`${kind}/${id}x`, fan.cookie)).statusCode).toBe(400);
    expect(await state[kind](id)).toEqual({ likes: 0, rows: [] });
  });
});
