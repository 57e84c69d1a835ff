import { describe, expect, it } from 'vitest';
import { createTestContext, errorEnvelope, registerUser } from '../../../test/support.ts';
import { createVideo } from '../../../test/factories.ts';

const ctx = await createTestContext();
const { app, db } = ctx;
const MISSING = '0190a5f0-0000-7000-8000-000000000000';

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, body?: unknown) {
  const headers = { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) };
  return app.inject({ method, url, headers, ...(body !== undefined ? { payload: JSON.stringify(body) } : {}) });
}
type C = { _id: string; content: string; parentId: string | null; replyCount: number; pinned: boolean; likes: number };
const comment = async (cookie: string, videoId: string, content: string): Promise<C> => {
  const res = await call('POST', `/api/comment/video/${videoId}`, cookie, { content });
  if (res.statusCode !== 201) throw new Error(`comment failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
};
const reply = (cookie: string | undefined, commentId: string, content: string) =>
  call('POST', `/api/comment/c/${commentId}/replies`, cookie, { content });
const replies = async (commentId: string, cookie?: string): Promise<C[]> =>
  (await call('GET', `/api/comment/c/${commentId}/replies`, cookie)).json().data;
const topLevel = async (videoId: string, query = '', cookie?: string): Promise<C[]> =>
  (await call('GET', `/api/comment/video/${videoId}${query}`, cookie)).json().data;
const replyCount = async (commentId: string) =>
  (await db.selectFrom('comments').select('reply_count').where('id', '=', commentId).executeTakeFirstOrThrow()).reply_count;
const storedReplies = async (commentId: string) =>
  Number(
    (
      await db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('parent_id', '=', commentId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const creator = await registerUser(ctx);
const fan = await registerUser(ctx);
const other = await registerUser(ctx);

describe('replies (API.md §14)', () => {
  it('anonymous 401, blank or malformed 400, missing 404; anyone who may watch replies (201) and the thread lists oldest first', async () => {
    const videoId = await createVideo(db, creator.id);
    const top = await comment(fan.cookie, videoId, 'Great video');
    expect((await reply(undefined, top._id, 'hi')).statusCode).toBe(401);
    expect((await reply(other.cookie, top._id, '   ')).json()).toMatchObject(errorEnvelope(400, 'Comment cannot be blank'));
    expect((await reply(other.cookie, top._id, 'x'.repeat(5001))).statusCode).toBe(400);
    expect((await call('POST', `/api/comment/c/${top._id}/replies`, other.cookie, { nope: 1 })).statusCode).toBe(400);
    expect((await reply(other.cookie, 'not-an-id', 'hi')).statusCode).toBe(400);
    expect((await reply(other.cookie, MISSING, 'hi')).json()).toEqual(errorEnvelope(404, 'Comment not found'));
    expect((await call('GET', `/api/comment/c/${MISSING}/replies`)).statusCode).toBe(404);

    const first = await reply(other.cookie, top._id, 'Agreed');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: 'Reply added' });
    expect(first.json().data).toMatchObject({ content: 'Agreed', parentId: top._id, replyCount: 0, pinned: false, likes: 0 });
    expect((await reply(creator.cookie, top._id, 'Thanks!')).statusCode).toBe(201);

    // Anonymous readers see the thread; the list of the video stays top-level only.
    expect((await replies(top._id)).map((r) => r.content)).toEqual(['Agreed', 'Thanks!']);
    const list = await topLevel(videoId);
    expect(list.map((c) => c.content)).toEqual(['Great video']);
    expect(list[0]).toMatchObject({ _id: top._id, parentId: null, replyCount: 2 });
  });

  it('a reply to a reply attaches to the same top-level comment; a reply has no replies of its own', async () => {
    const videoId = await createVideo(db, creator.id);
    const top = await comment(fan.cookie, videoId, 'Top');
    const child = (await reply(other.cookie, top._id, 'Child')).json().data as C;
    const grandchild = await reply(fan.cookie, child._id, '@other Grandchild');
    expect(grandchild.statusCode).toBe(201);
    expect(grandchild.json().data.parentId).toBe(top._id);
    expect((await replies(top._id)).map((r) => r.content)).toEqual(['Child', '@other Grandchild']);
    expect(await replies(child._id)).toEqual([]);
    expect((await topLevel(videoId))[0]!.replyCount).toBe(2);
  });

  it('replies of a post work the same way', async () => {
    const postId = (await call('POST', '/api/post/new', creator.cookie, { content: 'A post' })).json().data._id;
    const top = (await call('POST', `/api/comment/post/${postId}`, fan.cookie, { content: 'On a post' })).json().data as C;
    expect((await reply(other.cookie, top._id, 'Reply on a post')).json().data.parentId).toBe(top._id);
    const list = (await call('GET', `/api/comment/post/${postId}`)).json().data as C[];
    expect(list.map((c) => [c.content, c.replyCount])).toEqual([['On a post', 1]]);
  });

  it('the count stays right under concurrent replies and deletes; deleting a top-level comment takes its replies', async () => {
    const videoId = await createVideo(db, creator.id);
    const top = await comment(fan.cookie, videoId, 'Busy thread');
    const early = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => (await reply(other.cookie, top._id, `early ${i}`)).json().data as C),
    );
    // Ten more replies while five of the first ones are deleted, all at once.
    const results = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => reply(i % 2 ? fan.cookie : creator.cookie, top._id, `late ${i}`)),
      ...early.slice(0, 5).map((r) => call('DELETE', `/api/comment/c/${r._id}`, other.cookie)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(5).fill(200), ...Array(10).fill(201)]);
    expect(await replyCount(top._id)).toBe(15);
    expect(await storedReplies(top._id)).toBe(15);
    expect(await replies(top._id)).toHaveLength(15);
    expect((await topLevel(videoId))[0]!.replyCount).toBe(15);

    // A reply racing the delete of its top-level comment: refused (404) or deleted with it, never left behind.
    const racing = await Promise.all([
      call('DELETE', `/api/comment/c/${top._id}`, fan.cookie),
      ...Array.from({ length: 5 }, () => reply(other.cookie, top._id, 'too late?')),
    ]);
    expect(racing[0]!.statusCode).toBe(200);
    for (const r of racing.slice(1)) expect([201, 404]).toContain(r.statusCode);
    expect(await storedReplies(top._id)).toBe(0);
    expect(await topLevel(videoId)).toEqual([]);
    expect((await call('GET', `/api/comment/c/${top._id}/replies`)).statusCode).toBe(404);
  });

  it('a reply on a video the viewer may not watch is refused exactly like a comment (401, then 404 once removed)', async () => {
    const videoId = await createVideo(db, creator.id, { isExclusive: true });
    const top = await comment(creator.cookie, videoId, 'For buyers only');
    const asComment = await call('POST', `/api/comment/video/${videoId}`, fan.cookie, { content: 'hi' });
    const asReply = await reply(fan.cookie, top._id, 'hi');
    expect(asReply.statusCode).toBe(401);
    expect(asReply.json()).toEqual(asComment.json());
    expect((await call('GET', `/api/comment/c/${top._id}/replies`, fan.cookie)).statusCode).toBe(401);
    expect((await reply(creator.cookie, top._id, 'mine')).statusCode).toBe(201);

    await db
      .updateTable('videos')
      .set({ status: 'removed', removed_reason: 'Rules', removed_by: 'takedown', status_before_removal: 'ready' })
      .where('id', '=', videoId)
      .execute();
    expect((await reply(creator.cookie, top._id, 'still?')).statusCode).toBe(404);
  });

  it('channel blocks and blocked words apply to replies; a held reply is not counted until approved', async () => {
    const channel = await registerUser(ctx);
    const troll = await registerUser(ctx);
    const videoId = await createVideo(db, channel.id);
    const top = await comment(fan.cookie, videoId, 'Hello');
    await call('POST', `/api/channel/blocks/${troll.id}`, channel.cookie);
    expect((await reply(troll.cookie, top._id, 'hi')).json()).toEqual(errorEnvelope(403, 'You cannot comment on this channel'));

    await call('PUT', '/api/channel/blocked-words', channel.cookie, { words: ['scam'] });
    const held = await reply(other.cookie, top._id, 'a scam link');
    expect(held.statusCode).toBe(201);
    expect(held.json().data).toMatchObject({ held: true, parentId: top._id });
    expect(await replyCount(top._id)).toBe(0);
    expect(await replies(top._id, fan.cookie)).toEqual([]);
    expect((await replies(top._id, channel.cookie)).map((r) => r.content)).toEqual(['a scam link']);
    // Nobody replies to a held top-level comment until it is approved.
    const heldTop = await comment(other.cookie, videoId, 'scam at the top');
    expect((await reply(channel.cookie, heldTop._id, 'no')).json()).toEqual(
      errorEnvelope(400, 'A held or removed comment cannot take replies'),
    );

    await call('POST', `/api/channel/held-comments/${held.json().data._id}/approve`, channel.cookie);
    expect(await replyCount(top._id)).toBe(1);
    expect((await replies(top._id, fan.cookie)).map((r) => r.content)).toEqual(['a scam link']);
  });
});

describe('pinning (API.md §14)', () => {
  it('anonymous 401, non-owner 403 (the author included), malformed 400; the owner toggles; one pinned per video, first in the list', async () => {
    const videoId = await createVideo(db, creator.id);
    const a = await comment(fan.cookie, videoId, 'A');
    const b = await comment(other.cookie, videoId, 'B');
    const pin = (cookie: string | undefined, id: string) => call('POST', `/api/comment/c/${id}/pin`, cookie);

    expect((await pin(undefined, b._id)).statusCode).toBe(401);
    expect((await pin(other.cookie, b._id)).json()).toEqual(
      errorEnvelope(403, 'Only the owner of the video or post can pin comments'),
    );
    expect((await pin(creator.cookie, 'nope')).statusCode).toBe(400);
    expect((await pin(creator.cookie, MISSING)).statusCode).toBe(404);

    const pinned = await pin(creator.cookie, b._id);
    expect(pinned.json()).toMatchObject({ statusCode: 200, message: 'Comment pinned', data: { _id: b._id, pinned: true } });
    expect((await topLevel(videoId)).map((c) => [c.content, c.pinned])).toEqual([
      ['B', true],
      ['A', false],
    ]);
    // Pinning another unpins the first.
    await pin(creator.cookie, a._id);
    expect((await topLevel(videoId)).map((c) => [c.content, c.pinned])).toEqual([
      ['A', true],
      ['B', false],
    ]);
    // Again: unpinned, back to oldest first.
    expect((await pin(creator.cookie, a._id)).json()).toMatchObject({ message: 'Comment unpinned', data: { pinned: false } });
    expect((await topLevel(videoId)).map((c) => c.pinned)).toEqual([false, false]);
  });

  it('only a top-level comment is pinned, and two pins at once leave exactly one pinned', async () => {
    const videoId = await createVideo(db, creator.id);
    const top = await comment(fan.cookie, videoId, 'Top');
    const child = (await reply(other.cookie, top._id, 'Child')).json().data as C;
    expect((await call('POST', `/api/comment/c/${child._id}/pin`, creator.cookie)).json()).toEqual(
      errorEnvelope(400, 'Only a top-level comment can be pinned'),
    );
    const many = await Promise.all(Array.from({ length: 6 }, (_, i) => comment(fan.cookie, videoId, `c${i}`)));
    const res = await Promise.all(many.map((c) => call('POST', `/api/comment/c/${c._id}/pin`, creator.cookie)));
    expect(res.every((r) => r.statusCode === 200)).toBe(true);
    expect((await topLevel(videoId)).filter((c) => c.pinned)).toHaveLength(1);
  });

  it('the owner of a post pins its comments', async () => {
    const postId = (await call('POST', '/api/post/new', creator.cookie, { content: 'A post' })).json().data._id;
    const c = (await call('POST', `/api/comment/post/${postId}`, fan.cookie, { content: 'On a post' })).json().data as C;
    expect((await call('POST', `/api/comment/c/${c._id}/pin`, fan.cookie)).statusCode).toBe(403);
    expect((await call('POST', `/api/comment/c/${c._id}/pin`, creator.cookie)).json().data.pinned).toBe(true);
  });
});

describe('sorting the list (API.md §14)', () => {
  it('top: most liked, then newest; newest; absent: oldest first; anything else 400', async () => {
    const videoId = await createVideo(db, creator.id);
    const first = await comment(fan.cookie, videoId, 'first');
    const second = await comment(fan.cookie, videoId, 'second');
    const third = await comment(fan.cookie, videoId, 'third');
    for (const who of [other, creator]) await call('POST', `/api/like/c/${second._id}`, who.cookie);
    await call('POST', `/api/like/c/${first._id}`, other.cookie);
    await call('POST', `/api/like/c/${third._id}`, other.cookie);
    const order = async (query: string) => (await topLevel(videoId, query)).map((c) => c.content);
    expect(await order('')).toEqual(['first', 'second', 'third']);
    expect(await order('?sortBy=newest')).toEqual(['third', 'second', 'first']);
    expect(await order('?sortBy=top')).toEqual(['second', 'third', 'first']);
    expect(await order('?sortBy=top&page=1&limit=2')).toEqual(['second', 'third']);
    expect(await order('?sortBy=')).toEqual(['first', 'second', 'third']);
    expect((await call('GET', `/api/comment/video/${videoId}?sortBy=likes`)).statusCode).toBe(400);
  });
});
