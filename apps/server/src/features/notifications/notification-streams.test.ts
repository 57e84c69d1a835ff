import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { readEventStream } from '../../../test/event-stream.ts';
import { createVideo } from '../../../test/factories.ts';
import { anotherProcess, createTestContext, registerUser, type TestContext } from '../../../test/support.ts';
import { newId } from '../../lib/ids.ts';
import { STREAMS_PER_USER } from './notification-streams.ts';

// GET /api/notifications/stream (API.md §13): Server-Sent Events on a listening server, read as a
// browser's EventSource reads them; a second app on the same database stands for a second API process.

const ctx = await createTestContext({ NOTIFICATIONS_HEARTBEAT_MS: '200' });
const { db } = ctx;
const { notifications } = ctx.deps.services;

async function listen(app: TestContext['app']) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
const base = await listen(ctx.app);
const second = await anotherProcess(ctx, () => ({}));
const secondBase = await listen(second.app);

/** An open notification stream of the user whose session is `cookie`. */
const openStream = (url: string, cookie: string, headers: Record<string, string> = {}) =>
  readEventStream(`${url}/api/notifications/stream`, { cookie, ...headers });

/** A `video.ready` notification for `userId`, written as its durable subscriber writes it. */
async function notifyReady(userId: string, title: string) {
  const videoId = await createVideo(db, userId, { title });
  expect(await notifications.notify({ recipientId: userId, type: 'video.ready', eventId: newId(), videoId })).toBe(true);
}

describe('GET /api/notifications/stream', () => {
  it('answers text/event-stream, unbuffered, and gets a notification within 1 s of its write', async () => {
    const user = await registerUser(ctx);
    const stream = await openStream(base, user.cookie);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers.get('x-accel-buffering')).toBe('no');
    await stream.until(() => stream.comments.includes('connected'), 'the first comment');

    const written = Date.now();
    await notifyReady(user.id, 'Live');
    await stream.until(() => stream.events.length === 1, 'the notification');
    expect(Date.now() - written).toBeLessThan(1000);
    const [event] = stream.events;
    expect(event!.event).toBe('notification');
    const item = JSON.parse(event!.data!);
    expect(item).toMatchObject({ type: 'video.ready', text: 'Your video “Live” is ready', read: false });
    expect(event!.id).toBe(item._id);
    // Media fields are URLs, as in every JSON answer.
    expect(item.video.thumbnail).toMatch(/^\/media\/thumbnails\//);
  });

  it('sends a heartbeat comment every NOTIFICATIONS_HEARTBEAT_MS', async () => {
    const user = await registerUser(ctx);
    const stream = await openStream(base, user.cookie);
    await stream.until(() => stream.comments.filter((c) => c === 'heartbeat').length >= 2, 'two heartbeats', 3000);
  });

  it('replays what came after Last-Event-ID (header or lastEventId), oldest first, then goes on live', async () => {
    const user = await registerUser(ctx);
    for (const title of ['One', 'Two', 'Three']) await notifyReady(user.id, title);
    const { items } = await notifications.page({ _id: user.id } as never);
    const [three, two, one] = items;

    const resumed = await openStream(base, user.cookie, { 'last-event-id': one!._id });
    await resumed.until(() => resumed.events.length === 2, 'the replay');
    expect(resumed.events.map((e) => e.id)).toEqual([two!._id, three!._id]);
    await notifyReady(user.id, 'Four');
    await resumed.until(() => resumed.events.length === 3, 'the live one after the replay');
    expect(JSON.parse(resumed.events[2]!.data!).text).toBe('Your video “Four” is ready');

    const byQuery = await fetch(`${base}/api/notifications/stream?lastEventId=${two!._id}`, { headers: { cookie: user.cookie } });
    expect(byQuery.status).toBe(200);
    const reader = byQuery.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while ((text.match(/event: notification/g) ?? []).length < 2) text += (await reader.read()).value ?? '';
    expect(text).toContain(`id: ${three!._id}`);
    expect(text).not.toContain(`id: ${two!._id}\n`);
    await reader.cancel();
  });

  it('a stream on a second API process gets a notification written through the first', async () => {
    const user = await registerUser(ctx);
    const stream = await openStream(secondBase, user.cookie);
    await stream.until(() => stream.comments.includes('connected'), 'the stream');
    const written = Date.now();
    await notifyReady(user.id, 'Across');
    await stream.until(() => stream.events.length === 1, 'the notification on the other process');
    expect(Date.now() - written).toBeLessThan(1000);
    expect(JSON.parse(stream.events[0]!.data!).text).toBe('Your video “Across” is ready');
  });

  it('sends a user only their own notifications', async () => {
    const me = await registerUser(ctx);
    const other = await registerUser(ctx);
    const mine = await openStream(base, me.cookie);
    await mine.until(() => mine.comments.includes('connected'), 'the stream');
    await notifyReady(other.id, 'Theirs');
    await notifyReady(me.id, 'Mine');
    await mine.until(() => mine.events.length === 1, 'my notification');
    expect(JSON.parse(mine.events[0]!.data!).text).toBe('Your video “Mine” is ready');
  });

  it(`refuses a user's stream beyond ${STREAMS_PER_USER} in one process (429), and frees a place when one closes`, async () => {
    const user = await registerUser(ctx);
    const open = [];
    for (let i = 0; i < STREAMS_PER_USER; i++) open.push(await openStream(base, user.cookie));
    expect(open.every((s) => s.res.status === 200)).toBe(true);
    const refused = await fetch(`${base}/api/notifications/stream`, { headers: { cookie: user.cookie } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ statusCode: 429, success: false });
    open[0]!.close();
    for (const started = Date.now(); ;) {
      const again = await openStream(base, user.cookie);
      if (again.res.status === 200) break;
      if (Date.now() - started > 3000) throw new Error('no place freed');
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it('ends open streams when the server closes', async () => {
    const third = await anotherProcess(ctx, () => ({}));
    const thirdBase = await listen(third.app);
    const user = await registerUser(ctx);
    const stream = await openStream(thirdBase, user.cookie);
    await stream.until(() => stream.comments.includes('connected'), 'the stream');
    const closing = Date.now();
    await third.app.close();
    await stream.until(stream.ended, 'the stream to end');
    expect(Date.now() - closing).toBeLessThan(2000);
  });
});
