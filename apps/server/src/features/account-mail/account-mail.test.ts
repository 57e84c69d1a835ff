import { describe, expect, it } from 'vitest';
import { cookieHeader, createTestContext, errorEnvelope, registerUser } from '../../../test/support.ts';
import { startSmtpInbox, tokenOf } from '../../../test/smtp-inbox.ts';

// Verification, password reset and change of e-mail (API.md §19) through a real SMTP server:
// the app's jobs send to it, the tests read the mails it received and follow their links.

const inbox = await startSmtpInbox();
const ctx = await createTestContext(
  { MAIL_URL: inbox.url, MAIL_FROM: 'StreamHub <mail@videos.test>', PUBLIC_URL: 'https://videos.test', MAIL_RETRY_SECONDS: '1' },
  { worker: true },
);

const post = (url: string, payload: object, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const login = (username: string, password: string) => post('/api/users/login', { username, email: username, password });
const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });

const admin = await registerUser(ctx);
await ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();

async function setVerification(value: 'off' | 'required') {
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: '/api/admin/settings',
    payload: { emailVerification: value },
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.emailVerification).toBe(value);
}

describe('password reset', () => {
  it('mails a link that works once, sets the new password and ends every session', async () => {
    const user = await registerUser(ctx);
    const second = cookieHeader(await login(user.username, user.password));
    expect((await me(second)).statusCode).toBe(200);

    const asked = await post('/api/users/password/forgot', { email: user.email.toUpperCase() });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ statusCode: 200, success: true, data: {} });

    const mail = await inbox.waitFor(user.email, { subject: /reset your password/i });
    expect(mail.parsed.from?.text).toContain('mail@videos.test');
    expect(mail.parsed.text).toContain('1 hour');
    expect(mail.parsed.html).toContain(mail.link!.replace(/&/g, '&amp;'));
    expect(mail.link).toMatch(/^https:\/\/videos\.test\/reset-password\?token=[\w-]{43}$/);
    // Only the hash of the token is stored.
    const stored = await ctx.db.selectFrom('account_tokens').select('token_hash').where('user_id', '=', user.id).execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(tokenOf(mail.link));

    const token = tokenOf(mail.link);
    const tooShort = await post('/api/users/password/reset', { token, newPassword: 'x' });
    expect(tooShort.statusCode).toBe(400);
    // Two clicks at once: one resets, the other finds the link used.
    const [a, b] = await Promise.all([
      post('/api/users/password/reset', { token, newPassword: 'N3w-password!' }),
      post('/api/users/password/reset', { token, newPassword: 'Other-passw0rd' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const loser = a.statusCode === 400 ? a : b;
    expect(loser.json()).toEqual(errorEnvelope(400, 'This link is invalid or has expired'));
    const winner = a.statusCode === 200 ? 'N3w-password!' : 'Other-passw0rd';

    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await login(user.username, user.password)).statusCode).toBe(401);
    expect((await login(user.username, winner)).statusCode).toBe(200);
    expect((await post('/api/users/password/reset', { token, newPassword: 'Again-passw0rd' })).statusCode).toBe(400);
  });

  it("is written in the user's stored language (API.md §21), English for one who chose none", async () => {
    const french = await registerUser(ctx);
    const chose = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/update_details',
      payload: { locale: 'fr' },
      headers: { cookie: french.cookie },
    });
    expect(chose.statusCode).toBe(200);
    await post('/api/users/password/forgot', { email: french.email });
    const mail = await inbox.waitFor(french.email, { subject: /Réinitialisez votre mot de passe/ });
    expect(mail.parsed.text).toContain(`Bonjour ${french.fullname},`);
    expect(mail.parsed.text).toContain('expire dans 1 heure');
    expect(mail.link).toMatch(/^https:\/\/videos\.test\/reset-password\?token=/);

    const english = await registerUser(ctx);
    await post('/api/users/password/forgot', { email: english.email });
    const plain = await inbox.waitFor(english.email, { subject: /reset your password/i });
    expect(plain.parsed.text).toContain(`Hello ${english.fullname},`);
  });

  it('answers an unknown address the same and mails nobody', async () => {
    const res = await post('/api/users/password/forgot', { email: 'nobody-here@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, data: {}, message: expect.any(String), success: true });
    // A known address asked after it is mailed; by then the unknown one's job has long run.
    const user = await registerUser(ctx);
    await post('/api/users/password/forgot', { email: user.email });
    await inbox.waitFor(user.email);
    expect(inbox.to('nobody-here@example.com')).toEqual([]);
  });

  it('refuses a made-up token, an expired one and a malformed body', async () => {
    expect((await post('/api/users/password/reset', { token: 'x'.repeat(43), newPassword: 'N3w-password!' })).json()).toEqual(
      errorEnvelope(400, 'This link is invalid or has expired'),
    );
    const user = await registerUser(ctx);
    await post('/api/users/password/forgot', { email: user.email });
    const token = tokenOf((await inbox.waitFor(user.email)).link);
    await ctx.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await post('/api/users/password/reset', { token, newPassword: 'N3w-password!' })).statusCode).toBe(400);
    expect((await post('/api/users/password/reset', { token: 'a\u0000b', newPassword: 'N3w-password!' })).statusCode).toBe(400);
    expect((await post('/api/users/password/forgot', { email: 'not an address' })).statusCode).toBe(400);
  });

  it('delays mail while the mail server is down and sends it once it is back', async () => {
    const user = await registerUser(ctx);
    inbox.down();
    const res = await post('/api/users/password/forgot', { email: user.email });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 2500));
    expect(inbox.to(user.email)).toEqual([]);
    inbox.up();
    const mail = await inbox.waitFor(user.email, { timeoutMs: 30_000 });
    // Every attempt made the same link: it still works.
    expect(
      (await post('/api/users/password/reset', { token: tokenOf(mail.link), newPassword: 'N3w-password!' })).statusCode,
    ).toBe(200);
  });
});

describe('e-mail verification', () => {
  it('off (the default): accounts sign in at once, unverified, and may ask for a link', async () => {
    const user = await registerUser(ctx);
    const mine = (await me(user.cookie)).json().data;
    expect(mine).toMatchObject({ emailVerified: false, locale: 'en' });
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/users/current_user', headers: { cookie: user.cookie } });
    expect(profile.json().data).toMatchObject({ emailVerified: false, locale: 'en', email: user.email });

    expect((await post('/api/users/verify-email/resend', {})).statusCode).toBe(401);
    expect((await post('/api/users/verify-email/resend', {}, user.cookie)).statusCode).toBe(200);
    const mail = await inbox.waitFor(user.email, { subject: /confirm your e-mail/i });
    expect(mail.link).toMatch(/^https:\/\/videos\.test\/verify-email\?token=/);
    expect((await post('/api/users/verify-email', { token: tokenOf(mail.link) })).statusCode).toBe(200);
    expect((await me(user.cookie)).json().data.emailVerified).toBe(true);
    expect((await post('/api/users/verify-email', { token: tokenOf(mail.link) })).statusCode).toBe(400);
    expect((await post('/api/users/verify-email/resend', {}, user.cookie)).json()).toEqual(
      errorEnvelope(400, 'Your e-mail address is already verified'),
    );
  });

  it('required: a new account signs in only after opening the link mailed at registration', async () => {
    await setVerification('required');
    try {
      const user = await registerUser(ctx);
      expect(user.cookie).toBe('');
      const mail = await inbox.waitFor(user.email, { subject: /confirm your e-mail/i });
      expect(mail.parsed.text).toContain('24 hours');
      expect(mail.parsed.html).toMatch(/<a href="https:\/\/videos\.test\/verify-email\?token=/);

      const refused = await login(user.username, user.password);
      expect(refused.json()).toEqual(errorEnvelope(403, 'Verify your e-mail address first'));
      // A wrong password is told as such: the verification says nothing to others.
      expect((await login(user.username, 'Wrong-passw0rd')).statusCode).toBe(401);
      // The right password meanwhile mails a new link, so a lost first mail locks nobody out.
      const again = await inbox.waitFor(user.email, { subject: /confirm your e-mail/i, n: 2 });
      expect(tokenOf(again.link)).not.toBe(tokenOf(mail.link));

      expect((await post('/api/users/verify-email', { token: tokenOf(mail.link) })).statusCode).toBe(200);
      const signedIn = await login(user.username, user.password);
      expect(signedIn.statusCode).toBe(200);
      expect((await me(cookieHeader(signedIn))).json().data.emailVerified).toBe(true);
    } finally {
      await setVerification('off');
    }
  });

  it('turned off again, accounts registered while it was required sign in', async () => {
    await setVerification('required');
    const user = await registerUser(ctx);
    await setVerification('off');
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });
});

describe('change of e-mail', () => {
  it('needs the password, tells the old address, and changes once the new address confirms', async () => {
    const user = await registerUser(ctx);
    const taken = await registerUser(ctx);
    const patch = (payload: object, cookie = user.cookie) =>
      ctx.app.inject({ method: 'PATCH', url: '/api/users/update_email', payload, headers: cookie ? { cookie } : {} });
    const newEmail = `new-${user.email}`;

    expect((await patch({ email: newEmail, password: user.password }, '')).statusCode).toBe(401);
    expect((await patch({ email: newEmail, password: 'Wrong-passw0rd' })).json()).toEqual(
      errorEnvelope(403, 'Password incorrect'),
    );
    expect((await patch({ email: taken.email.toUpperCase(), password: user.password })).statusCode).toBe(409);
    expect((await patch({ email: 'nope', password: user.password })).statusCode).toBe(400);
    expect((await patch({ email: newEmail, password: user.password })).statusCode).toBe(200);

    const notice = await inbox.waitFor(user.email, { subject: /being changed/i });
    expect(notice.parsed.text).toContain(newEmail);
    const confirm = await inbox.waitFor(newEmail, { subject: /new e-mail/i });
    expect(confirm.link).toMatch(/^https:\/\/videos\.test\/confirm-email\?token=/);
    // Nothing changed before the link is opened.
    const profile = () => ctx.app.inject({ method: 'GET', url: '/api/users/current_user', headers: { cookie: user.cookie } });
    expect((await profile()).json().data.email).toBe(user.email);

    expect((await post('/api/users/update_email/confirm', { token: tokenOf(confirm.link) })).statusCode).toBe(200);
    expect((await profile()).json().data).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await post('/api/users/update_email/confirm', { token: tokenOf(confirm.link) })).statusCode).toBe(400);
    // The new address signs in; a reset link now goes there.
    expect((await login(newEmail, user.password)).statusCode).toBe(200);
  });

  it('refuses the change when the address was taken meanwhile', async () => {
    const user = await registerUser(ctx);
    const wanted = `later-${user.email}`;
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/update_email',
      payload: { email: wanted, password: user.password },
      headers: { cookie: user.cookie },
    });
    const confirm = await inbox.waitFor(wanted);
    await registerUser(ctx, { email: wanted });
    expect((await post('/api/users/update_email/confirm', { token: tokenOf(confirm.link) })).json()).toEqual(
      errorEnvelope(409, 'User with email or username already exists'),
    );
  });
});
