import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { readEventStream } from '../../../test/event-stream.ts';
import { createUser, createVideo } from '../../../test/factories.ts';
import { anotherProcess, cookieHeader, createTestContext, registerUser, type TestContext } from '../../../test/support.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';

/**
 * Ending a session (logout, suspension, a password change) closes the streams it holds open, in
 * every process (in milliseconds on an idle machine): `sessions.ended`, published by the sessions
 * feature. The streams are opened on a second app on the same database (another API process).
 */
const ctx = await createTestContext({ NOTIFICATIONS_HEARTBEAT_MS: '200' });
const { app, db } = ctx;

async function listen(server: TestContext['app']) {
  await server.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}
const second = await anotherProcess(ctx);
const elsewhere = await listen(second.app);

const notificationStream = async (cookie: string) => {
  const stream = await readEventStream(`${elsewhere}/api/notifications/stream`, { cookie });
  expect(stream.res.status).toBe(200);
  await stream.until(() => stream.comments.includes('connected'), 'the first comment');
  return stream;
};
const chat = async (videoId: string, cookie?: string) => {
  const stream = await readEventStream(`${elsewhere}/api/comment/video/${videoId}/stream`, cookie ? { cookie } : {});
  expect(stream.res.status).toBe(200);
  return stream;
};
// A stream ends, waited for up to until's 5 s: a 1 s bound once failed on a clean checkout's run,
// two test files at a time on two cores (a behaviour is tested here; speed belongs to bench/).
const endsWithin = (stream: { ended(): boolean; until(check: () => boolean, what: string, ms?: number): Promise<void> }) =>
  stream.until(() => stream.ended(), 'the stream to end');
const stillOpen = async (...streams: { ended(): boolean }[]) => {
  await new Promise((r) => setTimeout(r, 300));
  for (const s of streams) expect(s.ended()).toBe(false);
};
const login = async (user: { username: string; password: string }) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { username: user.username, email: user.username, password: user.password },
  });
  expect(res.statusCode).toBe(200);
  return cookieHeader(res);
};

describe('a session that ends closes its streams in every process', () => {
  it('logout: that session’s notification stream and live chats end, another session’s and anonymous ones stay', async () => {
    const user = await registerUser(ctx);
    const otherDevice = await login(user);
    const videoId = await createVideo(db, (await createUser(db)).id);
    const [mine, myChat, theirs, anonymous] = [
      await notificationStream(user.cookie),
      await chat(videoId, user.cookie),
      await notificationStream(otherDevice),
      await chat(videoId),
    ];
    const out = await app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie: user.cookie } });
    expect(out.statusCode).toBe(200);
    await endsWithin(mine);
    await endsWithin(myChat);
    await stillOpen(theirs, anonymous);
    // Logging out again (the session already ended) is still fine and announces nothing new.
    expect((await app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie: user.cookie } })).statusCode).toBe(
      200,
    );
    await stillOpen(theirs);
  });

  it('sign out everywhere: every session of the caller ends, this one included; anonymous callers get 401', async () => {
    const user = await registerUser(ctx);
    const stranger = await registerUser(ctx);
    const otherDevice = await login(user);
    const [mine, theirs, strangers] = [
      await notificationStream(user.cookie),
      await notificationStream(otherDevice),
      await notificationStream(stranger.cookie),
    ];
    const anonymous = await app.inject({ method: 'POST', url: '/api/users/sessions/end-all' });
    expect(anonymous.statusCode).toBe(401);
    const out = await app.inject({ method: 'POST', url: '/api/users/sessions/end-all', headers: { cookie: user.cookie } });
    expect(out.statusCode, out.body).toBe(200);
    await endsWithin(mine);
    await endsWithin(theirs);
    await stillOpen(strangers);
    for (const cookie of [user.cookie, otherDevice]) {
      expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(401);
    }
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: stranger.cookie } })).statusCode).toBe(
      200,
    );
  });

  it('a password change ends the other sessions’ streams, not the caller’s', async () => {
    const user = await registerUser(ctx);
    const otherDevice = await login(user);
    const [mine, theirs] = [await notificationStream(user.cookie), await notificationStream(otherDevice)];
    const changed = await app.inject({
      method: 'PATCH',
      url: '/api/users/update_password',
      headers: { cookie: user.cookie },
      payload: { oldPassword: user.password, newPassword: 'N3w-Passw0rd!' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await endsWithin(theirs);
    await stillOpen(mine);
  });

  it('a suspension ends every stream of the account', async () => {
    const user = await registerUser(ctx);
    const admin = await createUser(db);
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const { token } = await ctx.deps.services.sessions.start(admin.id);
    const videoId = await createVideo(db, admin.id);
    const streams = [
      await notificationStream(user.cookie),
      await notificationStream(await login(user)),
      await chat(videoId, user.cookie),
    ];
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/suspend`,
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
      payload: { reason: 'Spam' },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const s of streams) await endsWithin(s);
  });

  it('sessions.ended is published once per ending, from the sessions feature', async () => {
    const user = await createUser(db);
    const { sessions } = ctx.deps.services;
    await sessions.start(user.id);
    await sessions.endAll(user.id);
    const rows = (
      await db.selectFrom('event_outbox').select(['name', 'payload']).where('name', '=', 'sessions.ended').execute()
    ).filter((r) => (r.payload as { userId: string }).userId === user.id);
    expect(rows).toEqual([{ name: 'sessions.ended', payload: { userId: user.id, sessionId: null, exceptSessionId: null } }]);
  });
});
