import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { readEventStream } from '../../../test/event-stream.ts';
import { createEntitlement, createVideo } from '../../../test/factories.ts';
import { anotherProcess, createTestContext, errorEnvelope, registerUser, type TestContext } from '../../../test/support.ts';
import { newId } from '../../lib/ids.ts';
import { STREAMS_PER_USER } from './comment-streams.ts';

// GET /api/comment/video/:videoId/stream (docs/live.md): a video's live chat, its comments as
// Server-Sent Events on a listening server, read as a browser's EventSource reads them; a second
// app on the same database stands for a second API process.

const ctx = await createTestContext({ NOTIFICATIONS_HEARTBEAT_MS: '200' });
const { app, db } = ctx;

async function listen(server: TestContext['app']) {
  await server.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}
const base = await listen(app);
const second = await anotherProcess(ctx, () => ({}));
const secondBase = await listen(second.app);

const chat = (videoId: string, headers: Record<string, string> = {}, url = base) =>
  readEventStream(`${url}/api/comment/video/${videoId}/stream`, headers);

async function comment(cookie: string, videoId: string, content: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/comment/video/${videoId}`,
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ content }),
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { _id: string; content: string };
}

const owner = await registerUser(ctx);
const viewer = await registerUser(ctx);

describe('GET /api/comment/video/:videoId/stream', () => {
  it('lets anyone follow a public video: a posted comment arrives within 1 s, its _id as the event id, with a heartbeat', async () => {
    const videoId = await createVideo(db, owner.id);
    const stream = await chat(videoId);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers.get('x-accel-buffering')).toBe('no');
    await stream.until(() => stream.comments.includes('connected'), 'the first comment line');

    const written = Date.now();
    const posted = await comment(viewer.cookie, videoId, 'Hello live');
    await stream.until(() => stream.events.length === 1, 'the comment');
    expect(Date.now() - written).toBeLessThan(1000);
    const [event] = stream.events;
    expect(event).toMatchObject({ event: 'comment', id: posted._id });
    const item = JSON.parse(event!.data!);
    expect(item).toMatchObject({ _id: posted._id, content: 'Hello live', likes: 0, parentId: null, owner: { _id: viewer.id } });
    // Media fields are URLs, as in every JSON answer.
    expect(item.owner.avatar).toMatch(/^\/media\//);
    await stream.until(() => stream.comments.filter((c) => c === 'heartbeat').length >= 2, 'two heartbeats', 3000);
  });

  it("sends only its own video's comments, replies with their parentId, and deletions as `deleted`", async () => {
    const videoId = await createVideo(db, owner.id);
    const elsewhere = await createVideo(db, owner.id);
    const stream = await chat(videoId, { cookie: owner.cookie });
    await stream.until(() => stream.comments.includes('connected'), 'the stream');
    await comment(viewer.cookie, elsewhere, 'Not here');
    const top = await comment(viewer.cookie, videoId, 'Top');
    const reply = await app.inject({
      method: 'POST',
      url: `/api/comment/c/${top._id}/replies`,
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ content: 'A reply' }),
    });
    expect(reply.statusCode).toBe(201);
    await stream.until(() => stream.events.length === 2, 'the comment and the reply');
    expect(stream.events.map((e) => JSON.parse(e.data!).content)).toEqual(['Top', 'A reply']);
    expect(JSON.parse(stream.events[1]!.data!).parentId).toBe(top._id);

    const deleted = await app.inject({ method: 'DELETE', url: `/api/comment/c/${top._id}`, headers: { cookie: viewer.cookie } });
    expect(deleted.statusCode).toBe(200);
    await stream.until(() => stream.events.length === 3, 'the deletion');
    expect(stream.events[2]).toMatchObject({ event: 'deleted' });
    expect(stream.events[2]!.id).toBeUndefined();
    expect(JSON.parse(stream.events[2]!.data!)).toEqual({ _id: top._id, parentId: null });
  });

  it('never sends a comment held for the channel’s review', async () => {
    const videoId = await createVideo(db, owner.id);
    const words = await app.inject({
      method: 'PUT',
      url: '/api/channel/blocked-words',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ words: ['forbiddenword'] }),
    });
    expect(words.statusCode).toBe(200);
    const stream = await chat(videoId);
    await stream.until(() => stream.comments.includes('connected'), 'the stream');
    await comment(viewer.cookie, videoId, 'this has forbiddenword in it');
    await comment(viewer.cookie, videoId, 'A clean one');
    await stream.until(() => stream.events.length >= 1, 'the clean comment');
    expect(stream.events.map((e) => JSON.parse(e.data!).content)).toEqual(['A clean one']);
  });

  it('refuses an exclusive video without access (401) and follows it with an entitlement or as its owner', async () => {
    const videoId = await createVideo(db, owner.id, { isExclusive: true });
    const url = `${base}/api/comment/video/${videoId}/stream`;
    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ statusCode: 401, success: false });
    expect((await fetch(url, { headers: { cookie: viewer.cookie } })).status).toBe(401);

    const ownStream = await chat(videoId, { cookie: owner.cookie });
    expect(ownStream.res.status).toBe(200);
    const buyer = await registerUser(ctx);
    await createEntitlement(db, buyer.id, { videoId });
    const bought = await chat(videoId, { cookie: buyer.cookie });
    expect(bought.res.status).toBe(200);
    await bought.until(() => bought.comments.includes('connected'), 'the stream');
    await comment(owner.cookie, videoId, 'For buyers');
    await bought.until(() => bought.events.length === 1, 'the comment');
    expect(JSON.parse(bought.events[0]!.data!).content).toBe('For buyers');
  });

  it('answers a missing video 404 and a malformed id or Last-Event-ID 400, in the envelope', async () => {
    const missing = await fetch(`${base}/api/comment/video/${newId()}/stream`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ statusCode: 404, success: false });
    expect((await fetch(`${base}/api/comment/video/nope/stream`)).status).toBe(400);
    const videoId = await createVideo(db, owner.id);
    const badHeader = await fetch(`${base}/api/comment/video/${videoId}/stream`, { headers: { 'last-event-id': '12; drop' } });
    expect(badHeader.status).toBe(400);
    expect(await badHeader.json()).toEqual(errorEnvelope(400, 'Invalid Last-Event-ID'));
    expect((await fetch(`${base}/api/comment/video/${videoId}/stream?lastEventId=x`)).status).toBe(400);
  });

  it('replays the comments after Last-Event-ID (header or lastEventId), oldest first, then goes on live', async () => {
    const videoId = await createVideo(db, owner.id);
    const one = await comment(viewer.cookie, videoId, 'One');
    const two = await comment(owner.cookie, videoId, 'Two');
    const three = await comment(viewer.cookie, videoId, 'Three');

    const resumed = await chat(videoId, { 'last-event-id': one._id });
    await resumed.until(() => resumed.events.length === 2, 'the replay');
    expect(resumed.events.map((e) => e.id)).toEqual([two._id, three._id]);
    await comment(viewer.cookie, videoId, 'Four');
    await resumed.until(() => resumed.events.length === 3, 'the live one after the replay');
    expect(JSON.parse(resumed.events[2]!.data!).content).toBe('Four');

    const byQuery = await readEventStream(`${base}/api/comment/video/${videoId}/stream?lastEventId=${two._id}`);
    await byQuery.until(() => byQuery.events.length === 2, 'the replay by query');
    expect(byQuery.events.map((e) => JSON.parse(e.data!).content)).toEqual(['Three', 'Four']);
  });

  it('a chat on a second API process gets a comment written through the first', async () => {
    const videoId = await createVideo(db, owner.id);
    const stream = await chat(videoId, {}, secondBase);
    await stream.until(() => stream.comments.includes('connected'), 'the stream');
    await comment(viewer.cookie, videoId, 'Across');
    await stream.until(() => stream.events.length === 1, 'the comment on the other process');
    expect(JSON.parse(stream.events[0]!.data!).content).toBe('Across');
  });

  it(`refuses a user's chat beyond ${STREAMS_PER_USER} in one process (429), and frees a place when one closes`, async () => {
    const user = await registerUser(ctx);
    const videoId = await createVideo(db, owner.id);
    const open = [];
    for (let i = 0; i < STREAMS_PER_USER; i++) open.push(await chat(videoId, { cookie: user.cookie }));
    expect(open.every((s) => s.res.status === 200)).toBe(true);
    const refused = await fetch(`${base}/api/comment/video/${videoId}/stream`, { headers: { cookie: user.cookie } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ statusCode: 429, success: false });
    // Others are not held back by that user's chats.
    expect((await chat(videoId)).res.status).toBe(200);
    open[0]!.close();
    for (const started = Date.now(); ;) {
      const again = await chat(videoId, { cookie: user.cookie });
      if (again.res.status === 200) break;
      if (Date.now() - started > 3000) throw new Error('no place freed');
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it('ends the chats of a video whose files went away (deleted), so the watch rule is asked again', async () => {
    const videoId = await createVideo(db, owner.id);
    const stream = await chat(videoId);
    await stream.until(() => stream.comments.includes('connected'), 'the stream');
    await db.transaction().execute((trx) => ctx.deps.events.publish(trx, 'video.media.gone', { videoId }));
    await stream.until(() => stream.ended(), 'the end of the chat');
  });
});
