import { afterAll, describe, expect, it } from 'vitest';
import { TOTP } from 'otpauth';
import { startTestS3 } from '../../../test/s3-server.ts';
import { createPlaylist, createUser, createVideo } from '../../../test/factories.ts';
import { createTestContext, registerUser, type TestContext } from '../../../test/support.ts';
import { ACCOUNT_DELETED } from './account-deletion.ts';

// Deleting an account (API.md §19, docs/accounts.md) on both storage drivers: refunds once through
// the takedown's ledger path, everything of the account gone, files included, the row a tombstone.
const s3 = await startTestS3();
afterAll(() => s3.stop());
const local = await createTestContext();
const bucket = await createTestContext(s3.env);

type Account = Awaited<ReturnType<typeof registerUser>>;

const call = (ctx: TestContext, method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** A creator with paid content, 50 buyers, files in storage, and things of every kind of theirs. */
async function creatorWithBuyers(ctx: TestContext, buyersCount: number) {
  const creator = await registerUser(ctx);
  const paid = await createVideo(ctx.db, creator.id, { isExclusive: true, priceMinor: 500 });
  const playlist = await createPlaylist(ctx.db, creator.id, { isExclusive: true, priceMinor: 2500 });
  const free = await createVideo(ctx.db, creator.id);
  const buyers = await Promise.all(Array.from({ length: buyersCount }, () => createBuyer(ctx)));
  for (const [i, buyer] of buyers.entries()) {
    const url = i % 5 === 0 ? `/api/purchase/buy/playlist/${playlist}` : `/api/purchase/buy/video/${paid}`;
    expect((await call(ctx, 'POST', url, buyer.cookie)).statusCode).toBe(200);
  }
  // Files of theirs: each video's folder and thumbnail, and their avatar.
  const keys: string[] = [];
  for (const id of [paid, free]) {
    const row = await ctx.db
      .selectFrom('videos')
      .select(['media_key', 'thumbnail'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    for (const key of [`${row.media_key}/master.m3u8`, `${row.media_key}/720p/media.mp4`, row.thumbnail]) {
      await ctx.deps.storage.putBuffer(key, Buffer.from('bytes'));
      keys.push(key);
    }
  }
  const avatar = (await ctx.db.selectFrom('users').select('avatar').where('id', '=', creator.id).executeTakeFirstOrThrow())
    .avatar;
  keys.push(avatar);
  // Their activity elsewhere: a subscription, a comment and a like on someone else's video.
  const other = await createUser(ctx.db);
  const othersVideo = await createVideo(ctx.db, other.id);
  expect((await call(ctx, 'POST', `/api/subscription/channel/${other.id}`, creator.cookie)).statusCode).toBe(200);
  expect((await call(ctx, 'POST', `/api/comment/video/${othersVideo}`, creator.cookie, { content: 'Mine' })).statusCode).toBe(
    201,
  );
  expect((await call(ctx, 'POST', `/api/like/v/${othersVideo}`, creator.cookie)).statusCode).toBe(200);
  return { creator, paid, playlist, free, buyers, keys, othersVideo };
}

let buyerSeq = 0;
/** A buyer without argon2 (a factory row) signed in through a session of its own. */
async function createBuyer(ctx: TestContext) {
  const user = await createUser(ctx.db, { username: `buyer${process.pid}x${++buyerSeq}` });
  const { token } = await ctx.deps.services.sessions.start(user.id);
  return { ...user, cookie: `sid=${token}` };
}

async function expectErased(ctx: TestContext, creator: Account, s: Awaited<ReturnType<typeof creatorWithBuyers>>) {
  // Every buyer refunded once, with the takedown's reason; the books balance.
  const purchases = await ctx.db
    .selectFrom('purchases')
    .select(['status', 'refund_reason', 'buyer_id'])
    .where('seller_id', '=', creator.id)
    .where('kind', 'in', ['video', 'playlist'])
    .execute();
  expect(purchases).toHaveLength(s.buyers.length);
  expect(purchases.every((p) => p.status === 'refunded' && p.refund_reason === ACCOUNT_DELETED)).toBe(true);
  expect(new Set(purchases.map((p) => p.buyer_id)).size).toBe(s.buyers.length);
  expect(await ctx.deps.services.ledger.problems()).toEqual([]);
  // Nothing of theirs is left: content, activity, sessions, files.
  const count = async (
    table: 'videos' | 'playlists' | 'comments' | 'video_likes' | 'subscriptions' | 'sessions',
    column: string,
  ) =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(column as never, '=', creator.id as never)
          .executeTakeFirstOrThrow()
      ).n,
    );
  expect(await count('videos', 'owner_id')).toBe(0);
  expect(await count('playlists', 'owner_id')).toBe(0);
  expect(await count('comments', 'owner_id')).toBe(0);
  expect(await count('video_likes', 'user_id')).toBe(0);
  expect(await count('subscriptions', 'subscriber_id')).toBe(0);
  expect(await count('sessions', 'user_id')).toBe(0);
  for (const key of s.keys) expect(await ctx.deps.storage.exists(key), key).toBe(false);
  for (const id of [s.paid, s.free]) expect(await ctx.deps.storage.list(`videos/${id}`)).toEqual([]);
  // A tombstone that names nobody and keeps the username.
  const row = await ctx.db
    .selectFrom('users')
    .select(['username', 'fullname', 'email', 'avatar', 'deleted_at'])
    .where('id', '=', creator.id)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ username: creator.username, fullname: 'Deleted user', avatar: '' });
  expect(row.email).not.toContain(creator.username);
  expect(row.deleted_at).toBeInstanceOf(Date);
  // Gone for everyone: no sign-in, no channel, the username stays taken.
  expect((await call(ctx, 'GET', '/api/users/me', creator.cookie)).statusCode).toBe(401);
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { username: creator.username, password: creator.password },
  });
  expect(login.json()).toMatchObject({ statusCode: 404, message: 'Incorrect username or email' });
  expect((await call(ctx, 'GET', `/api/users/channel/${creator.id}`)).statusCode).toBe(404);
  expect((await call(ctx, 'GET', `/api/video/v/${s.paid}`, s.buyers[0]!.cookie)).statusCode).toBe(404);
}

describe('DELETE /api/users/me', () => {
  for (const [driver, ctx] of [
    ['local disk', local],
    ['S3', bucket],
  ] as const) {
    it(`deletes a creator with 50 buyers who are watching: each refunded once, nothing left (${driver})`, async () => {
      const s = await creatorWithBuyers(ctx, 50);
      // The buyers keep asking for the video while the account goes.
      let watching = true;
      const watchers = s.buyers.slice(0, 10).map(async (b) => {
        while (watching) await call(ctx, 'GET', `/api/video/v/${s.paid}`, b.cookie);
      });
      const res = await call(ctx, 'DELETE', '/api/users/me', s.creator.cookie, { password: s.creator.password });
      watching = false;
      await Promise.all(watchers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: {} });
      expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
      await expectErased(ctx, s.creator, s);
    }, 180_000);
  }

  it('refunds once when the delete is sent twice at once', async () => {
    const s = await creatorWithBuyers(local, 3);
    const answers = await Promise.all(
      [1, 2].map(() => call(local, 'DELETE', '/api/users/me', s.creator.cookie, { password: s.creator.password })),
    );
    // The second waits for the first, then finds no account (or no session any more).
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200,
      expect.toSatisfy((code: number) => code === 401 || code === 404),
    ]);
    await expectErased(local, s.creator, s);
  });

  it('asks for the password, and for a code when two factors are on; malformed input is a 400', async () => {
    const user = await registerUser(local);
    const del = (payload: object) => call(local, 'DELETE', '/api/users/me', user.cookie, payload);
    expect((await call(local, 'DELETE', '/api/users/me', undefined, { password: 'x' })).statusCode).toBe(401);
    expect((await del({ password: 'wrong one' })).statusCode).toBe(403);
    expect((await del({})).statusCode).toBe(400);
    expect((await del({ password: 'a\u0000b' })).statusCode).toBe(400);
    const { secret } = (await call(local, 'POST', '/api/users/2fa/setup', user.cookie)).json().data as { secret: string };
    const totp = new TOTP({ secret });
    expect((await call(local, 'POST', '/api/users/2fa/enable', user.cookie, { code: totp.generate() })).statusCode).toBe(200);
    expect((await del({ password: user.password })).statusCode).toBe(400);
    expect((await del({ password: user.password, code: '000000' })).statusCode).toBe(400);
    expect((await call(local, 'GET', '/api/users/me', user.cookie)).statusCode).toBe(200);
    const done = await del({ password: user.password, code: totp.generate({ timestamp: Date.now() + 30_000 }) });
    expect(done.statusCode, done.body).toBe(200);
    expect((await call(local, 'GET', '/api/users/me', user.cookie)).statusCode).toBe(401);
    // The username stays reserved.
    const again = await local.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { username: user.username },
    });
    expect(again.statusCode).toBe(400);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('lets an admin delete an account as its owner would (audited), never another admin’s', async () => {
    const admin = await registerUser(local);
    await local.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const otherAdmin = await createUser(local.db);
    await local.db.updateTable('users').set({ role: 'admin' }).where('id', '=', otherAdmin.id).execute();
    const plain = await registerUser(local);
    const s = await creatorWithBuyers(local, 2);

    expect((await call(local, 'DELETE', `/api/admin/users/${s.creator.id}`)).statusCode).toBe(401);
    expect((await call(local, 'DELETE', `/api/admin/users/${s.creator.id}`, plain.cookie)).statusCode).toBe(403);
    expect((await call(local, 'DELETE', '/api/admin/users/not-an-id', admin.cookie)).statusCode).toBe(400);
    expect((await call(local, 'DELETE', `/api/admin/users/${otherAdmin.id}`, admin.cookie)).statusCode).toBe(403);
    const res = await call(local, 'DELETE', `/api/admin/users/${s.creator.id}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    await expectErased(local, s.creator, s);
    expect((await call(local, 'DELETE', `/api/admin/users/${s.creator.id}`, admin.cookie)).statusCode).toBe(404);
    const audit = await local.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'target_id'])
      .where('action', '=', 'user.delete')
      .execute();
    expect(audit).toEqual([{ actor_id: admin.id, action: 'user.delete', target_id: s.creator.id }]);
  });
});
