import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestContext, cookieHeader, multipart, registerUser, testImage } from '../../../test/support.ts';
import { decryptUserCookie } from '../../lib/user-cookie.ts';

const ctx = await createTestContext();
const { app } = ctx;
const png = () => ({ avatar: { data: testImage(), filename: 'a.png', type: 'image/png' } });
const json = (body: unknown) => ({ payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe('POST /api/users/register', () => {
  it('creates the account, sets both cookies and answers the current user', async () => {
    const body = multipart({ fullname: 'Ada Lovelace', username: 'ada', email: 'ada@example.com', password: 'Secret12!' }, png());
    const res = await app.inject({ method: 'POST', url: '/api/users/register', ...body });
    expect(res.statusCode).toBe(201);
    const env = res.json();
    expect(env).toMatchObject({ statusCode: 201, success: true, data: { username: 'ada', fullname: 'Ada Lovelace' } });
    expect(env.data.avatar).toMatch(/^\/media\/avatars\/.+\.webp$/);
    expect(JSON.stringify(env)).not.toMatch(/password|token/i);
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
    const user = res.cookies.find((c) => c.name === 'user');
    expect(user?.httpOnly).toBeFalsy();
    expect(decryptUserCookie(decodeURIComponent(user!.value), ctx.config.userCookiePassphrase)).toEqual({
      _id: env.data._id,
      username: 'ada',
      fullname: 'Ada Lovelace',
      avatar: env.data.avatar,
    });
    const avatar = await app.inject({ method: 'GET', url: env.data.avatar });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/webp');
  });

  it('refuses a duplicate username or email in another letter case with 409', async () => {
    const first = await registerUser(ctx);
    for (const dup of [{ username: first.username.toUpperCase() }, { email: first.email.toUpperCase() }]) {
      const body = multipart(
        { fullname: 'X', username: 'other' + Date.now(), email: `o${Date.now()}@example.com`, password: 'Secret12!', ...dup },
        png(),
      );
      const res = await app.inject({ method: 'POST', url: '/api/users/register', ...body });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        data: 'User with email or username already exists',
        message: 'User with email or username already exists',
      });
    }
  });

  it('refuses a non-image avatar by its bytes with 415', async () => {
    const body = multipart(
      { fullname: 'X', username: 'notimage', email: 'notimage@example.com', password: 'Secret12!' },
      { avatar: { data: Buffer.from('just text, honestly'), filename: 'a.png', type: 'image/png' } },
    );
    const res = await app.inject({ method: 'POST', url: '/api/users/register', ...body });
    expect(res.statusCode).toBe(415);
    expect(res.json().success).toBe(false);
  });

  it('requires every field and the avatar', async () => {
    const noAvatar = multipart({ fullname: 'X', username: 'noavatar', email: 'noavatar@example.com', password: 'Secret12!' });
    expect((await app.inject({ method: 'POST', url: '/api/users/register', ...noAvatar })).statusCode).toBe(400);
    const noEmail = multipart({ fullname: 'X', username: 'noemail', password: 'Secret12!' }, png());
    const res = await app.inject({ method: 'POST', url: '/api/users/register', ...noEmail });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('email');
    expect(res.json().data).toBe('Email is required');
  });

  it('accepts usernames of 3 to 100 letters, digits, _ . -, and refuses others with details', async () => {
    const register = (username: string) =>
      app.inject({
        method: 'POST',
        url: '/api/users/register',
        ...multipart(
          {
            fullname: 'F',
            username,
            email: `u${Date.now()}${Math.random().toString(36).slice(2)}@example.com`,
            password: 'Secret12!',
          },
          png(),
        ),
      });
    const generated = `user_${Date.now()}_${Math.random().toString(36).slice(2)}`;
    const longest = `a.b-c_${Date.now()}`.padEnd(100, 'Z');
    for (const username of [generated, longest, 'a-b']) {
      const res = await register(username);
      expect(res.statusCode, `${username}: ${res.body}`).toBe(201);
      expect(res.json().data.username).toBe(username);
    }
    // Unique case-insensitively at any length, and the long name signs in.
    expect((await register(longest.toLowerCase())).statusCode).toBe(409);
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      ...json({ username: longest.toUpperCase(), email: longest.toUpperCase(), password: 'Secret12!' }),
    });
    expect(login.statusCode).toBe(200);

    for (const [username, problem] of [
      [`${longest}Z`, 'Username cannot be longer than 100 characters'],
      ['ab', 'Username must have at least 3 characters'],
      ['with space', 'Username may contain letters, digits, dot, dash and underscore only'],
      ['plus+sign', 'Username may contain letters, digits, dot, dash and underscore only'],
    ]) {
      const res = await register(username!);
      expect(res.statusCode, username).toBe(400);
      expect(res.json().details).toContainEqual({ field: 'username', problem });
    }
  });

  it('accepts an email of 254 characters and a full name of 100, not longer', async () => {
    const register = (fields: { email: string; fullname: string }) =>
      app.inject({
        method: 'POST',
        url: '/api/users/register',
        ...multipart(
          { username: `len${Date.now()}${Math.random().toString(36).slice(2)}`, password: 'Secret12!', ...fields },
          png(),
        ),
      });
    const email = (length: number) => {
      const local = `m${Date.now()}`.padEnd(64, 'x');
      const domain = `${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(63)}.com`;
      return `${local}@${domain}`.slice(0, length - 4) + '.com';
    };
    expect(email(254)).toHaveLength(254);
    expect((await register({ email: email(254), fullname: 'N'.repeat(100) })).statusCode).toBe(201);
    const tooLongEmail = await register({ email: `a${email(254)}`, fullname: 'N' });
    expect(tooLongEmail.statusCode).toBe(400);
    expect(tooLongEmail.json().details[0].field).toBe('email');
    const tooLongName = await register({ email: `n${Date.now()}@example.com`, fullname: 'N'.repeat(101) });
    expect(tooLongName.statusCode).toBe(400);
    expect(tooLongName.json().details[0].field).toBe('fullname');
  });

  it('stores nothing when the same account is registered twice at once', async () => {
    const fields = { fullname: 'Twin', username: 'twin', email: 'twin@example.com', password: 'Secret12!' };
    const avatarsDir = path.join(ctx.config.mediaDir, 'avatars');
    const before = await fs.readdir(avatarsDir).catch((): string[] => []);
    const results = await Promise.all(
      [1, 2].map(() => app.inject({ method: 'POST', url: '/api/users/register', ...multipart(fields, png()) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const winner = results.find((r) => r.statusCode === 201)!.json().data;
    const added = (await fs.readdir(avatarsDir)).filter((f) => !before.includes(f));
    expect(added).toEqual([expect.stringMatching(new RegExp(`^${winner._id}-`))]);
    const count = await ctx.db.selectFrom('users').select('id').where('username', '=', 'twin').execute();
    expect(count).toHaveLength(1);
  });

  it('refuses an oversized avatar with 413 and a JSON body that is not multipart with 400', async () => {
    const big = multipart(
      { fullname: 'X', username: 'bigavatar', email: 'big@example.com', password: 'Secret12!' },
      { avatar: { data: Buffer.alloc(ctx.config.maxImageBytes + 10), filename: 'a.png', type: 'image/png' } },
    );
    const res = await app.inject({ method: 'POST', url: '/api/users/register', ...big });
    expect(res.statusCode).toBe(413);
    const notMultipart = await app.inject({ method: 'POST', url: '/api/users/register', ...json({ username: 'x' }) });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('refuses a malformed multipart body with 400, not 500', async () => {
    for (const [type, payload] of [
      ['multipart/form-data', 'garbage'],
      ['multipart/form-data; boundary=xyz', 'garbage'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="fullname"\r\n\r\nabc'],
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/users/register', payload, headers: { 'content-type': type } });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, success: false, data: 'Malformed multipart body' });
    }
  });

  it('refuses a cross-site POST', async () => {
    const body = multipart({ fullname: 'X', username: 'csrf', email: 'csrf@example.com', password: 'Secret12!' }, png());
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: body.payload,
      headers: { ...body.headers, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    const origin = await app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { origin: 'https://evil.example', host: 'localhost' },
    });
    expect(origin.statusCode).toBe(403);
  });
});

describe('POST /api/users/login', () => {
  it('logs in by username or email in any case, and sets cookies', async () => {
    const u = await registerUser(ctx);
    for (const id of [u.username.toUpperCase(), u.email.toUpperCase()]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        ...json({ username: id, email: id, password: u.password }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user).toEqual({ _id: u.id, username: u.username, fullname: u.fullname, avatar: expect.any(String) });
      expect(JSON.stringify(res.json())).not.toMatch(/token|password/i);
      const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: cookieHeader(res) } });
      expect(me.json().data).toMatchObject({ _id: u.id, uploads: { uploaded: 0, uploadLimit: 5 } });
    }
  });

  it('accepts the identifier in either field alone, or whichever of the two names the account', async () => {
    const u = await registerUser(ctx);
    for (const body of [
      { username: u.username.toUpperCase(), password: u.password },
      { email: u.email.toUpperCase(), password: u.password },
      { username: u.email, password: u.password },
      { email: u.username, password: u.password },
      { username: '', email: u.email, password: u.password },
      { username: 'nobody-here', email: u.email, password: u.password },
      { username: u.username, email: 'nobody@example.com', password: u.password },
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/users/login', ...json(body) });
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json().data.user._id).toBe(u.id);
    }
  });

  it('answers a wrong password and an unknown account with the API texts', async () => {
    const u = await registerUser(ctx);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      ...json({ username: u.username, email: u.username, password: 'nope' }),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, data: 'Password incorrect' });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      ...json({ username: 'ghost', email: 'ghost', password: 'nope' }),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().data).toBe('Incorrect username or email');
  });

  it('refuses malformed JSON and missing fields with 400, never a stack trace', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, success: false });
    expect(bad.body).not.toMatch(/at .*\.ts:\d+/);
    const missing = await app.inject({ method: 'POST', url: '/api/users/login', ...json({ username: 'a' }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data).toBe('Password is required');
    const huge = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      ...json({ username: 'a', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
  });
});

describe('sessions', () => {
  it('anonymous callers get 401 on every signed-in call', async () => {
    for (const [method, url] of [
      ['GET', '/api/users/me'],
      ['GET', '/api/users/current_user'],
      ['PATCH', '/api/users/update_details'],
      ['PATCH', '/api/users/update_password'],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        ...(method === 'PATCH' ? json({ fullname: 'x', oldPassword: 'a', newPassword: 'b' }) : {}),
      });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('logout ends the session and clears cookies, even when already ended', async () => {
    const u = await registerUser(ctx);
    const out = await app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie: u.cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect(out.cookies.find((c) => c.name === 'user')?.value).toBe('');
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: u.cookie } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie: u.cookie } })).statusCode).toBe(200);
  });

  it('a user cookie without a live session is cleared, so the client knows it is signed out', async () => {
    const u = await registerUser(ctx);
    const userCookie = u.cookie.split('; ').find((c) => c.startsWith('user='))!;
    const res = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: userCookie } });
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === 'user')?.value).toBe('');
    const health = await app.inject({ method: 'GET', url: '/api/health', headers: { cookie: u.cookie } });
    expect(health.cookies).toHaveLength(0);
  });

  it("signing in sweeps away the account's expired sessions", async () => {
    const u = await registerUser(ctx);
    await ctx.db
      .insertInto('sessions')
      .values({ id: `expired-${u.id}`, user_id: u.id, expires_at: new Date(Date.now() - 1000) })
      .execute();
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      ...json({ username: u.username, email: u.username, password: u.password }),
    });
    expect(login.statusCode).toBe(200);
    const left = await ctx.db.selectFrom('sessions').select('id').where('user_id', '=', u.id).execute();
    expect(left).toHaveLength(2);
    expect(left.map((s) => s.id)).not.toContain(`expired-${u.id}`);
  });

  it('a session in use slides forward, and so do its cookies', async () => {
    const u = await registerUser(ctx);
    const inTwoDays = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    const [session] = await ctx.db.selectFrom('sessions').select('id').where('user_id', '=', u.id).execute();
    await ctx.db.updateTable('sessions').set({ expires_at: inTwoDays }).where('id', '=', session!.id).execute();
    const res = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: u.cookie } });
    expect(res.statusCode).toBe(200);
    const renewed = await ctx.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('id', '=', session!.id)
      .executeTakeFirstOrThrow();
    expect(renewed.expires_at.getTime()).toBeGreaterThan(inTwoDays.getTime());
    for (const name of ['sid', 'user']) {
      const cookie = res.cookies.find((c) => c.name === name);
      expect(cookie?.expires?.getTime(), name).toBe(renewed.expires_at.getTime() - (renewed.expires_at.getTime() % 1000));
    }
    // A fresh session is not rewritten on every request.
    const again = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: u.cookie } });
    expect(again.cookies).toHaveLength(0);
  });

  it('logout accepts a client that declares JSON but sends no body', async () => {
    const u = await registerUser(ctx);
    const out = await app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { cookie: u.cookie, 'content-type': 'application/json' },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ success: true, data: {} });
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: u.cookie } })).statusCode).toBe(401);
  });

  it('a password change ends the other sessions but keeps the current one', async () => {
    const u = await registerUser(ctx);
    const other = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      ...json({ username: u.username, email: u.username, password: u.password }),
    });
    const otherCookie = cookieHeader(other);
    const wrong = await app.inject({
      method: 'PATCH',
      url: '/api/users/update_password',
      headers: { cookie: u.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ oldPassword: 'bad', newPassword: 'N3w!pass' }),
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().data).toBe('Old password incorrect');
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/users/update_password',
      headers: { cookie: u.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ oldPassword: u.password, newPassword: 'N3w!pass' }),
    });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: otherCookie } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: u.cookie } })).statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      ...json({ username: u.username, email: u.username, password: 'N3w!pass' }),
    });
    expect(login.statusCode).toBe(200);
  });
});

it('a new password has at least 8 characters, at registration and at a change: 400 naming the field', async () => {
  const register = (password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/users/register',
      ...multipart(
        {
          fullname: 'Short',
          username: `pw${Date.now()}${Math.random().toString(36).slice(2)}`,
          email: `pw${Date.now()}@example.com`,
          password,
        },
        png(),
      ),
    });
  for (const password of ['a', 'Abc12!x']) {
    const res = await register(password);
    expect(res.statusCode, password).toBe(400);
    expect(res.json()).toMatchObject({ success: false, data: 'Password must have more than 8 characters' });
    expect(res.json().details).toContainEqual({ field: 'password', problem: 'Password must have more than 8 characters' });
  }
  // More than 16 is only the hint's advice (SPEC §5: it never blocks): a passphrase is taken.
  expect((await register('a long passphrase of many words')).statusCode).toBe(201);
  // Eight characters are enough; the strength meter is advice only.
  expect((await register('abcdefgh')).statusCode).toBe(201);

  const u = await registerUser(ctx);
  const change = (newPassword: string) =>
    app.inject({
      method: 'PATCH',
      url: '/api/users/update_password',
      headers: { cookie: u.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ oldPassword: u.password, newPassword }),
    });
  const short = await change('1234567');
  expect(short.statusCode).toBe(400);
  expect(short.json()).toMatchObject({ success: false, data: 'New password must have more than 8 characters' });
  expect(short.json().details).toContainEqual({
    field: 'body.newPassword',
    problem: 'New password must have more than 8 characters',
  });
  // Nothing changed: the old password still signs in, the short one does not.
  const signIn = (password: string) =>
    app.inject({ method: 'POST', url: '/api/users/login', ...json({ username: u.username, password }) });
  expect((await signIn('1234567')).statusCode).toBe(401);
  expect((await signIn(u.password)).statusCode).toBe(200);
  expect((await change('12345678')).statusCode).toBe(200);
});

describe('profiles', () => {
  it('current_user shows own email and zero counts; channel hides the email', async () => {
    const u = await registerUser(ctx);
    const viewer = await registerUser(ctx);
    const own = await app.inject({ method: 'GET', url: '/api/users/current_user', headers: { cookie: u.cookie } });
    expect(own.json().data).toMatchObject({ _id: u.id, email: u.email, likedVidCount: 0, playlists: 0, subscriptions: 0 });
    expect(own.json().data.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const ch = await app.inject({ method: 'GET', url: `/api/users/channel/${u.id}`, headers: { cookie: viewer.cookie } });
    expect(ch.statusCode).toBe(200);
    expect(ch.json().data).toMatchObject({ _id: u.id, username: u.username, isSubscribed: false });
    expect(ch.json().data.email).toBeUndefined();
    expect(JSON.stringify(ch.json())).not.toMatch(/password/);
  });

  it('a missing channel is 404 and a malformed id is 400', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/users/channel/0190a5f0-0000-7000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().data).toBe('Channel does not exist');
    // Ids are opaque to clients, so any id that names no channel gets the same answer.
    for (const id of ['not-an-id', '507f1f77bcf86cd799439011', '%20']) {
      const res = await app.inject({ method: 'GET', url: `/api/users/channel/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ success: false, data: 'Channel does not exist' });
    }
  });

  it('update_details stores the language (API.md §21) alone or with the name; an unshipped one or an empty body is refused', async () => {
    const u = await registerUser(ctx);
    const patch = (payload: unknown, cookie = u.cookie) =>
      app.inject({
        method: 'PATCH',
        url: '/api/users/update_details',
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    const localeOf = async () =>
      (await ctx.db.selectFrom('users').select('locale').where('id', '=', u.id).executeTakeFirstOrThrow()).locale;
    expect(await localeOf()).toBeNull();
    const before = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: u.cookie } });
    expect(before.json().data.locale).toBe('en');
    const alone = await patch({ locale: 'fr' });
    expect(alone.statusCode).toBe(200);
    expect(alone.json().data.fullname).toBe(u.fullname);
    expect(await localeOf()).toBe('fr');
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: u.cookie } });
    expect(me.json().data.locale).toBe('fr');
    const both = await patch({ fullname: 'Nom Nouveau', locale: 'en' });
    expect(both.statusCode).toBe(200);
    expect(both.json().data.fullname).toBe('Nom Nouveau');
    expect(await localeOf()).toBe('en');
    for (const bad of [{ locale: 'xx' }, { locale: 'en-XA' }, { locale: 'fr\u0000' }, { locale: 7 }, {}]) {
      const refused = await patch(bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ success: false });
    }
    expect(await localeOf()).toBe('en');
    const anonymous = await patch({ locale: 'fr' }, '');
    expect(anonymous.statusCode).toBe(401);
    expect(await localeOf()).toBe('en');
  });

  it('update_details and update_avatar change the profile and refresh the user cookie', async () => {
    const u = await registerUser(ctx);
    const details = await app.inject({
      method: 'PATCH',
      url: '/api/users/update_details',
      headers: { cookie: u.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ fullname: 'New Name' }),
    });
    expect(details.statusCode).toBe(200);
    expect(details.json().data.fullname).toBe('New Name');
    const cookie = details.cookies.find((c) => c.name === 'user');
    expect(decryptUserCookie(decodeURIComponent(cookie!.value), ctx.config.userCookiePassphrase)?.fullname).toBe('New Name');
    const blank = await app.inject({
      method: 'PATCH',
      url: '/api/users/update_details',
      headers: { cookie: u.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ fullname: '   ' }),
    });
    expect(blank.statusCode).toBe(400);
    const avatar = await app.inject({
      method: 'PATCH',
      url: '/api/users/update_avatar',
      ...multipart({}, png(), u.cookie),
    });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.json().data.avatar).toMatch(/^\/media\/avatars\//);
    expect(avatar.cookies.some((c) => c.name === 'user')).toBe(true);
    const refused = await app.inject({
      method: 'PATCH',
      url: '/api/users/update_avatar',
      ...multipart({}, { avatar: { data: Buffer.from('%PDF-1.4'), filename: 'a.png', type: 'image/png' } }, u.cookie),
    });
    expect(refused.statusCode).toBe(415);
  });
});

describe('platform', () => {
  it('health answers 200 and unknown API routes a JSON 404', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, success: false });
  });

  it('serves OpenAPI docs from the route schemas with security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/users/login');
    expect(res.headers['content-security-policy']).toBeDefined();
  });
});
