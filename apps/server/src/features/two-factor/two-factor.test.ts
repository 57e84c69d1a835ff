import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { createTestContext, cookieHeader, registerUser } from '../../../test/support.ts';

// A small login limit, so the test of wrong codes reaches it quickly.
const ctx = await createTestContext({ RATE_LIMIT_LOGIN_MAX: '3' });
const { app } = ctx;
const json = (body: unknown, cookie?: string) => ({
  payload: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
});
const codeAt = (secret: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/** A user with two factors on: their secret and recovery codes. */
async function withTwoFactor() {
  const user = await registerUser(ctx);
  const setup = await app.inject({ method: 'POST', url: '/api/users/2fa/setup', headers: { cookie: user.cookie } });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json().data;
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
  // The current code: turning two factors on is no sign-in, so the tests below sign in with it.
  const enable = await app.inject({
    method: 'POST',
    url: '/api/users/2fa/enable',
    ...json({ code: codeAt(secret) }, user.cookie),
  });
  expect(enable.statusCode).toBe(200);
  const recoveryCodes: string[] = enable.json().data.recoveryCodes;
  return { ...user, secret: secret as string, recoveryCodes };
}
const login = (username: string, password: string, code?: string) =>
  app.inject({ method: 'POST', url: '/api/users/login', ...json({ username, password, ...(code ? { code } : {}) }) });

describe('two factors', () => {
  it('refuses anonymous callers with 401 and malformed bodies with 400', async () => {
    for (const url of ['/api/users/2fa/setup', '/api/users/2fa/enable', '/api/users/2fa/disable']) {
      expect((await app.inject({ method: 'POST', url, ...json({ code: '123456', password: 'x' }) })).statusCode).toBe(401);
    }
    const user = await registerUser(ctx);
    expect(
      (await app.inject({ method: 'POST', url: '/api/users/2fa/enable', ...json({ code: 5 }, user.cookie) })).statusCode,
    ).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/users/2fa/disable', ...json({}, user.cookie) })).statusCode).toBe(400);
  });

  it('turns on with a code of the secret, answers 10 recovery codes, and me tells it; the secret is not answered again', async () => {
    const user = await withTwoFactor();
    expect(user.recoveryCodes).toHaveLength(10);
    expect(new Set(user.recoveryCodes).size).toBe(10);
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: user.cookie } });
    expect(me.json().data.twoFactor).toBe(true);
    expect(me.body).not.toContain(user.secret);
    const profile = await app.inject({ method: 'GET', url: '/api/users/current_user', headers: { cookie: user.cookie } });
    expect(profile.json().data.twoFactor).toBe(true);
    // A second setup while it is on would hand out a new secret: refused.
    const again = await app.inject({ method: 'POST', url: '/api/users/2fa/setup', headers: { cookie: user.cookie } });
    expect(again.statusCode).toBe(409);
    const other = await registerUser(ctx);
    const otherMe = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: other.cookie } });
    expect(otherMe.json().data.twoFactor).toBe(false);
  });

  it('refuses a wrong code at enable with 400 and leaves two factors off', async () => {
    const user = await registerUser(ctx);
    const setup = await app.inject({ method: 'POST', url: '/api/users/2fa/setup', headers: { cookie: user.cookie } });
    const wrong = String((Number(codeAt(setup.json().data.secret)) + 1) % 1_000_000).padStart(6, '0');
    const res = await app.inject({ method: 'POST', url: '/api/users/2fa/enable', ...json({ code: wrong }, user.cookie) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid two-factor code');
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: user.cookie } });
    expect(me.json().data.twoFactor).toBe(false);
    // Still off: the password alone signs in.
    expect((await login(user.username, user.password)).json().data.user.username).toBe(user.username);
  });

  it('asks for a code at sign-in without setting a cookie; a TOTP code signs in once', async () => {
    const user = await withTwoFactor();
    const first = await login(user.username, user.password);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ twoFactorRequired: true });
    expect(first.cookies).toHaveLength(0);
    const code = codeAt(user.secret);
    const ok = await login(user.username, user.password, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user.username).toBe(user.username);
    expect(cookieHeader(ok)).toContain('sid=');
    // The same code again, within its window: refused.
    const replay = await login(user.username, user.password, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.cookies).toHaveLength(0);
  });

  it('accepts a recovery code once', async () => {
    const user = await withTwoFactor();
    const [recovery] = user.recoveryCodes;
    expect((await login(user.username, user.password, recovery)).statusCode).toBe(200);
    const again = await login(user.username, user.password, recovery);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Invalid two-factor code');
    expect((await login(user.username, user.password, user.recoveryCodes[1])).statusCode).toBe(200);
  });

  it('counts wrong codes against the login limit', async () => {
    const user = await withTwoFactor();
    let status = 0;
    for (let i = 0; i < ctx.config.rateLimit.loginMax; i++) {
      status = (await login(user.username, user.password, 'nope-nope')).statusCode;
      expect(status).toBe(401);
    }
    // Over the limit: even the right code is refused now.
    const limited = await login(user.username, user.password, codeAt(user.secret));
    expect(limited.statusCode).toBe(429);
  });

  it('turns off with the password and a code; a wrong password is 403', async () => {
    const user = await withTwoFactor();
    const wrongPassword = await app.inject({
      method: 'POST',
      url: '/api/users/2fa/disable',
      ...json({ password: 'not-it-at-all', code: codeAt(user.secret) }, user.cookie),
    });
    expect(wrongPassword.statusCode).toBe(403);
    const off = await app.inject({
      method: 'POST',
      url: '/api/users/2fa/disable',
      ...json({ password: user.password, code: user.recoveryCodes[0] }, user.cookie),
    });
    expect(off.statusCode).toBe(200);
    expect((await login(user.username, user.password)).json().data.user.username).toBe(user.username);
  });

  it('the code that turned two factors on signs in, and the one that signed in turns them off', async () => {
    const user = await withTwoFactor();
    const code = codeAt(user.secret);
    const signedIn = await login(user.username, user.password, code);
    expect(signedIn.statusCode).toBe(200);
    const off = await app.inject({
      method: 'POST',
      url: '/api/users/2fa/disable',
      ...json({ password: user.password, code }, cookieHeader(signedIn)),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await login(user.username, user.password)).json().data.user.username).toBe(user.username);
  });
});

describe("an admin resets a user's second factor (docs/accounts.md)", () => {
  it('lets the user sign in with the password alone again, audited with the reason; only admins may', async () => {
    const user = await withTwoFactor();
    const admin = await registerUser(ctx);
    await ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const url = `/api/admin/users/${user.id}/2fa/reset`;

    expect((await app.inject({ method: 'POST', url, ...json({}) })).statusCode).toBe(401);
    const other = await registerUser(ctx);
    expect((await app.inject({ method: 'POST', url, ...json({ reason: 'x' }, other.cookie) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url, ...json({ reason: 5 }, admin.cookie) })).statusCode).toBe(400);
    expect((await login(user.username, user.password)).json().data).toEqual({ twoFactorRequired: true });

    const reset = await app.inject({ method: 'POST', url, ...json({ reason: 'Lost their phone' }, admin.cookie) });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await login(user.username, user.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.user.username).toBe(user.username);

    const audit = await app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie: admin.cookie } });
    expect(audit.json().data[0]).toMatchObject({ action: 'user.2fa.reset', targetId: user.id, reason: 'Lost their phone' });
    // Off now: a second reset has nothing to do; an unknown account is 404.
    expect((await app.inject({ method: 'POST', url, ...json({}, admin.cookie) })).statusCode).toBe(409);
    const unknown = '/api/admin/users/01900000-0000-7000-8000-000000000000/2fa/reset';
    expect((await app.inject({ method: 'POST', url: unknown, ...json({}, admin.cookie) })).statusCode).toBe(404);
  });
});
