import { describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../../test/soft-authenticator.ts';
import { createTestContext, cookieHeader, registerUser } from '../../../test/support.ts';

const SITE = 'https://video.example';
const ctx = await createTestContext({ PUBLIC_URL: SITE });
const { app } = ctx;
const json = (body: unknown, cookie?: string) => ({
  payload: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
});

/** A signed-in user with one passkey on `authenticator`; answers the passkey's id. */
async function withPasskey(authenticator = new SoftAuthenticator(SITE)) {
  const user = await registerUser(ctx);
  const options = await app.inject({ method: 'POST', url: '/api/users/passkeys/options', headers: { cookie: user.cookie } });
  expect(options.statusCode, options.body).toBe(200);
  const credential = authenticator.create(options.json().data);
  const made = await app.inject({
    method: 'POST',
    url: '/api/users/passkeys',
    ...json({ credential, name: 'Laptop' }, user.cookie),
  });
  expect(made.statusCode, made.body).toBe(201);
  return { ...user, authenticator, passkeyId: made.json().data._id as string, credential };
}

async function signInWith(authenticator: SoftAuthenticator, id?: string) {
  const options = await app.inject({ method: 'POST', url: '/api/users/login/passkey/options' });
  expect(options.statusCode).toBe(200);
  const credential = authenticator.get(options.json().data, id);
  return { credential, res: await app.inject({ method: 'POST', url: '/api/users/login/passkey', ...json({ credential }) }) };
}

describe('passkeys (API.md §19)', () => {
  it('refuses anonymous callers on my passkeys and malformed bodies with 400', async () => {
    for (const [method, url] of [
      ['POST', '/api/users/passkeys/options'],
      ['POST', '/api/users/passkeys'],
      ['GET', '/api/users/passkeys'],
      ['DELETE', '/api/users/passkeys/01900000-0000-7000-8000-000000000000'],
    ] as const) {
      expect((await app.inject({ method, url, ...json({}) })).statusCode, url).toBe(401);
    }
    const user = await registerUser(ctx);
    expect((await app.inject({ method: 'POST', url: '/api/users/passkeys', ...json({}, user.cookie) })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/users/login/passkey', ...json({ credential: 5 }) })).statusCode).toBe(
      400,
    );
    const garbage = { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'not\u0000json' } };
    const res = await app.inject({ method: 'POST', url: '/api/users/login/passkey', ...json({ credential: garbage }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toMatch(/at \w+ \(/);
  });

  it('registers a passkey, lists it, and signs in with it with no password, once per challenge', async () => {
    const user = await withPasskey();
    const list = await app.inject({ method: 'GET', url: '/api/users/passkeys', headers: { cookie: user.cookie } });
    expect(list.json().data).toEqual([{ _id: user.passkeyId, name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null }]);

    // The same registration again: its challenge was used.
    const again = await app.inject({
      method: 'POST',
      url: '/api/users/passkeys',
      ...json({ credential: user.credential }, user.cookie),
    });
    expect(again.statusCode).toBe(400);
    // A new registration excludes the passkey already there.
    const next = await app.inject({ method: 'POST', url: '/api/users/passkeys/options', headers: { cookie: user.cookie } });
    expect(next.json().data.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([user.credential.id]);

    const { credential, res } = await signInWith(user.authenticator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.username).toBe(user.username);
    const cookie = cookieHeader(res);
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.username).toBe(user.username);
    const listed = await app.inject({ method: 'GET', url: '/api/users/passkeys', headers: { cookie } });
    expect(listed.json().data[0].lastUsedAt).not.toBeNull();

    // The same assertion replayed: its challenge is gone.
    const replay = await app.inject({ method: 'POST', url: '/api/users/login/passkey', ...json({ credential }) });
    expect(replay.statusCode).toBe(400);
  });

  it('refuses a cloned authenticator (an old counter), a wrong origin and an unknown passkey', async () => {
    const user = await withPasskey();
    expect((await signInWith(user.authenticator)).res.statusCode).toBe(200);
    // A clone still at the first counter.
    user.authenticator.credentials.get(user.credential.id)!.counter = 0;
    expect((await signInWith(user.authenticator)).res.statusCode).toBe(401);

    const elsewhere = new SoftAuthenticator('https://evil.example');
    elsewhere.credentials.set(user.credential.id, { ...user.authenticator.credentials.get(user.credential.id)!, counter: 50 });
    expect((await signInWith(elsewhere)).res.statusCode).toBe(401);

    const stranger = new SoftAuthenticator(SITE);
    stranger.create({ challenge: 'x', rp: { id: 'video.example' }, user: { id: 'nobody' } });
    expect((await signInWith(stranger)).res.statusCode).toBe(401);
  });

  it('lets only the owner remove a passkey; a removed one signs nobody in', async () => {
    const owner = await withPasskey();
    const other = await registerUser(ctx);
    const url = `/api/users/passkeys/${owner.passkeyId}`;
    expect((await app.inject({ method: 'DELETE', url, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/users/passkeys', headers: { cookie: other.cookie } })).json().data,
    ).toEqual([]);
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/users/passkeys/not-an-id', headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(400);
    expect((await app.inject({ method: 'DELETE', url, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    expect((await signInWith(owner.authenticator)).res.statusCode).toBe(401);
  });

  it('still refuses a suspended account, and needs no second factor', async () => {
    const user = await withPasskey();
    await ctx.db
      .updateTable('users')
      .set({ suspended_reason: 'spam', suspended_at: new Date() })
      .where('id', '=', user.id)
      .execute();
    const res = (await signInWith(user.authenticator)).res;
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Account suspended: spam');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
