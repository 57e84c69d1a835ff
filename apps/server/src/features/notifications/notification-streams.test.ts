import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
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

interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
}

/** An open stream: its parsed events and comment lines as they arrive, and a bounded wait for either. */
async function openStream(url: string, cookie: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await fetch(`${url}/api/notifications/stream`, { headers: { cookie, ...headers }, signal: abort.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let ended = false;
  if (res.ok) {
    void (async () => {
      let buffer = '';
      try {
        for await (const chunk of res.body!.pipeThrough(new TextDecoderStream())) {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const event: SseEvent = {};
            for (const line of buffer.slice(0, end).split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              const [, field, value] = /^(id|event|data): (.*)$/.exec(line) ?? [];
              if (field) event[field as keyof SseEvent] = value;
            }
            if (event.event) events.push(event);
            buffer = buffer.slice(end + 2);
          }
        }
      } catch {
        // aborted by the test
      }
      ended = true;
    })();
  }
  afterAll(() => abort.abort());
  return {
    res,
    events,
    comments,
    ended: () => ended,
    close: () => abort.abort(),
    async until(check: () => boolean, what: string, ms = 5000) {
      for (const started = Date.now(); !check();) {
        if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
  };
}

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
